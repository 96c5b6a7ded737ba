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
        guard CivilDate.isValid(year: year, month: month, day: day) else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// The date `dayNumber` days after 1970-01-01 (negative numbers go before it).
    public init(dayNumber: Int) {
        let civil = CivilDate(dayNumber: dayNumber)
        self.init(year: civil.year, month: civil.month, day: civil.day)
    }

    /// Days since 1970-01-01, for date axes and day arithmetic.
    public var dayNumber: Int { civil.dayNumber }

    /// `YYYY-MM-DD`, as in report.json.
    public var iso: String { civil.isoText }

    /// The workout log's own spelling: `Oct 05 2017`.
    public var logText: String { civil.logText }

    /// `12 Oct 2017`, as pages and charts write a day.
    public var text: String { civil.longText }

    /// The same day as the calendar's own value, which owns the rules and the spellings.
    public var civil: CivilDate { CivilDate(year: year, month: month, day: day) }

    /// The date `days` days later (earlier when negative).
    public func adding(days: Int) -> CalendarDate {
        CalendarDate(dayNumber: dayNumber + days)
    }

    public static func < (lhs: CalendarDate, rhs: CalendarDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    // MARK: Calendar rules (kept in `Deterministic.CivilDate`; these forward to it)

    /// English month abbreviations, January first (as `en_US_POSIX` spells them).
    public static var monthAbbreviations: [String] { CivilDate.monthAbbreviations }

    /// English month names, January first.
    public static var monthNames: [String] { CivilDate.monthNames }

    public static func isLeap(year: Int) -> Bool {
        CivilDate.isLeap(year: year)
    }

    /// The length of `month` (1…12) in `year`.
    public static func daysIn(month: Int, year: Int) -> Int {
        CivilDate.daysIn(month: month, year: year)
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
