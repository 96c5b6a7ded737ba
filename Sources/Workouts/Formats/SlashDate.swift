import Deterministic

/// A date of StrongLifts' rows per workout: `14/03/15`, `03/14/15` or `14/03/2015`. The app wrote
/// day and month in either order, and one lifter's exports changed order between versions
/// (docs/guide/workouts.md), so the order is the file's: a first number above 12 can only be a day, a
/// second above 12 only a day too.
struct SlashDate: Equatable, Sendable {
    var first: Int
    var second: Int
    var year: Int
    /// Written with two digits of the year (`15` is 2015).
    var shortYear: Bool

    /// Which number is the day.
    enum Order: Equatable, Sendable {
        case dayFirst
        case monthFirst

        /// The `date-format:` that reads it: `DD/MM/YY`, `MM/DD/YYYY`, …
        func pattern(shortYear: Bool) -> String {
            (self == .dayFirst ? "DD/MM/" : "MM/DD/") + (shortYear ? "YY" : "YYYY")
        }

        /// `day first` or `month first`, for messages.
        var words: String { self == .dayFirst ? "day first" : "month first" }
    }

    /// Two numbers of one or two digits and a year of two or four, separated by `/` (or `.`,
    /// `-`); whatever follows a space (a time) is ignored. Nil for anything else.
    init?(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>) {
        var i = range.lowerBound
        let end = range.upperBound
        func number(_ widths: ClosedRange<Int>) -> (value: Int, count: Int)? {
            var value = 0, count = 0
            while i < end, count < widths.upperBound, bytes[i] >= UInt8(ascii: "0"), bytes[i] <= UInt8(ascii: "9") {
                value = value * 10 + Int(bytes[i] - UInt8(ascii: "0"))
                count += 1
                i += 1
            }
            return widths.contains(count) ? (value, count) : nil
        }
        guard let first = number(1...2), i < end else { return nil }
        let separator = bytes[i]
        guard separator == UInt8(ascii: "/") || separator == UInt8(ascii: ".") || separator == UInt8(ascii: "-")
        else { return nil }
        i += 1
        guard let second = number(1...2), i < end, bytes[i] == separator else { return nil }
        i += 1
        guard let year = number(2...4), year.count != 3 else { return nil }
        guard i == end || bytes[i] == UInt8(ascii: " ") else { return nil }
        self.first = first.value
        self.second = second.value
        self.year = year.count == 2 ? 2000 + year.value : year.value
        shortYear = year.count == 2
    }

    /// The order this date alone shows, when one of its numbers is above 12; nil when both read.
    var shownOrder: Order? {
        if first > 12 { return .dayFirst }
        if second > 12 { return .monthFirst }
        return nil
    }

    /// The day packed as `CivilDate.packed` in `order`; nil when there is no such day.
    func packed(_ order: Order) -> Int? {
        let (day, month) = order == .dayFirst ? (first, second) : (second, first)
        guard CivilDate.isValid(year: year, month: month, day: day) else { return nil }
        return CivilDate(year: year, month: month, day: day).packed
    }
}
