import Deterministic
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
    /// Where in the document the fault is (`data.race_summaries.r1`), empty at the top.
    public let keyPath: String

    public init(reason: String, offset: Int, line: Int, column: Int, keyPath: String = "") {
        self.reason = reason
        self.offset = offset
        self.line = line
        self.column = column
        self.keyPath = keyPath
    }

    /// The user-facing message: `invalid JSON: <reason> (line L, column C)`.
    public var message: String {
        "invalid JSON: \(reason) (line \(line), column \(column))"
    }

    public var description: String { message }
}

/// Finds where and why a JSON text is malformed, and where a key path's value is.
///
/// Foundation's decoder only says "The given data was not valid JSON", so every JSON input is
/// read by this small parser first, which names the first fault with its line, column and key
/// path. Besides the grammar it refuses what Foundation rejects without saying where (bytes that
/// are not UTF-8, a lone surrogate escape, a number beyond a Double's range) and what Foundation
/// would accept silently but other readers take differently (a key given twice: Foundation keeps
/// the first, most tools the last). It allows what Foundation allows (a leading byte-order mark,
/// trailing commas) and stops at Foundation's depth limit.
public struct JSONSyntaxLocator {
    private struct Fault: Error {
        let offset: Int
        let reason: String
        var keyPath = ""
    }

    /// Foundation refuses arrays and objects nested deeper than this.
    public static let maxDepth = 512

