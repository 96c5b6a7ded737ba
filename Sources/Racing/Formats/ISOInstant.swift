import Deterministic
import Foundation

/// ISO 8601 instants as the bookmakers' APIs write them: `2026-11-28T02:05:00Z`, with a fraction of
/// a second (`02:05:00.000Z`), an offset (`+11:00`, `+1100`) or none (read as UTC, as the APIs
/// that name a key `…Utc` mean), a space instead of the `T`, seconds left out.
enum ISOInstant {
    /// Unix seconds of the instant `text` spells (fractions dropped), or nil for any other text.
    static func seconds(_ text: String) -> Int64? {
        let text = text.trimmingCharacters(in: .whitespaces)
        guard text.count >= 16 else { return nil }
        let dayText = String(text.prefix(10))
        let separator = text[text.index(text.startIndex, offsetBy: 10)]
        guard separator == "T" || separator == "t" || separator == " ", let day = CivilDate(iso: dayText)
        else { return nil }
        let rest = text.dropFirst(11)
        let (clock, offset) = splitOffset(String(rest))
        guard let offset, let seconds = clockSeconds(clock) else { return nil }
        return Int64(day.dayNumber) * 86400 + Int64(seconds) - Int64(offset)
    }

    /// The clock part and the offset east of UTC in seconds (0 for `Z` or none; nil when malformed).
    private static func splitOffset(_ text: String) -> (clock: String, offset: Int?) {
        if text.hasSuffix("Z") || text.hasSuffix("z") { return (String(text.dropLast()), 0) }
        guard let index = text.lastIndex(where: { $0 == "+" || $0 == "-" }) else { return (text, 0) }
        let sign = text[index] == "-" ? -1 : 1
        let digits = text[text.index(after: index)...].filter { $0 != ":" }
        guard digits.count == 4 || digits.count == 2, digits.allSatisfy(\.isASCII), let number = Int(digits) else {
            return (text, nil)
        }
        let hours = digits.count == 2 ? number : number / 100
        let minutes = digits.count == 2 ? 0 : number % 100
        guard hours <= 14, minutes < 60 else { return (text, nil) }
        return (String(text[..<index]), sign * (hours * 3600 + minutes * 60))
    }

    /// Seconds of the day from `HH:MM`, `HH:MM:SS` or `HH:MM:SS.fff`.
    private static func clockSeconds(_ text: String) -> Int? {
        let whole = text.split(separator: ".", maxSplits: 1)
        guard let first = whole.first, whole.count == 1 || whole[1].allSatisfy(\.isNumber) else { return nil }
        let parts = first.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2 || parts.count == 3, parts.allSatisfy({ $0.count == 2 && $0.allSatisfy(\.isASCII) })
        else { return nil }
        let numbers = parts.compactMap { Int($0) }
        guard numbers.count == parts.count, numbers[0] < 24, numbers[1] < 60, numbers.count == 2 || numbers[2] < 60
        else { return nil }
        return numbers[0] * 3600 + numbers[1] * 60 + (numbers.count == 3 ? numbers[2] : 0)
    }
}
