import Foundation
import JSONSupport

/// A decoding failure in a race card or next-to-go feed, pinned to the JSON key path
/// where it happened (`[0].rides[3].horse.name`, `data.race_summaries.<id>.race_number`).
public typealias RacingDecodingError = JSONInputError

extension JSONInputError {
    /// Translates Foundation's `DecodingError` into a key path and a one-line message.
    init(_ error: DecodingError) {
        switch error {
        case .keyNotFound(let key, let context):
            self.init(keyPath: Self.render(context.codingPath + [key]),
                      message: "missing required key '\(key.stringValue)'")
        case .valueNotFound(let type, let context):
            self.init(keyPath: Self.render(context.codingPath),
                      message: "expected \(Self.describe(type)), found null")
        case .typeMismatch(let type, let context):
            self.init(keyPath: Self.render(context.codingPath),
                      message: "expected \(Self.describe(type))")
        case .dataCorrupted(let context):
            // Our own validation messages are already user-facing; Foundation's
            // "not valid JSON" gains the parser's detail when there is one.
            var message = context.debugDescription
            if let underlying = context.underlyingError {
                message += " (\(Self.detail(of: underlying)))"
            }
            self.init(keyPath: Self.render(context.codingPath), message: message)
        @unknown default:
            self.init(keyPath: "", message: String(describing: error))
        }
    }

    /// Renders a coding path the way people write JSON paths: `a.b[2].c`.
    static func render(_ path: [any CodingKey]) -> String {
        var text = ""
        for key in path {
            // Array positions carry an int value and a label such as "Index 3"; object keys
            // that merely look numeric ("123") have a string value equal to that number.
            if let index = key.intValue, key.stringValue != String(index) {
                text += "[\(index)]"
            } else {
                text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
            }
        }
        return text
    }

    private static func describe(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: return "a string"
        case is Bool.Type: return "true or false"
        case is Int.Type, is Int64.Type: return "an integer"
        case is Double.Type: return "a number"
        default:
            let name = String(describing: type)
            if name.hasPrefix("Array") { return "an array" }
            if name.hasPrefix("Dictionary") || name.hasPrefix("KeyedDecodingContainer") { return "an object" }
            return "a value of type \(name)"
        }
    }

    private static func detail(of error: any Error) -> String {
        let nsError = error as NSError
        if let text = nsError.userInfo[NSDebugDescriptionErrorKey] as? String { return text }
        return nsError.localizedDescription
    }
}

extension RacingDecodingError {
    /// Decodes `type` from JSON bytes, turning any failure into a `RacingDecodingError`.
    /// When the document is not valid JSON, the error carries the line and column of the
    /// first syntax fault (Foundation only says "not valid JSON").
    static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws(RacingDecodingError) -> T {
        do {
            return try JSONDecoder().decode(type, from: data)
        } catch let error as DecodingError {
            throw located(error, in: data) ?? RacingDecodingError(error)
        } catch let error as RacingDecodingError {
            throw error
        } catch {
            throw RacingDecodingError(keyPath: "", message: String(describing: error))
        }
    }

    /// The first syntax fault of `data`, for a corrupted-data error at the top (empty coding
    /// path): how Foundation reports text that is not JSON, including a malformed number or
    /// string it only checks when it is read. Nil when the text is well-formed (our own
    /// "expected an array of races…" error, a number too large for its type), so the original
    /// error stands. The fault is the first in the text, which Foundation may not have reached.
    private static func located(_ error: DecodingError, in data: Data) -> RacingDecodingError? {
        guard case .dataCorrupted(let context) = error, context.codingPath.isEmpty,
              let fault = JSONSyntaxLocator.firstError(in: data)
        else { return nil }
        return RacingDecodingError(keyPath: "", message: fault.message, line: fault.line, column: fault.column)
    }
}
