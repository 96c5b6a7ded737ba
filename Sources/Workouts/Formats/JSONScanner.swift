import Foundation

/// Walks JSON text straight from bytes, a value at a time, without building a tree: a page of
/// workout logs is read log by log, each field's value left where it lies. The text must have
/// passed `JSONSyntaxLocator` first (every JSON file does), so the scanner checks no grammar:
/// it only finds where values start and end.
struct JSONScanner {
    /// A scalar value as it lies in the text.
    struct Scalar {
        enum Kind: Equatable {
            case string
            case number
            case null
            /// `true`, `false`, an object or an array: no value a log's field holds.
            case other
        }

        var kind: Kind
        /// A string's text inside its quotes; a number's or a literal's text; an object's or an
        /// array's whole text.
        var range: Range<Int>
        /// A string with a backslash escape, whose text must be decoded (`decoded`).
        var escaped = false
    }

    let bytes: UnsafeRawBufferPointer
    private(set) var offset: Int

    init(_ bytes: UnsafeRawBufferPointer, at offset: Int) {
        self.bytes = bytes
        self.offset = offset
    }

    /// The next byte that is not white space, without taking it; nil at the end.
    mutating func peek() -> UInt8? {
        while offset < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[offset]) { offset += 1 }
        return offset < bytes.count ? bytes[offset] : nil
    }

    /// Takes `byte` when it comes next (after white space).
    mutating func take(_ byte: Unicode.Scalar) -> Bool {
        guard peek() == UInt8(ascii: byte) else { return false }
        offset += 1
        return true
    }

    /// In an object or array just opened or after a member: whether another member follows
    /// (its comma taken), or the close (taken too). A trailing comma is allowed, as the
    /// syntax check allows it.
    mutating func nextMember(closing: Unicode.Scalar, first: Bool) -> Bool {
        if take(closing) { return false }
        if !first {
            _ = take(",")
            if take(closing) { return false }
        }
        return peek() != nil
    }

    /// An object's next key, its colon taken; nil at the object's end.
    mutating func nextKey(first: Bool) -> Range<Int>? {
        guard nextMember(closing: "}", first: first), peek() == UInt8(ascii: "\"") else { return nil }
        let key = string()
        _ = take(":")
        return key.range
    }

    /// The value that comes next, taken whole: a scalar, or an object's or array's whole text.
    mutating func value() -> Scalar {
        guard let byte = peek() else { return Scalar(kind: .other, range: offset..<offset) }
        let start = offset
        switch byte {
        case UInt8(ascii: "\""): return string()
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            skipNested()
            return Scalar(kind: .other, range: start..<offset)
        default:
            while offset < bytes.count, !Self.ends(bytes[offset]) { offset += 1 }
            let isNull = offset - start == 4 && bytes[start] == UInt8(ascii: "n")
            let isNumber = byte == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            return Scalar(kind: isNull ? .null : isNumber ? .number : .other, range: start..<offset)
        }
    }

    /// Whether a key's text spells `name` (keys with escapes never match: no log's key has one).
    func isKey(_ key: Range<Int>, _ name: StaticString) -> Bool {
        guard key.count == name.utf8CodeUnitCount else { return false }
        let letters = name.utf8Start
        for k in 0..<key.count where bytes[key.lowerBound + k] != letters[k] { return false }
        return true
    }

    /// A string's text with its escapes resolved.
    func decoded(_ scalar: Scalar) -> [UInt8] {
        let quoted = UnsafeRawBufferPointer(
            rebasing: bytes[(scalar.range.lowerBound - 1)..<(scalar.range.upperBound + 1)])
        let text = (try? JSONDecoder().decode(String.self, from: Data(quoted))) ?? ""
        return Array(text.utf8)
    }

    // MARK: Scanning

    /// A string from its opening quote: its text's range inside the quotes.
    private mutating func string() -> Scalar {
        offset += 1
        let start = offset
        var escaped = false
        while offset < bytes.count, bytes[offset] != UInt8(ascii: "\"") {
            if bytes[offset] == UInt8(ascii: "\\") {
                escaped = true
                offset += 1
            }
            offset += 1
        }
        let end = min(offset, bytes.count)
        offset = min(offset + 1, bytes.count)
        return Scalar(kind: .string, range: start..<end, escaped: escaped)
    }

    /// An object or array from its opening bracket to past its close, strings' brackets ignored.
    private mutating func skipNested() {
        var depth = 0
        while offset < bytes.count {
            switch bytes[offset] {
            case UInt8(ascii: "\""):
                _ = string()
                continue
            case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                if depth == 0 {
                    offset += 1
                    return
                }
            default: break
            }
            offset += 1
        }
    }

    /// A byte that ends a number or a literal.
    private static func ends(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: ",") || byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]")
            || [0x20, 0x09, 0x0A, 0x0D].contains(byte)
    }
}
