/// Reads the numbers Cairo writes into SVGs without making a String per number.
enum DecimalText {
    /// Exact powers of ten: every one up to 10^22 is a Double with no rounding (a literal table,
    /// so reading it needs no lazy set-up).
    private static let powersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19,
        1e20, 1e21, 1e22
    ]

    /// The Double that `Double(String)` reads from `bytes`, or nil where it reads none.
    ///
    /// A plain decimal (`-12.375`) of at most 15 significant digits is computed directly: its
    /// digits as a whole number and the power of ten are both exact Doubles, so one division is
    /// correctly rounded, as the standard library's reading is. Anything else goes to it.
    static func parse<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Double? {
        if let value = bytes.withContiguousStorageIfAvailable({ parse(buffer: $0) }) { return value }
        return Array(bytes).withUnsafeBufferPointer { parse(buffer: $0) }
    }

    private static func parse(buffer bytes: UnsafeBufferPointer<UInt8>) -> Double? {
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
