import Deterministic
import Foundation

/// Fixed-format dates and times in UTC, English month names, never the machine's locale or zone.
public enum UTCTime {
    package static let monthNames = CivilDate.monthNames

    package static func parts(_ date: Date) -> (year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down))
        let days = Int((Double(seconds) / 86400).rounded(.down))
        let secondOfDay = seconds - days * 86400
        let date = CivilDate(dayNumber: days)
        return (date.year, date.month, date.day, secondOfDay / 3600, secondOfDay % 3600 / 60, secondOfDay % 60)
    }

    package static func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }

    /// "21 November 2026 at 12:05 UTC"
    public static func long(_ date: Date) -> String {
        let p = parts(date)
        return "\(p.day) \(monthNames[p.month - 1]) \(p.year) at \(two(p.hour)):\(two(p.minute)) UTC"
    }

    /// "12:05 UTC"
    public static func clock(_ date: Date) -> String {
        let p = parts(date)
        return "\(two(p.hour)):\(two(p.minute)) UTC"
    }

    /// "2026-11-21T12:05:00Z"
    public static func iso(_ date: Date) -> String {
        let p = parts(date)
        return "\(p.year)-\(two(p.month))-\(two(p.day))T\(two(p.hour)):\(two(p.minute)):\(two(p.second))Z"
    }
}
