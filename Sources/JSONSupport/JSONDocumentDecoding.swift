import Foundation

/// Decodes a whole JSON input with Foundation's `JSONDecoder`, and words any failure as every
/// JSON input does (`JSONInputError`): the key path, "missing required key", "expected an
/// integer, found a string", or the line and column of the first syntax fault.
package enum JSONDocumentDecoding {
    package static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws(JSONInputError) -> T {
        let data = try checked(data)
        do {
            return try JSONDecoder().decode(type, from: data)
        } catch let error as DecodingError {
            throw placed(located(error, in: data) ?? translate(error, in: data), in: data)
        } catch let error as JSONInputError {
            throw placed(error, in: data)
        } catch {
            throw JSONInputError(keyPath: "", message: String(describing: error))
        }
    }

    /// Reads the whole text first: a syntax fault, a byte that is not UTF-8, a lone surrogate, a
    /// number beyond a Double or a key given twice is an error with its key path, line and column.
    /// The text checked (`check`), with its strings cleaned for every output
    /// (`JSONInputCleaning`): what a JSON input is decoded from.
    package static func checked(_ data: Data) throws(JSONInputError) -> Data {
        try check(data)
        return JSONInputCleaning.cleaned(data)
    }

    package static func check(_ data: Data) throws(JSONInputError) {
        if let fault = JSONSyntaxLocator.firstError(in: data) {
            throw JSONInputError(keyPath: fault.keyPath, message: fault.message, line: fault.line, column: fault.column)
        }
    }

    /// The error with the line and column of its key path's value, when it has none yet.
    package static func placed(_ error: JSONInputError, in data: Data) -> JSONInputError {
        guard error.line == nil, !error.keyPath.isEmpty,
            let (line, column) = JSONSyntaxLocator.position(ofKeyPath: error.keyPath, in: data)
        else { return error }
        return JSONInputError(keyPath: error.keyPath, message: error.message, line: line, column: column)
    }

    /// Foundation's `DecodingError` in the shared words; for a wrong type, what was found is
    /// read back from the document.
    package static func translate(_ error: DecodingError, in data: Data) -> JSONInputError {
        switch error {
        case .keyNotFound(let key, let context):
            return .missingKey(at: JSONInputError.keyPath(context.codingPath + [key]))
        case .valueNotFound(let type, let context):
            return .mismatch(at: JSONInputError.keyPath(context.codingPath), expected: describe(type), found: "null")
        case .typeMismatch(let type, let context):
            let found = kind(at: context.codingPath, in: data)?.phrase ?? "something else"
            return .mismatch(at: JSONInputError.keyPath(context.codingPath), expected: describe(type), found: found)
        case .dataCorrupted(let context):
            // Our own validation messages are already user-facing; Foundation's
            // "not valid JSON" gains the parser's detail when there is one.
            var message = context.debugDescription
            if let underlying = context.underlyingError {
                message += " (\(detail(of: underlying)))"
            }
            return JSONInputError(keyPath: JSONInputError.keyPath(context.codingPath), message: message)
        @unknown default:
            return JSONInputError(keyPath: "", message: String(describing: error))
        }
    }

    /// The first syntax fault of `data`, for a corrupted-data error at the top (empty coding
    /// path): how Foundation reports text that is not JSON, including a malformed number or
    /// string it only checks when it is read. Nil when the text is well-formed (a validation
    /// message of the input's own, a number too large for its type), so the original error
    /// stands. The fault is the first in the text, which Foundation may not have reached.
    private static func located(_ error: DecodingError, in data: Data) -> JSONInputError? {
        guard case .dataCorrupted(let context) = error, context.codingPath.isEmpty,
            let fault = JSONSyntaxLocator.firstError(in: data)
        else { return nil }
        return JSONInputError(keyPath: "", message: fault.message, line: fault.line, column: fault.column)
    }

    /// What the document holds at `path`: decoded again only for the error's message.
    static func kind(at path: [any CodingKey], in data: Data) -> JSONValueKind? {
        let decoder = JSONDecoder()
        decoder.userInfo[ValueProbe.pathKey] = path
        return try? decoder.decode(ValueProbe.self, from: data).kind
    }

    private static func describe(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: return "a string"
        case is Bool.Type: return "true or false"
        case is Int.Type, is Int64.Type, is Int32.Type, is UInt.Type: return "an integer"
        case is Double.Type, is Float.Type: return "a number"
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

/// Walks a decoder down a coding path and reads what kind of value is there.
private struct ValueProbe: Decodable {
    static let pathKey = CodingUserInfoKey(rawValue: "gazette.probePath")!
    let kind: JSONValueKind

    init(from decoder: any Decoder) throws {
        let path = decoder.userInfo[Self.pathKey] as? [any CodingKey] ?? []
        kind = try Self.walk(decoder, path[...])
    }

    private static func walk(_ decoder: any Decoder, _ path: ArraySlice<any CodingKey>) throws -> JSONValueKind {
        guard let key = path.first else { return try JSONValueKind(from: decoder) }
        if let index = key.intValue, key.stringValue != String(index) {
            var list = try decoder.unkeyedContainer()
            for _ in 0..<index { _ = try list.decode(Skip.self) }
            return try walk(try list.superDecoder(), path.dropFirst())
        }
        let object = try decoder.container(keyedBy: AnyCodingKey.self)
        return try walk(try object.superDecoder(forKey: AnyCodingKey(key.stringValue)), path.dropFirst())
    }

    /// Any value, passed over.
    private struct Skip: Decodable {
        init(from decoder: any Decoder) throws {}
    }
}
