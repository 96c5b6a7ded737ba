import Foundation
import JSONSupport

/// A start time read through a `fields:` mapping, decided by its value: a number (or digits) is
/// Unix seconds, or milliseconds when it is beyond any year in seconds; text is ISO 8601 with its
/// offset. An offset other than `Z` says the meeting's zone (`+10:00` → `Etc/GMT-10`).
struct MappedStart {
    var seconds: Int64
    /// The meeting's zone from the offset, nil for `Z` or a Unix time (then the readers' zone).
    var zone: String?

    /// Past this, a number is milliseconds: 10^11 seconds is beyond the year 5000.
    static let millisecondsFrom: Double = 100_000_000_000

    init(_ found: JSONPath.Found, _ key: String, in object: MappedObject) throws(JSONInputError) {
        let expected = "expected Unix seconds, milliseconds or an ISO 8601 time with its offset"
        var number = (found.value as? NSNumber).flatMap { JSONPath.isBool($0) ? nil : $0.doubleValue }
        if let text = found.value as? String {
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            if trimmed.allSatisfy({ $0.isASCII && $0.isNumber }), let digits = Double(trimmed) {
                number = digits
            } else if let (seconds, offset) = Self.iso(trimmed) {
                self.seconds = seconds
                zone = offset == 0 ? nil : MeetingZone.identifier(offset: Self.offsetText(offset))
                return
            } else {
                throw object.fault(key, at: found.keyPath, "\(expected), found \"\(text)\"")
            }
        }
        guard let number, number.isFinite else {
            throw object.fault(key, at: found.keyPath, "\(expected), found \(JSONPath.kind(found.value))")
        }
        let seconds = (abs(number) >= Self.millisecondsFrom ? number / 1000 : number).rounded(.down)
        let range = RaceSummary.advertisedStartRange
        // Compared as a Double first: a number beyond Int64 would trap in the conversion.
        guard seconds >= Double(range.lowerBound), seconds <= Double(range.upperBound) else {
            throw object.fault(key, at: found.keyPath, "start \(number) is out of range (\(expected))")
        }
        self.seconds = Int64(seconds)
        zone = nil
    }

    /// Seconds and the offset east of UTC of `2026-03-14T13:05:00+11:00` (fractions of a second
    /// allowed); nil without an offset, which would leave the instant unknown.
    static func iso(_ text: String) -> (Int64, Int)? {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        var date = formatter.date(from: text)
        if date == nil {
            formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
            date = formatter.date(from: text)
        }
        guard let date else { return nil }
        let offset: Int
        if text.hasSuffix("Z") || text.hasSuffix("z") {
            offset = 0
        } else {
            guard text.count > 6, let seconds = MeetingZone.offsetSeconds(String(text.suffix(6))) else { return nil }
            offset = seconds
        }
        return (Int64(date.timeIntervalSince1970.rounded(.down)), offset)
    }

    static func offsetText(_ seconds: Int) -> String {
        let minutes = abs(seconds) / 60
        return (seconds < 0 ? "-" : "+") + String(format: "%02d:%02d", minutes / 60, minutes % 60)
    }
}
