/// Why a cell cannot be read: the message (naming the column by its header) and the offset of
/// the cell, where the caret goes.
struct CellFault: Error {
    var offset: Int
    var message: String
}

/// Reads the values of CSV cells straight from bytes: numbers as apps write them, units and
/// yes/no flags. Every fault names the column by its header and quotes the cell.
enum CellReader {
    static let maxWholeNumber = 1_000_000
    static let maxWeight = 1_000_000.0

    static func isSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")
    }

    /// The range without surrounding spaces (and a stray CR).
    static func trimmed(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>) -> Range<Int> {
        var s = range.lowerBound
        var e = range.upperBound
        while s < e && isSpace(bytes[s]) { s += 1 }
        while e > s && isSpace(bytes[e - 1]) { e -= 1 }
        return s..<e
    }

    /// The cell as written, for messages: at most 40 characters.
    static func shown(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>) -> String {
        let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[range]), as: UTF8.self)
        return text.count > 40 ? String(text.prefix(40)) + "…" : text
    }

    private static func digit(_ byte: UInt8) -> Int? {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") ? Int(byte &- UInt8(ascii: "0")) : nil
    }

    /// Powers of ten a Double holds exactly.
    private static let exactPowersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19,
        1e20, 1e21, 1e22
    ]

    /// A decimal number: an optional `-`, digits, at most one decimal mark (`.`, or `,` where the
    /// file's delimiter is not a comma, as spreadsheets in many languages write). Nil for an
    /// empty cell; nil with `valid` false for anything else that is not such a number.
    /// More than six decimals are rounded to six: apps write binary noise (`12.900000000000034`
    /// for 12.9) and no scale weighs finer than a milligram.
    static func decimal(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>, decimalComma: Bool) -> (
        value: Double?, valid: Bool
    ) {
        var i = range.lowerBound
        let end = range.upperBound
        guard i < end else { return (nil, true) }
        var negative = false
        if bytes[i] == UInt8(ascii: "-") {
            negative = true
            i += 1
        }
        var digits: UInt64 = 0
        var digitCount = 0
        var fractionDigits = 0
        var seenPoint = false
        var exact = true
        while i < end {
            let byte = bytes[i]
            if byte == UInt8(ascii: ".") || (decimalComma && byte == UInt8(ascii: ",")) {
                guard !seenPoint else { return (nil, false) }
                seenPoint = true
            } else if let d = digit(byte) {
                digitCount += 1
                if seenPoint { fractionDigits += 1 }
                if exact {
                    let next = digits &* 10 &+ UInt64(d)
                    if digits <= (1 << 53) / 10, next <= 1 << 53 { digits = next } else { exact = false }
                }
            } else {
                return (nil, false)
            }
            i += 1
        }
        guard digitCount > 0 else { return (nil, false) }
        var value: Double
        if exact && fractionDigits == 0 {
            value = Double(digits)
        } else if exact && fractionDigits < exactPowersOfTen.count {
            // Both exact in a Double, so the one division is correctly rounded.
            value = Double(digits) / exactPowersOfTen[fractionDigits]
        } else {
            var text = String(
                decoding: UnsafeRawBufferPointer(
                    rebasing: bytes[(negative ? range.lowerBound + 1 : range.lowerBound)..<end]), as: UTF8.self)
            if decimalComma { text = String(text.map { $0 == "," ? "." : $0 }) }
            value = Double(text.hasPrefix(".") ? "0" + text : text) ?? 0
        }
        if fractionDigits > 6 { value = (value * 1e6).rounded() / 1e6 }
        return (negative ? -value : value, true)
    }

    /// A count (reps or sets): digits, with `.0` allowed (`13.0`, as some exports write whole
    /// numbers). Nil for an empty cell.
    static func wholeNumber(
        _ bytes: UnsafeRawBufferPointer, _ range: Range<Int>, header: String,
        decimalComma: Bool
    ) throws(CellFault) -> Int? {
        let (value, valid) = decimal(bytes, range, decimalComma: decimalComma)
        guard valid else {
            throw CellFault(
                offset: range.lowerBound, message: "`\(header)` is not a whole number: `\(shown(bytes, range))`")
        }
        guard let value else { return nil }
        guard value >= 0, value == value.rounded(.towardZero) else {
            throw CellFault(
                offset: range.lowerBound, message: "`\(header)` is not a whole number: `\(shown(bytes, range))`")
        }
        guard value <= Double(maxWholeNumber) else {
            throw CellFault(
                offset: range.lowerBound,
                message: "`\(header)` must be at most \(maxWholeNumber): `\(shown(bytes, range))`")
        }
        return Int(value)
    }

    /// A weight: a decimal number up to 1,000,000 (negative for the assistance of an assisted
    /// exercise). Nil for an empty cell.
    static func weight(
        _ bytes: UnsafeRawBufferPointer, _ range: Range<Int>, header: String,
        decimalComma: Bool
    ) throws(CellFault) -> Double? {
        let (value, valid) = decimal(bytes, range, decimalComma: decimalComma)
        guard valid else {
            throw CellFault(offset: range.lowerBound, message: "`\(header)` is not a number: `\(shown(bytes, range))`")
        }
        guard let value else { return nil }
        guard abs(value) <= maxWeight else {
            throw CellFault(
                offset: range.lowerBound,
                message: "`\(header)` must be at most \(Int(maxWeight)): `\(shown(bytes, range))`")
        }
        return value
    }

    /// A unit cell: `kg`, `kgs`, `lb`, `lbs` (any case) or empty (nil: the file's unit).
    static func unit(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>, header: String) throws(CellFault)
        -> WeightUnit?
    {
        guard !range.isEmpty else { return nil }
        // The common spellings by their bytes, without a String.
        let length = range.count
        if length == 2 || length == 3 {
            let a = bytes[range.lowerBound] | 0x20, b = bytes[range.lowerBound + 1] | 0x20
            let c: UInt8 = length == 3 ? bytes[range.lowerBound + 2] | 0x20 : UInt8(ascii: "s")
            if c == UInt8(ascii: "s") {
                if a == UInt8(ascii: "k") && b == UInt8(ascii: "g") { return .kg }
                if a == UInt8(ascii: "l") && b == UInt8(ascii: "b") { return .lb }
            }
        }
        if let unit = WeightUnit(spelling: shown(bytes, range)) { return unit }
        throw CellFault(
            offset: range.lowerBound, message: "`\(header)` is not a weight unit (kg or lbs): `\(shown(bytes, range))`")
    }

    /// A yes/no cell: `true`/`false`, `yes`/`no`, `1`/`0` (any case); empty is no.
    static func flag(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>, header: String) throws(CellFault) -> Bool {
        guard !range.isEmpty else { return false }
        if equals(bytes, range, "false") { return false }
        if equals(bytes, range, "true") { return true }
        guard let mark = warmupMark(shown(bytes, range)) else {
            throw CellFault(
                offset: range.lowerBound,
                message:
                    "`\(header)` must be true or false, or a set's kind (warmup, normal, …): `\(shown(bytes, range))`"
            )
        }
        return mark
    }

    /// A warm-up column's cell: a flag (`true`, `yes`, `1`, …) or a set's kind as apps write it
    /// (`warmup`, `WARMUP_SET`, `W` mark a warm-up; `normal`, `working`, `dropset`, `failure`, … a
    /// set that counts); nil for anything else. Empty is no warm-up.
    static func warmupMark(_ text: String) -> Bool? {
        let word = text.lowercased().filter { $0.isLetter || $0.isNumber }
        switch word {
        case "", "false", "no", "0", "n", "f", "normal", "working", "work", "regular", "dropset", "drop", "failure",
            "amrap", "top", "topset", "backoff", "backoffset", "normalset", "workingset", "dropsetset", "failureset":
            return false
        case "true", "yes", "1", "y", "t", "warmup", "warmupset", "w", "wu", "warm":
            return true
        default:
            return nil
        }
    }

    /// Whether the cell spells `word` (ASCII letters in any case).
    static func equals(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>, _ word: StaticString) -> Bool {
        guard range.count == word.utf8CodeUnitCount else { return false }
        let letters = word.utf8Start
        for k in 0..<range.count where (bytes[range.lowerBound + k] | 0x20) != (letters[k] | 0x20) { return false }
        return true
    }
}
