import Foundation

/// A decoding failure in a race card or next-to-go feed, pinned to the JSON key path
/// where it happened, so the user can find the bad value in the input file.
public struct RacingDecodingError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Where the problem is: `[0].rides[3].horse.name`, `data.race_summaries.<id>.race_number`.
    /// Empty when the document itself is at fault (not JSON, wrong top-level type).
    public let keyPath: String
    /// What is wrong, in words.
    public let message: String

    public init(keyPath: String, message: String) {
        self.keyPath = keyPath
        self.message = message
    }

    public var description: String {
        keyPath.isEmpty ? message : "\(keyPath): \(message)"
    }

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
    /// Runs a decode, turning any `DecodingError` into a `RacingDecodingError`.
    static func wrapping<T>(_ body: () throws -> T) throws(RacingDecodingError) -> T {
        do {
            return try body()
        } catch let error as DecodingError {
            throw RacingDecodingError(error)
        } catch let error as RacingDecodingError {
            throw error
        } catch {
            throw RacingDecodingError(keyPath: "", message: String(describing: error))
        }
    }
}
