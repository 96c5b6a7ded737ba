/// A calendar day as year, month and day, converted to and from day numbers (days since
/// 1970-01-01) by plain arithmetic on the proleptic Gregorian calendar.
///
/// Reports name days, not instants, so no `Calendar`, `TimeZone`, `Locale` or `DateFormatter`
/// is involved: the same day number always gives the same text on every machine.
public struct CivilDate: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var year: Int
    public var month: Int
    public var day: Int

    public init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    // The conversions count in 400-year cycles ("eras") of 146 097 days starting on 1 March, so
    // the leap day is the last day of each counted year and months have a fixed pattern.
    private static let daysPerEra = 146_097
    /// Days from 0000-03-01 to 1970-01-01.
    private static let epochShift = 719_468

    /// The date `dayNumber` days after 1970-01-01 (negative numbers go before it).
    public init(dayNumber: Int) {
        let shifted = dayNumber + Self.epochShift
        let era = Self.floorDivide(shifted, Self.daysPerEra)
        let dayOfEra = shifted - era * Self.daysPerEra  // 0…146096
        // Years of 365 days, less the leap days already passed (every 4th, not 100th, but 400th).
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365  // 0…399
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)  // 0…365, from 1 March
        let marchMonth = (5 * dayOfYear + 2) / 153  // 0 = March … 11 = February
        day = dayOfYear - (153 * marchMonth + 2) / 5 + 1
        month = marchMonth < 10 ? marchMonth + 3 : marchMonth - 9
        year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    }

    /// Days since 1970-01-01.
    public var dayNumber: Int {
        let marchYear = month <= 2 ? year - 1 : year
        let era = Self.floorDivide(marchYear, 400)
        let yearOfEra = marchYear - era * 400
        let marchMonth = (month + 9) % 12
        let dayOfYear = (153 * marchMonth + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * Self.daysPerEra + dayOfEra - Self.epochShift
    }

    /// The day `days` days later (earlier when negative).
    public func adding(days: Int) -> CivilDate {
        CivilDate(dayNumber: dayNumber + days)
    }

    /// 0 = Monday … 6 = Sunday (1970-01-01 was a Thursday).
    public static func weekday(ofDayNumber dayNumber: Int) -> Int {
        (floorModulo(dayNumber, 7) + 3) % 7
    }

    public static func < (lhs: CivilDate, rhs: CivilDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    // MARK: Calendar rules (proleptic Gregorian)

    /// Every 4th year is a leap year, except every 100th, except every 400th.
    public static func isLeap(year: Int) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    /// The length of `month` (1…12) in `year`; 0 for a month outside 1…12.
    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return isLeap(year: year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        case 1, 3, 5, 7, 8, 10, 12: return 31
        default: return 0
        }
    }

    /// Whether the day exists: month 1…12 and day within that month (leap years included).
    /// Any year is allowed, including 0 and negative years (proleptic, astronomical numbering).
    public static func isValid(year: Int, month: Int, day: Int) -> Bool {
        day >= 1 && day <= daysIn(month: month, year: year)
    }

    /// Whether this value names a day that exists.
    public var isValid: Bool { Self.isValid(year: year, month: month, day: day) }

    /// The day only when it exists (month 1…12, day within that month, leap years included).
    public init?(validatingYear year: Int, month: Int, day: Int) {
        guard Self.isValid(year: year, month: month, day: day) else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// `YYYY-MM-DD`, as in debugging output and `report.json`.
    public var description: String { isoText }

    // MARK: Text (English, fixed; never the machine's locale)
    //
    // The machines' spellings of a day and every table of month and weekday names live here;
    // instants are spelled by `UTCTime` (machines). What a reader sees, in the reader's locale,
    // is spelled by `Localization.TextConventions` through these tables.

    /// English month abbreviations, January first (as `en_US_POSIX` spells them).
    public static let monthAbbreviations = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"
    ]

    /// English month names, January first.
    public static let monthNames = [
        "January", "February", "March", "April", "May", "June",
        "July", "August", "September", "October", "November", "December"
    ]

    /// English weekday abbreviations, Monday first (`weekday(ofDayNumber:)`'s order), as RFC 5322
    /// dates write them.
    public static let weekdayAbbreviations = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]

    public var monthAbbreviation: String { Self.monthAbbreviations[month - 1] }

    /// `Tue`: the day's weekday, abbreviated.
    public var weekdayAbbreviation: String { Self.weekdayAbbreviations[Self.weekday(ofDayNumber: dayNumber)] }

    /// `YYYY-MM-DD`, as in `report.json`.
    public var isoText: String {
        // Every daily record of a long log is spelled this way: write the ten bytes directly
        // (a small string, no heap) rather than joining padded pieces.
        guard (0...9999).contains(year), (1...12).contains(month), (1...31).contains(day) else {
            return
                "\(Self.zeroPadded(year, width: 4))-\(Self.zeroPadded(month, width: 2))-\(Self.zeroPadded(day, width: 2))"
        }
        return String(unsafeUninitializedCapacity: 10) { buffer in
            let zero = UInt8(ascii: "0"), dash = UInt8(ascii: "-")
            buffer[0] = zero + UInt8(year / 1000)
            buffer[1] = zero + UInt8(year / 100 % 10)
            buffer[2] = zero + UInt8(year / 10 % 10)
            buffer[3] = zero + UInt8(year % 10)
            buffer[4] = dash
            buffer[5] = zero + UInt8(month / 10)
            buffer[6] = zero + UInt8(month % 10)
            buffer[7] = dash
            buffer[8] = zero + UInt8(day / 10)
            buffer[9] = zero + UInt8(day % 10)
            return 10
        }
    }

    /// A workout log's spelling: `Oct 05 2017`.
    public var logText: String {
        "\(monthAbbreviation) \(Self.zeroPadded(day, width: 2)) \(Self.zeroPadded(year, width: 4))"
    }

    /// Digits padded with zeros to `width`, a hyphen-minus before them when negative, no
    /// grouping: the fields of dates and times (`05`, `0987`, `-0044`).
    public static func zeroPadded(_ value: Int, width: Int) -> String {
        let digits = String(value.magnitude)
        let zeros = String(repeating: "0", count: max(0, width - digits.count))
        return (value < 0 ? "-" : "") + zeros + digits
    }

    /// The day a `YYYY-MM-DD` text names; nil unless it has exactly that form and the day exists.
    public init?(iso text: String) {
        guard let fields = Self.numericFields(text, separator: "-", widths: [4, 2, 2]),
            Self.isValid(year: fields[0], month: fields[1], day: fields[2])
        else { return nil }
        self.init(year: fields[0], month: fields[1], day: fields[2])
    }

    /// Whether `text` is a time of day as `HH:MM` on a 24-hour clock.
    public static func isClockTime(_ text: String) -> Bool {
        guard let fields = numericFields(text, separator: ":", widths: [2, 2]) else { return false }
        return (0...23).contains(fields[0]) && (0...59).contains(fields[1])
    }

    /// Splits `text` at `separator` into fields of exactly the given digit counts.
    private static func numericFields(_ text: String, separator: Character, widths: [Int]) -> [Int]? {
        let parts = text.split(separator: separator, omittingEmptySubsequences: false)
        guard parts.count == widths.count else { return nil }
        var values: [Int] = []
        for (part, width) in zip(parts, widths) {
            guard part.count == width, part.allSatisfy({ $0.isASCII && $0.isWholeNumber }),
                let value = Int(part)
            else { return nil }
            values.append(value)
        }
        return values
    }

    // MARK: Arithmetic

    public static func floorDivide(_ a: Int, _ b: Int) -> Int {
        a >= 0 ? a / b : -((-a + b - 1) / b)
    }

    public static func floorModulo(_ a: Int, _ b: Int) -> Int {
        a - floorDivide(a, b) * b
    }
}
