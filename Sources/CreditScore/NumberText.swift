/// Locale-independent number text shared by `Money`, `Percentage` and `Display`.
///
/// Built by hand rather than with NumberFormatter so output never depends on the
/// machine's locale or ICU version (SPEC §5: byte-identical output).
enum NumberText {
    /// U+2212 MINUS SIGN: typographically matches "+" and does not break across lines
    /// from its digits the way a hyphen can.
    static let minus = "\u{2212}"

    /// Digits with a comma every three places: 1234567 → "1,234,567".
    static func grouped(_ magnitude: UInt) -> String {
        let digits = Array(String(magnitude))
        var text = ""
        for (position, digit) in digits.enumerated() {
            if position > 0, (digits.count - position) % 3 == 0 { text.append(",") }
            text.append(digit)
        }
        return text
    }

    /// "−" for negatives, "+" for positives when `plus` is asked for, nothing for zero.
    static func sign(of value: Int, plus: Bool) -> String {
        if value < 0 { return minus }
        return plus && value > 0 ? "+" : ""
    }

    /// A whole number with grouping and a leading minus: -1234 → "−1,234".
    static func integer(_ value: Int, plus: Bool = false) -> String {
        // `magnitude` is safe for Int.min, where `abs` would overflow.
        sign(of: value, plus: plus) + grouped(value.magnitude)
    }
}