    private static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    private let bytes: [UInt8]
    private var offset = 0
    /// The key path of the value being read, one component per level (`.key` or `[i]`).
    private var path: [String] = []
    /// A key path whose value's offset is wanted, and that offset once found.
    private var target: String?
    private var found: Int?

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
            return JSONSyntaxError(
                reason: error.reason, offset: error.offset, line: line, column: column, keyPath: error.keyPath)
        }
    }

    /// Line and column of the value at `keyPath` (as `JSONInputError` writes paths); nil when the
    /// path is not in the document (a missing key).
    public static func position(ofKeyPath keyPath: String, in data: Data) -> (line: Int, column: Int)? {
        let bytes = [UInt8](data)
        var locator = JSONSyntaxLocator(bytes)
        locator.target = keyPath
        try? locator.document()
        return locator.found.map { position(of: $0, in: bytes) }
    }

    private var renderedPath: String {
        var text = ""
        for component in path {
            text += text.isEmpty && component.hasPrefix(".") ? String(component.dropFirst()) : component
        }
        return text
    }

    private func fault(_ offset: Int, _ reason: String) -> Fault {
        Fault(offset: offset, reason: reason, keyPath: renderedPath)
    }

    /// 1-based line and column of the byte at `offset` (clamped to the data); columns count
    /// characters as `TextColumns` does (nor the invisible BOM). Lines end at LF, so CRLF counts once.
    public static func position(of offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
        let end = max(0, min(offset, bytes.count))
        var line = 1
        var lineStart = min(bytes.starts(with: byteOrderMark) ? byteOrderMark.count : 0, end)
        for index in lineStart..<end where bytes[index] == UInt8(ascii: "\n") {
            line += 1
            lineStart = index + 1
        }
        return (line, TextColumns.column(ofUTF8Offset: end, lineStart: lineStart, in: bytes))
    }

    // MARK: Grammar (RFC 8259)

    private mutating func document() throws(Fault) {
        if bytes.starts(with: Self.byteOrderMark) { offset = Self.byteOrderMark.count }
        skipWhitespace()
        if offset == bytes.count {
            throw fault(offset, "the document is empty")
        }
        try value(depth: 0)
        skipWhitespace()
        if offset < bytes.count {
            throw fault(offset, "unexpected text after the JSON value")
        }
    }

    private mutating func value(depth: Int) throws(Fault) {
        if let target, found == nil, renderedPath == target { found = offset }
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
        var values: [String: Range<Int>] = [:]
        while true {
            guard peek() == UInt8(ascii: "\"") else { throw expected("a string key") }
            let keyStart = offset
            try string()
            let key = Self.text(ofString: bytes[keyStart..<offset])
            skipWhitespace()
            guard consume(":") else { throw expected("':' after the key") }
            skipWhitespace()
            path.append("." + key)
            let valueStart = offset
            try value(depth: depth)
            // A key given twice with the same value reads the same everywhere; with another value,
            // Foundation would keep the first and most tools the last, so Gazette refuses to choose.
            if let earlier = values[key], Self.compact(bytes[earlier]) != Self.compact(bytes[valueStart..<offset]) {
                throw fault(
                    keyStart,
                    "the key \"\(key)\" is given twice with different values (other tools would read the last one, Foundation the first)"
                )
            }
            values[key] = values[key] ?? valueStart..<offset
            path.removeLast()
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
        var index = 0
        while true {
            path.append("[\(index)]")
            try value(depth: depth)
            path.removeLast()
            index += 1
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
                throw fault(offset, "control character in a string (escape it)")
            case 0x80...:
                try utf8Scalar()
            default:
                offset += 1
            }
        }
        throw fault(start, "unterminated string")
    }

    private mutating func escape() throws(Fault) {
        let start = offset
        offset += 1
        guard let byte = peek() else { throw fault(start, "unterminated string") }
        offset += 1
        if Array("\"\\/bfnrt".utf8).contains(byte) { return }
        guard byte == UInt8(ascii: "u") else {
            throw fault(start, "invalid escape sequence in a string")
        }
        let unit = try hexUnit(start)
        if (0xDC00...0xDFFF).contains(unit) {
            throw fault(
                start,
                "\\u\(String(unit, radix: 16)) is half of a character (a low surrogate with no high one before it)")
        }
        if (0xD800...0xDBFF).contains(unit) {
            let second = offset
            guard bytes[offset...].starts(with: Array("\\u".utf8)) else {
                throw fault(
                    start,
                    "\\u\(String(unit, radix: 16)) is half of a character (a high surrogate with no low one after it)")
            }
            offset += 2
            guard (0xDC00...0xDFFF).contains(try hexUnit(second)) else {
                throw fault(
                    start,
                    "\\u\(String(unit, radix: 16)) is half of a character (a high surrogate with no low one after it)")
            }
        }
    }

    /// The four hex digits after `\u`, as a number.
    private mutating func hexUnit(_ start: Int) throws(Fault) -> Int {
        var unit = 0
        for _ in 0..<4 {
            guard let digit = peek(), isHexDigit(digit) else {
                throw fault(start, "\\u must be followed by four hex digits")
            }
            unit = unit * 16 + Int(String(UnicodeScalar(digit)), radix: 16)!
            offset += 1
        }
        return unit
    }

    /// One multi-byte UTF-8 character inside a string; anything else is not text.
    private mutating func utf8Scalar() throws(Fault) {
        var iterator = bytes[offset..<min(offset + 4, bytes.count)].makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        switch parser.parseScalar(from: &iterator) {
        case let .valid(encoded): offset += encoded.count
        default: throw fault(offset, "a byte that is not UTF-8 text (the file must be UTF-8)")
        }
    }

    /// A value's text without the white space between its tokens, for telling values apart.
    private static func compact(_ text: ArraySlice<UInt8>) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(text.count)
        var inString = false
        var escaped = false
        for byte in text {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                out.append(byte)
            } else if ![0x20, 0x09, 0x0A, 0x0D].contains(byte) {
                if byte == UInt8(ascii: "\"") { inString = true }
                out.append(byte)
            }
        }
        return out
    }

    /// A key's text, with its escapes resolved, for telling keys apart.
    private static func text(ofString raw: ArraySlice<UInt8>) -> String {
        let inner = raw.dropFirst().dropLast()
        guard inner.contains(UInt8(ascii: "\\")) else { return String(decoding: inner, as: UTF8.self) }
        return (try? JSONDecoder().decode(String.self, from: Data(raw))) ?? String(decoding: inner, as: UTF8.self)
    }

    private mutating func number() throws(Fault) {
        let start = offset
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
        // Grammatical but beyond a Double (1e400): Foundation rejects the whole document.
        let text = String(decoding: bytes[start..<offset], as: UTF8.self)
        if let value = Double(text), !value.isFinite {
            throw fault(
                start, "the number \(text.count > 40 ? String(text.prefix(40)) + "…" : text) is too large to read")
        }
    }

    private mutating func literal(_ word: String) throws(Fault) {
        let expected = Array(word.utf8)
        guard bytes[offset...].starts(with: expected) else {
            throw fault(offset, "invalid literal (expected \(word))")
        }
        offset += expected.count
    }

    // MARK: Scanning

    private func checkDepth(_ depth: Int) throws(Fault) {
        if depth > Self.maxDepth {
            throw fault(offset, "arrays and objects nested deeper than \(Self.maxDepth) levels")
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
            return fault(offset, "unexpected end of input, expected \(what)")
        }
        return fault(offset, "expected \(what), found \(describeCharacter(at: offset))")
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
