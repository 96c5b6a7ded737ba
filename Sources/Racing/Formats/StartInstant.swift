import Deterministic
import Foundation

/// Starts as race inputs write them: Unix seconds, `{"seconds": n}`, or ISO 8601 text with an
/// offset (`2026-11-28T02:05:00.000Z`, `2026-11-28T13:05:00+11:00`); an ISO time without an
/// offset is the meeting's local time and needs its zone.
enum StartInstant {
    /// Unix seconds of ISO 8601 text; `zone` reads a time written without an offset. Nil for
    /// text that is no such time.
    static func seconds(iso text: String, zone: TimeZone? = nil) -> Int64? {
        let text = text.trimmingCharacters(in: .whitespaces)
        guard text.count >= 16 else { return nil }
        let dayText = String(text.prefix(10))
        let separator = text[text.index(text.startIndex, offsetBy: 10)]
        guard separator == "T" || separator == " ", let day = CivilDate(iso: dayText) else { return nil }
        let rest = text.dropFirst(11)
        let (clockText, offset) = splitOffset(String(rest))
        guard let clock = clockSeconds(clockText) else { return nil }
        let local = Int64(day.dayNumber) * 86400 + Int64(clock)
        if let offset { return local - Int64(offset) }
        guard let zone else { return nil }
        return localToUTC(local, in: zone)
    }

    /// The clock part and the offset in seconds east of UTC (nil when the text has none).
    private static func splitOffset(_ text: String) -> (String, Int?) {
        if text.hasSuffix("Z") || text.hasSuffix("z") { return (String(text.dropLast()), 0) }
        if let index = text.lastIndex(where: { $0 == "+" || $0 == "-" }),
            let offset = MeetingZone.offsetSeconds(String(text[index...]))
        {
            return (String(text[..<index]), offset)
        }
        return (text, nil)
    }

    /// Seconds into the day of `HH:MM`, `HH:MM:SS` or `HH:MM:SS.fff` (fractions cut).
    private static func clockSeconds(_ text: String) -> Int? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2 || parts.count == 3 else { return nil }
        let secondText = parts.count == 3 ? parts[2].split(separator: ".").first.map(String.init) ?? "" : "0"
        guard let hour = Int(parts[0]), let minute = Int(parts[1]), let second = Int(secondText),
            (0..<24).contains(hour), (0..<60).contains(minute), (0..<60).contains(second)
        else { return nil }
        return hour * 3600 + minute * 60 + second
    }

    /// The instant a local wall time names in `zone`: the offset at the guess, checked once more
    /// so a time near a change of offset lands on the right side.
    private static func localToUTC(_ local: Int64, in zone: TimeZone) -> Int64 {
        let first = Int64(zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(local))))
        let second = Int64(zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(local - first))))
        return local - second
    }

    /// The date and time of a start for a race: in the meeting's zone when known, else in the
    /// readers' zone. Returns the zone to store on the race (nil for the readers').
    static func written(_ seconds: Int64, meetingZone: String?, readersZone: String)
        -> (date: String, time: String, zone: String?)
    {
        if let meetingZone, TimeZone(identifier: meetingZone) != nil {
            let text = MeetingZone.startText(seconds, in: meetingZone)
            return (text.date, text.time, meetingZone)
        }
        let text = MeetingZone.startText(seconds, in: readersZone)
        return (text.date, text.time, nil)
    }
}
