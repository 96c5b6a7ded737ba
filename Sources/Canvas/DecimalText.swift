/// Reads the numbers Cairo writes into SVGs without making a String per number.
enum DecimalText {
    /// Exact powers of ten: every one up to 10^22 is a Double with no rounding.
    private static let powersOfTen: [Double] = (0...22).map { exponent in
        var value = 1.0
        for _ in 0..<exponent { value *= 10 }
        return value
    }

    /// The Double that `Double(String)` reads from `bytes`, or nil where it reads none.
    ///
    /// A plain decimal (`-12.375`) of at most 15 significant digits is computed directly: its
    /// digits as a whole number and the power of ten are both exact Doubles, so one division is
    /// correctly rounded, as the standard library's reading is. Anything else goes to it.
    static func parse<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Double? {
        var index = bytes.startIndex
        var negative = false
        if index < bytes.endIndex, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
            negative = bytes[index] == UInt8(ascii: "-")
            index = bytes.index(after: index)
        }
        var mantissa: UInt64 = 0
        var digits = 0
        var fractionDigits = 0
        var seenPoint = false
        var anyDigit = false
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte &- UInt8(ascii: "0") < 10 {
                // Leading zeros add no significant digit.
                if mantissa != 0 || byte != UInt8(ascii: "0") { digits += 1 }
                anyDigit = true
                mantissa = mantissa &* 10 &+ UInt64(byte &- UInt8(ascii: "0"))
                if seenPoint { fractionDigits += 1 }
            } else if byte == UInt8(ascii: "."), !seenPoint {
                seenPoint = true
            } else {
                return Double(String(decoding: bytes, as: UTF8.self))
            }
            index = bytes.index(after: index)
        }
        guard anyDigit, digits <= 15, fractionDigits < powersOfTen.count else {
            return Double(String(decoding: bytes, as: UTF8.self))
        }
        let magnitude = Double(mantissa) / powersOfTen[fractionDigits]
        return negative ? -magnitude : magnitude
    }
}
