import Foundation
import JSONSupport

/// One value of a bookmaker's race document and its key path (`racecardEvent.markets[0].name`),
/// read leniently where the APIs' descriptions disagree (a number or its digits, `true` or
/// `"true"`) and strictly otherwise: a value of another type is an error at its path.
struct BookNode {
    /// Nil when the key is absent.
    let value: BookJSON?
    let path: String

    init(_ value: BookJSON?, path: String = "") {
        self.value = value
        self.path = path
    }

    subscript(key: String) -> BookNode {
        let childPath = path.isEmpty ? key : "\(path).\(key)"
        guard case .object(let fields)? = value else { return BookNode(nil, path: childPath) }
        return BookNode(fields[key], path: childPath)
    }

    /// The first of `keys` that is present and not null, else the first key's absent node.
    func first(_ keys: String...) -> BookNode {
        keys.lazy.map { self[$0] }.first { !$0.isAbsent } ?? self[keys[0]]
    }

    /// Absent or null.
    var isAbsent: Bool { value == nil || value == .null }

    var isObject: Bool {
        if case .object? = value { return true }
        return false
    }

    /// A string, trimmed; nil when absent, null or blank (the APIs write `""` for none).
    func text() throws(RacingDecodingError) -> String? {
        switch value {
        case nil, .null?: return nil
        case .string(let text)?:
            let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
            return trimmed.isEmpty ? nil : trimmed
        case let other?: throw mismatch("a string", other)
        }
    }

    /// A name that is a string or an object with one (`"venue": {"name": …}`).
    func name() throws(RacingDecodingError) -> String? {
        isObject ? try self["name"].text() : try text()
    }

    /// A whole number written as a number or as its digits (`3`, `"3"`).
    func int() throws(RacingDecodingError) -> Int? {
        switch value {
        case nil, .null?: return nil
        case .integer(let number)?: return number
        case .string(let text)?:
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty { return nil }
            if let number = Int(trimmed) { return number }
            throw mismatch("a whole number", .string(text))
        case let other?: throw mismatch("a whole number", other)
        }
    }

    /// A number written as a number or as text (`2.45`, `"2.45"`).
    func number() throws(RacingDecodingError) -> Double? {
        switch value {
        case nil, .null?: return nil
        case .integer(let number)?: return Double(number)
        case .number(let number)?: return number
        case .string(let text)?:
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty { return nil }
            if let number = Double(trimmed), number.isFinite { return number }
            throw mismatch("a number", .string(text))
        case let other?: throw mismatch("a number", other)
        }
    }

    /// `true` or `false`, also written as text.
    func bool() throws(RacingDecodingError) -> Bool? {
        switch value {
        case nil, .null?: return nil
        case .bool(let flag)?: return flag
        case .string(let text)? where ["true", "false"].contains(text.lowercased()): return text.lowercased() == "true"
        case let other?: throw mismatch("true or false", other)
        }
    }

    /// The elements of an array; none when absent or null.
    func array() throws(RacingDecodingError) -> [BookNode] {
        switch value {
        case nil, .null?: return []
        case .array(let items)?: return items.enumerated().map { BookNode($1, path: "\(path)[\($0)]") }
        case let other?: throw mismatch("an array", other)
        }
    }

    func requiredInt() throws(RacingDecodingError) -> Int {
        guard let number = try int() else { throw RacingDecodingError.missingKey(at: path) }
        return number
    }

    func requiredText() throws(RacingDecodingError) -> String {
        guard let found = try text() else { throw RacingDecodingError.missingKey(at: path) }
        return found
    }

    func mismatch(_ expected: String, _ found: BookJSON) -> RacingDecodingError {
        RacingDecodingError.mismatch(at: path, expected: expected, found: found.phrase)
    }
}
