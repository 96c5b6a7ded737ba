import Foundation
import JSONSupport

/// One JSON document of an input (a stream's line, or the whole market book), with its errors
/// placed: the key path, and the line and column of the value where it can be found.
struct BetfairLine {
    let bytes: Data
    /// The line's number in the file (1 for a whole document).
    let number: Int
    /// The first line of `bytes` in the file, less one: added to the lines found inside it.
    var lineOffset: Int { number - 1 }

    /// An error at `keyPath`, placed on the value's line and column when the locator finds it.
    func error(_ keyPath: String, _ message: String) -> RacingDecodingError {
        let place = JSONSyntaxLocator.position(ofKeyPath: keyPath, in: bytes)
        return RacingDecodingError(
            keyPath: keyPath, message: message, line: place.map { $0.line + lineOffset } ?? number,
            column: place?.column ?? 1)
    }

    /// The document, or its syntax error on this line.
    func parse() throws(RacingDecodingError) -> Any {
        if let value = try? JSONSerialization.jsonObject(with: bytes, options: [.fragmentsAllowed]) { return value }
        do {
            _ = try RacingDecodingError.decode(AnyJSON.self, from: bytes)
        } catch {
            throw RacingDecodingError(
                keyPath: error.keyPath, message: error.message, line: (error.line ?? 1) + lineOffset,
                column: error.column ?? 1)
        }
        throw RacingDecodingError(keyPath: "", message: "expected JSON", line: number, column: 1)
    }

    /// The object at `keyPath`'s value, or an error naming what was found.
    func object(_ value: Any?, at keyPath: String) throws(RacingDecodingError) -> [String: Any] {
        guard let object = value as? [String: Any] else {
            throw error(keyPath, "expected an object, found \(kind(value))")
        }
        return object
    }

    func array(_ value: Any?, at keyPath: String) throws(RacingDecodingError) -> [Any] {
        guard let array = value as? [Any] else { throw error(keyPath, "expected an array, found \(kind(value))") }
        return array
    }

    func integer(_ value: Any?, at keyPath: String) throws(RacingDecodingError) -> Int64 {
        guard let value else { throw error(keyPath, "missing required key") }
        guard let integer = BetfairValues.integer(value) else {
            throw error(keyPath, "expected an integer, found \(kind(value))")
        }
        return integer
    }

    /// A number when present; nil when absent or null; an error for anything else.
    func number(_ value: Any?, at keyPath: String) throws(RacingDecodingError) -> Double? {
        guard let value, !(value is NSNull) else { return nil }
        // Betfair writes a BSP it has not worked out as "NaN" or "Infinity".
        if let text = value as? String, ["nan", "infinity", "-infinity"].contains(text.lowercased()) { return nil }
        guard let number = BetfairValues.number(value) else {
            throw error(keyPath, "expected a number, found \(kind(value))")
        }
        return number
    }

    /// An id as text: Betfair writes market ids as text (`1.2345`) and selection ids as numbers.
    func id(_ value: Any?, at keyPath: String) throws(RacingDecodingError) -> String {
        if let text = value as? String, !text.isEmpty { return text }
        if let integer = BetfairValues.integer(value) { return String(integer) }
        guard let value else { throw error(keyPath, "missing required key") }
        throw error(keyPath, "expected an id, found \(kind(value))")
    }

    /// A value's kind in the words the other inputs' errors use.
    func kind(_ value: Any?) -> String {
        switch value {
        case nil, is NSNull: return "null"
        case let text as String: return "a string '\(text.prefix(40))'"
        case is NSNumber: return "a number"
        case is [Any]: return "an array"
        default: return "an object"
        }
    }
}

/// Any JSON value: decoding it only checks the syntax, for the error's line and column.
private struct AnyJSON: Decodable {
    init(from decoder: any Decoder) throws {}
}
