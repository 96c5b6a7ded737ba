import Deterministic
/// A day on the proleptic Gregorian calendar, with no time and no time zone.
///
/// Workout logs name days, not instants, so dates are kept as plain year/month/day values:
/// nothing here depends on the machine's clock, locale or time zone.
public struct CalendarDate: Hashable, Comparable, Sendable {
    public let year: Int
    public let month: Int
    public let day: Int

    /// Makes a date from its parts without checking them; see `init?(validatingYear:month:day:)`.
    public init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// Makes a date only when it exists (month 1…12, day within that month, leap years included).
    public init?(validatingYear year: Int, month: Int, day: Int) {
        guard (1...12).contains(month),
              (1...CalendarDate.daysIn(month: month, year: year)).contains(day)
        else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// The date `dayNumber` days after 1970-01-01 (negative numbers go before it).
    public init(dayNumber: Int) {
        let civil = CivilDate(dayNumber: dayNumber)
        self.init(year: civil.year, month: civil.month, day: civil.day)
    }

    /// Days since 1970-01-01, for date axes and day arithmetic.
    public var dayNumber: Int {
        CivilDate(year: year, month: month, day: day).dayNumber
    }

    /// `YYYY-MM-DD`, as in report.json.
    public var iso: String {
        "\(CalendarDate.padded(year, width: 4))-\(CalendarDate.padded(month, width: 2))-\(CalendarDate.padded(day, width: 2))"
    }

    /// The workout log's own spelling: `Oct 05 2017`.
    public var logText: String {
        "\(CalendarDate.monthAbbreviations[month - 1]) \(CalendarDate.padded(day, width: 2)) \(CalendarDate.padded(year, width: 4))"
    }

    /// The date `days` days later (earlier when negative).
    public func adding(days: Int) -> CalendarDate {
        CalendarDate(dayNumber: dayNumber + days)
    }

    public static func < (lhs: CalendarDate, rhs: CalendarDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    // MARK: Calendar rules

    /// English month abbreviations, January first (as `en_US_POSIX` spells them).
    public static let monthAbbreviations = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ]

    /// English month names, January first.
    public static let monthNames = [
        "January", "February", "March", "April", "May", "June",
        "July", "August", "September", "October", "November", "December",
    ]

    public static func isLeap(year: Int) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    /// The length of `month` (1…12) in `year`.
    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return isLeap(year: year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    private static func padded(_ value: Int, width: Int) -> String {
        let digits = String(abs(value))
        let zeros = String(repeating: "0", count: max(0, width - digits.count))
        return (value < 0 ? "-" : "") + zeros + digits
    }
}

extension CalendarDate {
    /// `year << 9 | month << 5 | day`: a compact key for per-day tables that orders like the
    /// date itself (positive years only).
    var packed: Int { year << 9 | month << 5 | day }

    init(packed: Int) {
        self.init(year: packed >> 9, month: (packed >> 5) & 0xF, day: packed & 0x1F)
    }
}

extension CalendarDate: CustomStringConvertible {
    public var description: String { iso }
}
