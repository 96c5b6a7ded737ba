import Foundation

/// Fixed-format dates and times in UTC, English month names, never the machine's locale or zone.
public enum UTCTime {
    static let monthNames = ["January", "February", "March", "April", "May", "June", "July",
                             "August", "September", "October", "November", "December"]

    /// Year, month and day of a count of days since 1970-01-01 (proleptic Gregorian).
    public static func civil(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    static func parts(_ date: Date) -> (year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down))
        let days = Int((Double(seconds) / 86400).rounded(.down))
        let secondOfDay = seconds - days * 86400
        let (y, m, d) = civil(fromDays: days)
        return (y, m, d, secondOfDay / 3600, secondOfDay % 3600 / 60, secondOfDay % 60)
    }

    static func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }

    /// "21 November 2026 at 12:05 UTC"
    public static func long(_ date: Date) -> String {
        let p = parts(date)
        return "\(p.day) \(monthNames[p.month - 1]) \(p.year) at \(two(p.hour)):\(two(p.minute)) UTC"
    }

    /// "2026-11-21T12:05:00Z"
    public static func iso(_ date: Date) -> String {
        let p = parts(date)
        return "\(p.year)-\(two(p.month))-\(two(p.day))T\(two(p.hour)):\(two(p.minute)):\(two(p.second))Z"
    }

    /// "21 Nov 2026" for a YYYY-MM-DD day.
    public static func shortDay(year: Int, month: Int, day: Int) -> String {
        "\(day) \(monthNames[month - 1].prefix(3)) \(year)"
    }
}
