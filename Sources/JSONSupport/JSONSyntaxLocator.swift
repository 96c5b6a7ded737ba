import Foundation

/// The first syntax fault of a JSON text and where it is.
public struct JSONSyntaxError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What is wrong, e.g. `unexpected end of input, expected a string key`.
    public let reason: String
    /// Byte offset of the fault in the data (counting a leading byte-order mark).
    public let offset: Int
    /// 1-based line of the fault.
    public let line: Int
    /// 1-based column of the fault, in Unicode scalars (a leading byte-order mark is not counted).
    public let column: Int

    public init(reason: String, offset: Int, line: Int, column: Int) {
        self.reason = reason
        self.offset = offset
        self.line = line
        self.column = column
    }

    /// The user-facing message: `invalid JSON: <reason> (line L, column C)`.
    public var message: String {
        "invalid JSON: \(reason) (line \(line), column \(column))"
    }

    public var description: String { message }
}

/// Finds where and why a JSON text is malformed.
///
/// Foundation's decoder only says "The given data was not valid JSON", so after it has
/// rejected a document this small parser re-reads it to name the first fault and its line
/// and column. It allows what Foundation allows (a leading byte-order mark, trailing commas)
/// and stops at Foundation's depth limit, so it does not blame text Foundation accepted.
public struct JSONSyntaxLocator {
    private struct Fault: Error {
        let offset: Int
        let reason: String
    }

    /// Foundation refuses arrays and objects nested deeper than this.
    public static let maxDepth = 512

    private static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    private let bytes: [UInt8]
    private var offset = 0

