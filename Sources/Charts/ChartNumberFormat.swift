/// Numbers as chart text, in en-US style whatever the machine's locale: `1,200`, `262.5`, `-0.25`.
enum ChartNumberFormat {
    /// `value` rounded to `fractionDigits` decimals, with thousands separators in the whole part.
    /// Negative zero prints as `0`.
    static func grouped(_ value: Double, fractionDigits: Int) -> String {
        guard value.isFinite else { return value.isNaN ? "NaN" : (value < 0 ? "-∞" : "∞") }
        let digits = max(0, min(fractionDigits, 12))
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let scaled = (abs(value) * scale).rounded()
        // Beyond what an Int holds exactly, fall back to Swift's own (locale-free) spelling.
        guard scaled < 9e15 else { return value.rounded().description }
        let units = Int(scaled)
        let divisor = Int(scale)
        let whole = units / divisor
        let fraction = units % divisor
        var text = group(whole)
        if digits > 0 {
            var fractionText = String(fraction)
            while fractionText.count < digits { fractionText = "0" + fractionText }
            text += "." + fractionText
        }
        return (value < 0 && units != 0 ? "-" : "") + text
    }

    /// The value truncated to whole units, as the reports show 1RM figures: 310.91 → `310`,
    /// 1234.5 → `1,234`.
    static func whole(_ value: Double) -> String {
        guard value.isFinite else { return grouped(value, fractionDigits: 0) }
        return grouped(value.rounded(.towardZero), fractionDigits: 0)
    }

    /// A share 0…1 as a percentage with at most one decimal and no needless `.0`:
    /// 0.38095 → `38.1%`, 0.25 → `25%`.
    static func percent(_ share: Double) -> String {
        let tenths = (share * 1000).rounded()
        let digits = tenths.truncatingRemainder(dividingBy: 10) == 0 ? 0 : 1
        return grouped(tenths / 10, fractionDigits: digits) + "%"
    }

    /// A non-negative integer with a comma every three digits.
    private static func group(_ number: Int) -> String {
        let plain = String(number)
        guard plain.count > 3 else { return plain }
        var out = ""
        for (index, character) in plain.enumerated() {
            if index > 0, (plain.count - index) % 3 == 0 { out.append(",") }
            out.append(character)
        }
        return out
    }
}
