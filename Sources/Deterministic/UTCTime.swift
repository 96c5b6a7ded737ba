import Foundation

/// Instants as machines read them: in UTC, English names, never the machine's locale or zone.
/// Their day is spelled by `CivilDate`; `Localization.TextConventions` spells instants for readers.
public enum UTCTime {
    /// The instant's day and time of day in UTC (seconds rounded down).
    package static func parts(_ date: Date) -> (day: CivilDate, hour: Int, minute: Int, second: Int) {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down))
        let days = Int((Double(seconds) / 86400).rounded(.down))
        let secondOfDay = seconds - days * 86400
        return (CivilDate(dayNumber: days), secondOfDay / 3600, secondOfDay % 3600 / 60, secondOfDay % 60)
    }

    private static func two(_ value: Int) -> String { CivilDate.zeroPadded(value, width: 2) }

    /// "12:05 UTC"
    public static func clock(_ date: Date) -> String {
        let p = parts(date)
        return "\(two(p.hour)):\(two(p.minute)) UTC"
    }

    /// "2026-11-21T12:05:00Z"
    public static func iso(_ date: Date) -> String {
        let p = parts(date)
        return "\(p.day.isoText)T\(two(p.hour)):\(two(p.minute)):\(two(p.second))Z"
    }

    /// The instant `iso` spells ("2026-11-21T12:05:00Z"), or nil for any other text.
    package static func parseISO(_ text: String) -> Date? {
        parseISO(utf8: text.utf8)
    }

    /// `parseISO` on UTF-8 bytes: the shape `iso` writes is read on the bytes (a site feed's
    /// thousands of entries are read this way), any other text by `parseISOFields`.
    package static func parseISO<Bytes: Collection<UInt8>>(utf8 text: Bytes) -> Date? {
        let bytes = Array(text)
        func number(_ from: Int, _ count: Int) -> Int? {
            var value = 0
            for byte in bytes[from..<(from + count)] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
        guard bytes.count == 20, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
            bytes[10] == UInt8(ascii: "T"), bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
            bytes[19] == UInt8(ascii: "Z"), let year = number(0, 4), let month = number(5, 2), let day = number(8, 2),
            let hour = number(11, 2), let minute = number(14, 2), let second = number(17, 2),
            hour < 24, minute < 60, second < 60, let date = CivilDate(validatingYear: year, month: month, day: day)
        else { return parseISOFields(String(decoding: bytes, as: UTF8.self)) }
        return Date(timeIntervalSince1970: TimeInterval(date.dayNumber * 86400 + hour * 3600 + minute * 60 + second))
    }

    /// `parseISO` by fields, for any text: the day by `CivilDate(iso:)`, the time by its colons.
    package static func parseISOFields(_ text: String) -> Date? {
        let parts = text.split(separator: "T")
        guard parts.count == 2, parts[1].hasSuffix("Z"), let day = CivilDate(iso: String(parts[0])) else { return nil }
        let clock = parts[1].dropLast().split(separator: ":").compactMap { Int($0) }
        guard clock.count == 3, (0..<24).contains(clock[0]), (0..<60).contains(clock[1]), (0..<60).contains(clock[2])
        else { return nil }
        let seconds = day.dayNumber * 86400 + clock[0] * 3600 + clock[1] * 60 + clock[2]
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    /// "Tue, 14 Nov 2023 22:13:20 +0000": an e-mail's `Date:` header (RFC 5322).
    package static func rfc5322(_ date: Date) -> String {
        let p = parts(date)
        let day = "\(p.day.weekdayAbbreviation), \(p.day.day) \(p.day.monthAbbreviation) \(p.day.year)"
        return "\(day) \(two(p.hour)):\(two(p.minute)):\(two(p.second)) +0000"
    }
}
