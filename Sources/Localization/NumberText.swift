/// Every number Gazette shows, as text: one home for grouping, the whole-unit truncation rule,
/// decimals, percentages, signs and the dash for a missing value, used by pages, charts and
/// e-mails alike, so a figure reads the same wherever it appears.
///
/// Built by hand rather than with NumberFormatter so output never depends on the machine's
/// locale or ICU version (SPEC §5: byte-identical output): en-GB style, `1,234.5`. A value holds
/// the grouping mark, decimal mark and percent sign of one locale (`1.234,5` in de-DE); the
/// build's is `TextConventions.numbers`, handed down with the conventions.
public struct NumberText: Sendable, Equatable {
    /// Digits between groups of three: "," for en-GB, "." for de-DE.
    public let grouping: String
    /// Between whole part and decimals: "." for en-GB, "," for de-DE.
    public let decimalMark: String
    /// Around a percentage's digits: "" and "%" for en-GB, "" and " %" (no-break space) for de-DE.
    public let percentPrefix: String
    public let percentSuffix: String

    /// en-GB: `1,234.5`, `38.1%`.
    public static let standard = NumberText(grouping: ",", decimalMark: ".", percentPrefix: "", percentSuffix: "%")

    public init(grouping: String, decimalMark: String, percentPrefix: String, percentSuffix: String) {
        self.grouping = grouping
        self.decimalMark = decimalMark
        self.percentPrefix = percentPrefix
        self.percentSuffix = percentSuffix
    }

    /// U+2212 MINUS SIGN for money and signed counts: typographically matches "+" and does not
    /// break across lines from its digits the way a hyphen can. Chart labels keep the hyphen.
    public static let minus = "\u{2212}"

    /// Shown wherever a figure is missing (SPEC §1.3).
    public static let missing = "—"

    /// Digits with a comma every three places: 1234567 → "1,234,567" (the locale's mark).
    public func grouped(_ magnitude: UInt) -> String {
        let digits = String(magnitude)
        guard magnitude >= 1000 else { return digits }
        // On bytes: every daily record of a long log is spelled here.
        let mark = Array(grouping.utf8)
        let count = digits.utf8.count
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count + (count / 3) * mark.count)
        for (position, digit) in digits.utf8.enumerated() {
            if position > 0, (count - position) % 3 == 0 { bytes.append(contentsOf: mark) }
            bytes.append(digit)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A count, grouped, with a hyphen-minus when negative: 1204 → "1,204".
    public func grouped(_ value: Int) -> String {
        value < 0 ? "-" + grouped(value.magnitude) : grouped(value.magnitude)
    }

    /// "−" for negatives, "+" for positives when `plus` is asked for, nothing for zero.
    public static func sign(of value: Int, plus: Bool) -> String {
        if value < 0 { return minus }
        return plus && value > 0 ? "+" : ""
    }

    /// A whole number with grouping and a leading U+2212 minus: -1234 → "−1,234".
    public func integer(_ value: Int, plus: Bool = false) -> String {
        // `magnitude` is safe for Int.min, where `abs` would overflow.
        Self.sign(of: value, plus: plus) + grouped(value.magnitude)
    }

    /// `value` rounded to `fractionDigits` decimals, with thousands separators in the whole part
    /// and a hyphen-minus: `-1,234,567.89`. Negative zero prints as `0`.
    public func decimal(_ value: Double, fractionDigits: Int) -> String {
        guard value.isFinite else { return value.isNaN ? "NaN" : (value < 0 ? "-∞" : "∞") }
        let digits = max(0, min(fractionDigits, 12))
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let scaled = (abs(value) * scale).rounded()
        // Beyond what an Int holds exactly, fall back to Swift's own (locale-free) spelling.
        guard scaled < 9e15 else { return value.rounded().description }
        let units = Int(scaled)
        let divisor = Int(scale)
        var text = grouped(UInt(units / divisor))
        if digits > 0 {
            var fraction = String(units % divisor)
            while fraction.count < digits { fraction = "0" + fraction }
            text += decimalMark + fraction
        }
        return (value < 0 && units != 0 ? "-" : "") + text
    }

    /// A value as it was written, in the fewest digits that read back as the same number, with
    /// the locale's marks and no needless `.0`: 245 → `245`, 47.5 → `47.5`, 1000.25 → `1,000.25`
    /// (`1.000,25` in de-DE). For figures a user typed, such as a logged weight.
    public func asWritten(_ value: Double) -> String {
        guard value.isFinite else { return decimal(value, fractionDigits: 0) }
        if value == value.rounded(), abs(value) < 9e15 { return grouped(Int(value)) }
        // Swift's shortest round-trip spelling; past its plain range (1e-5, 2^53) it switches to
        // an exponent, where a fixed number of digits reads better.
        let text = abs(value).description
        guard !text.contains("e"), let point = text.firstIndex(of: "."),
            let whole = UInt(text[..<point])
        else { return decimal(value, fractionDigits: 6) }
        let fraction = text[text.index(after: point)...]
        return (value < 0 ? "-" : "") + grouped(whole) + decimalMark + fraction
    }

    /// A value truncated to whole units, as the reports show 1RM figures (SPEC §1.4):
    /// 310.91 → `310`, 1234.5 → `1,234`.
    ///
    /// A value within a billionth of the next whole number counts as that number, so the
    /// rounding error of a formula (Epley's 135 × (1 + 16/30) = 206.99999999999997) never shows
    /// one unit short. Real estimates are never that close without being that number.
    public func whole(_ value: Double) -> String {
        decimal(Self.truncated(value), fractionDigits: 0)
    }

    /// The whole number `whole` shows: truncated, a formula's rounding error forgiven.
    public static func truncated(_ value: Double) -> Double {
        // Past 1e15 a Double has no fraction left to forgive.
        guard value.isFinite, abs(value) < 1e15 else { return value.rounded(.towardZero) }
        return (value + abs(value) * 1e-9).rounded(.towardZero)
    }

    /// A share 0…1 as a percentage with at most one decimal and no needless `.0`:
    /// 0.38095 → `38.1%`, 0.25 → `25%`.
    /// `—` for a share that is missing or not a number, so every report writes its gaps alike.
    public func percent(share: Double?) -> String {
        guard let share, share.isFinite else { return Self.missing }
        return percent(share: share)
    }

    public func percent(share: Double) -> String {
        let tenths = (share * 1000).rounded()
        let digits = tenths.truncatingRemainder(dividingBy: 10) == 0 ? 0 : 1
        return percentPrefix + decimal(tenths / 10, fractionDigits: digits) + percentSuffix
    }

    /// Digits already written, with the locale's percent sign: `38.1` → `38.1%` (`38,1 %` in de-DE).
    public func withPercentSign(_ digits: String) -> String {
        percentPrefix + digits + percentSuffix
    }

    /// `1 day`, `1,204 days`.
    public func count(_ number: Int, _ singular: String, _ plural: String? = nil) -> String {
        "\(grouped(number)) \(number == 1 ? singular : plural ?? singular + "s")"
    }
}