    private init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The first syntax fault in `data`, or nil if none is found (the text is well-formed
    /// JSON, or it is not UTF-8, which this parser does not check).
    public static func firstError(in data: Data) -> JSONSyntaxError? {
        let bytes = [UInt8](data)
        var locator = JSONSyntaxLocator(bytes)
        do {
            try locator.document()
            return nil
        } catch {
            let (line, column) = position(of: error.offset, in: bytes)
            return JSONSyntaxError(reason: error.reason, offset: error.offset, line: line, column: column)
        }
    }

    /// 1-based line and column of the byte at `offset` (clamped to the data); columns count
    /// Unicode scalars, not bytes (nor the invisible BOM). Lines end at LF, so CRLF counts once.
    public static func position(of offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
        var line = 1
        var column = 1
        let end = max(0, min(offset, bytes.count))
        let start = bytes.starts(with: byteOrderMark) ? byteOrderMark.count : 0
        for byte in bytes[min(start, end)..<end] {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {  // skip UTF-8 continuation bytes
                column += 1
            }
        }
        return (line, column)
    }

    // MARK: Grammar (RFC 8259)

    private mutating func document() throws(Fault) {
        if bytes.starts(with: Self.byteOrderMark) { offset = Self.byteOrderMark.count }
        skipWhitespace()
        if offset == bytes.count {
            throw Fault(offset: offset, reason: "the document is empty")
        }
        try value(depth: 0)
        skipWhitespace()
        if offset < bytes.count {
            throw Fault(offset: offset, reason: "unexpected text after the JSON value")
        }
    }

    private mutating func value(depth: Int) throws(Fault) {
        guard let byte = peek() else { throw expected("a value") }
        switch byte {
        case UInt8(ascii: "{"): try object(depth: depth + 1)
        case UInt8(ascii: "["): try array(depth: depth + 1)
        case UInt8(ascii: "\""): try string()
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try number()
        case UInt8(ascii: "t"): try literal("true")
        case UInt8(ascii: "f"): try literal("false")
        case UInt8(ascii: "n"): try literal("null")
        default: throw expected("a value")
        }
    }

    private mutating func object(depth: Int) throws(Fault) {
        try checkDepth(depth)
        offset += 1
        skipWhitespace()
        if consume("}") { return }
        while true {
            guard peek() == UInt8(ascii: "\"") else { throw expected("a string key") }
            try string()
            skipWhitespace()
            guard consume(":") else { throw expected("':' after the key") }
            skipWhitespace()
            try value(depth: depth)
            skipWhitespace()
            if consume("}") { return }
            guard consume(",") else { throw expected("',' or '}'") }
            skipWhitespace()
            if consume("}") { return }  // trailing comma: Foundation accepts it
        }
    }

    private mutating func array(depth: Int) throws(Fault) {
        try checkDepth(depth)
        offset += 1
        skipWhitespace()
        if consume("]") { return }
        while true {
            try value(depth: depth)
            skipWhitespace()
            if consume("]") { return }
            guard consume(",") else { throw expected("',' or ']'") }
            skipWhitespace()
            if consume("]") { return }  // trailing comma: Foundation accepts it
        }
    }

    private mutating func string() throws(Fault) {
        let start = offset
        offset += 1
        while let byte = peek() {
            switch byte {
            case UInt8(ascii: "\""):
                offset += 1
                return
            case UInt8(ascii: "\\"):
                try escape()
            case 0..<0x20:
                throw Fault(offset: offset, reason: "control character in a string (escape it)")
            default:
                offset += 1
            }
        }
        throw Fault(offset: start, reason: "unterminated string")
    }

    private mutating func escape() throws(Fault) {
        let start = offset
        offset += 1
        guard let byte = peek() else { throw Fault(offset: start, reason: "unterminated string") }
        offset += 1
        if Array("\"\\/bfnrt".utf8).contains(byte) { return }
        guard byte == UInt8(ascii: "u") else {
            throw Fault(offset: start, reason: "invalid escape sequence in a string")
        }
        for _ in 0..<4 {
            guard let digit = peek(), isHexDigit(digit) else {
                throw Fault(offset: start, reason: "\\u must be followed by four hex digits")
            }
            offset += 1
        }
    }

    private mutating func number() throws(Fault) {
        _ = consume("-")
        if !consume("0") {
            guard digits() > 0 else { throw expected("a digit") }
        }
        if consume(".") {
            guard digits() > 0 else { throw expected("a digit after '.'") }
        }
        if consume("e") || consume("E") {
            _ = consume("+") || consume("-")
            guard digits() > 0 else { throw expected("a digit in the exponent") }
        }
    }

    private mutating func literal(_ word: String) throws(Fault) {
        let expected = Array(word.utf8)
        guard bytes[offset...].starts(with: expected) else {
            throw Fault(offset: offset, reason: "invalid literal (expected \(word))")
        }
        offset += expected.count
    }

    // MARK: Scanning

    private func checkDepth(_ depth: Int) throws(Fault) {
        if depth > Self.maxDepth {
            throw Fault(offset: offset, reason: "arrays and objects nested deeper than \(Self.maxDepth) levels")
        }
    }

    private func peek() -> UInt8? {
        offset < bytes.count ? bytes[offset] : nil
    }

    private mutating func consume(_ character: Unicode.Scalar) -> Bool {
        guard peek() == UInt8(ascii: character) else { return false }
        offset += 1
        return true
    }

    private mutating func digits() -> Int {
        let start = offset
        while let byte = peek(), (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { offset += 1 }
        return offset - start
    }

    private mutating func skipWhitespace() {
        while let byte = peek(), [0x20, 0x09, 0x0A, 0x0D].contains(byte) { offset += 1 }
    }

    private func isHexDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
            || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
    }

    /// "expected X, found 'c'", or "unexpected end of input, expected X" at the end.
    private func expected(_ what: String) -> Fault {
        guard peek() != nil else {
            return Fault(offset: offset, reason: "unexpected end of input, expected \(what)")
        }
        return Fault(offset: offset, reason: "expected \(what), found \(describeCharacter(at: offset))")
    }

    /// The character at `offset` quoted, e.g. `'x'` or `'é'`, or its code point when invisible.
    /// (A genuine U+FFFD in the text is rare enough to be taken as a decoding failure.)
    private func describeCharacter(at offset: Int) -> String {
        let window = bytes[offset..<min(offset + 4, bytes.count)]
        guard let scalar = String(decoding: window, as: UTF8.self).unicodeScalars.first else {
            return "nothing"
        }
        if scalar == "\u{FFFD}" { return "a byte that is not UTF-8" }
        if scalar.properties.isWhitespace || scalar.properties.generalCategory == .control {
            return "U+" + String(scalar.value, radix: 16, uppercase: true)
        }
        return "'\(scalar)'"
    }
}
