/// The countdown text of a next-to-go race, from Δ = start − now in seconds (SPEC §1.2).
/// The page's script ticks the same rule; keep the two in step.
public enum Countdown {
    /// `1h 5m`, `2h`, `12m`, `3m 20s`, `3m`, `45s`, `0s`; a leading `-` once the race
    /// has started (Δ < 0). Finer units are truncated, never rounded up.
    public static func format(seconds delta: Int64) -> String {
        let parts = Parts(delta.magnitude)
        let sign = delta < 0 ? "-" : ""
        switch parts.largest {
        case .hours:
            return sign + (parts.minutes == 0 ? "\(parts.hours)h" : "\(parts.hours)h \(parts.minutes)m")
        case .minutes:
            return sign + "\(parts.totalMinutes)m"
        case .minutesAndSeconds:
            return sign + (parts.seconds == 0 ? "\(parts.totalMinutes)m" : "\(parts.totalMinutes)m \(parts.seconds)s")
        case .seconds:
            return sign + "\(parts.seconds)s"
        }
    }

    /// The same countdown in words for screen readers and `alt` text:
    /// `starts in 1 hour 5 minutes`, `starts now`, `started 30 seconds ago`.
    public static func spoken(seconds delta: Int64) -> String {
        guard delta != 0 else { return "starts now" }
        let parts = Parts(delta.magnitude)
        let words: String
        switch parts.largest {
        case .hours:
            words = join(count(parts.hours, "hour"), parts.minutes == 0 ? nil : count(parts.minutes, "minute"))
        case .minutes:
            words = count(parts.totalMinutes, "minute")
        case .minutesAndSeconds:
            words = join(count(parts.totalMinutes, "minute"), parts.seconds == 0 ? nil : count(parts.seconds, "second"))
        case .seconds:
            words = count(parts.seconds, "second")
        }
        return delta > 0 ? "starts in \(words)" : "started \(words) ago"
    }

    /// |Δ| split into the units the formats use (these two, and each language's in Reports).
    package struct Parts {
        package enum Largest { case hours, minutes, minutesAndSeconds, seconds }

        package let total: UInt64
        package var hours: UInt64 { total / 3600 }
        package var minutes: UInt64 { total % 3600 / 60 }
        package var totalMinutes: UInt64 { total / 60 }
        package var seconds: UInt64 { total % 60 }

        package init(_ total: UInt64) { self.total = total }

        package var largest: Largest {
            switch total {
            case 3600...: return .hours
            case 300...: return .minutes
            case 60...: return .minutesAndSeconds
            default: return .seconds
            }
        }
    }

    private static func count(_ value: UInt64, _ unit: String) -> String {
        "\(value) \(unit)\(value == 1 ? "" : "s")"
    }

    private static func join(_ first: String, _ second: String?) -> String {
        second.map { "\(first) \($0)" } ?? first
    }
}
