import Deterministic

/// Checks the fixed-width date and time texts the race card uses. The texts are kept as
/// given (no time zone applies to a card's local start time); only their form is checked.
enum CalendarText {
    /// `YYYY-MM-DD` naming a real calendar day.
    static func isDate(_ text: String) -> Bool {
        guard let (year, month, day) = dateParts(text) else { return false }
        return CivilDate.isValid(year: year, month: month, day: day)
    }

    /// The year of a `YYYY-MM-DD` text, without range checks.
    static func year(of text: String) -> Int? {
        dateParts(text)?.0
    }

    /// `HH:MM` on a 24-hour clock.
    static func isTime(_ text: String) -> Bool {
        guard let fields = numericFields(text, separator: ":", widths: [2, 2]) else { return false }
        return (0...23).contains(fields[0]) && (0...59).contains(fields[1])
    }

    private static func dateParts(_ text: String) -> (Int, Int, Int)? {
        guard let fields = numericFields(text, separator: "-", widths: [4, 2, 2]) else { return nil }
        return (fields[0], fields[1], fields[2])
    }

    /// Splits `text` at `separator` into fields of exactly the given digit counts.
    private static func numericFields(_ text: String, separator: Character, widths: [Int]) -> [Int]? {
        let parts = text.split(separator: separator, omittingEmptySubsequences: false)
        guard parts.count == widths.count else { return nil }
        var values: [Int] = []
        for (part, width) in zip(parts, widths) {
            guard part.count == width, part.allSatisfy({ $0.isASCII && $0.isWholeNumber }),
                  let value = Int(part) else { return nil }
            values.append(value)
        }
        return values
    }
}
