/// Reads the fields of one JSON object strictly, turning every fault into a `JSONInputError`
/// that names the field's full key path, in the words every JSON input uses.
///
/// Absent and `null` are the same for optional fields; a present value of the wrong
/// type is always an error, even for optional fields, so bad data is never silently hidden.
package struct JSONObjectReader {
    private let container: KeyedDecodingContainer<AnyCodingKey>
    /// Key path of this object; empty at the top level.
    package let keyPath: String

    /// Reads the value the decoder is at, which must be an object.
    package init(_ decoder: any Decoder) throws(JSONInputError) {
        let path = JSONInputError.keyPath(decoder.codingPath)
        do {
            self.init(container: try decoder.container(keyedBy: AnyCodingKey.self), keyPath: path)
        } catch {
            let found = (try? JSONValueKind(from: decoder))?.phrase ?? "something else"
            throw JSONInputError.mismatch(
                at: path, expected: path.isEmpty ? "a JSON object at the top level" : "an object", found: found)
        }
    }

    private init(container: KeyedDecodingContainer<AnyCodingKey>, keyPath: String) {
        self.container = container
        self.keyPath = keyPath
    }

    package func path(of key: String) -> String {
        keyPath.isEmpty ? key : "\(keyPath).\(key)"
    }

    // MARK: Typed fields

    package func requiredObject(_ key: String) throws(JSONInputError) -> JSONObjectReader {
        guard let kind = try value(key) else { throw missing(key) }
        guard kind == .object else { throw mismatch(key, expected: "an object", found: kind) }
        do {
            let nested = try container.nestedContainer(keyedBy: AnyCodingKey.self, forKey: AnyCodingKey(key))
            return JSONObjectReader(container: nested, keyPath: path(of: key))
        } catch {
            throw mismatch(key, expected: "an object", found: kind)
        }
    }

    package func requiredInt(_ key: String) throws(JSONInputError) -> Int {
        guard let kind = try value(key) else { throw missing(key) }
        guard case .integer(let value) = kind else { throw mismatch(key, expected: "an integer", found: kind) }
        return value
    }

    package func int(_ key: String) throws(JSONInputError) -> Int? {
        switch try value(key) {
        case nil, .null?: return nil
        case .integer(let value)?: return value
        case let kind?: throw mismatch(key, expected: "an integer", found: kind)
        }
    }

    package func bool(_ key: String) throws(JSONInputError) -> Bool? {
        switch try value(key) {
        case nil, .null?: return nil
        case .bool(let value)?: return value
        case let kind?: throw mismatch(key, expected: "true or false", found: kind)
        }
    }

    package func string(_ key: String) throws(JSONInputError) -> String? {
        switch try value(key) {
        case nil, .null?: return nil
        case .string(let value)?: return value
        case let kind?: throw mismatch(key, expected: "a string", found: kind)
        }
    }

    // MARK: Helpers

    /// The value at `key`, or nil when the key is absent.
    private func value(_ key: String) throws(JSONInputError) -> JSONValueKind? {
        let codingKey = AnyCodingKey(key)
        guard container.contains(codingKey) else { return nil }
        do {
            return try container.decode(JSONValueKind.self, forKey: codingKey)
        } catch {
            // Foundation checks numbers and strings only when they are read, so a malformed
            // one (`1.`, a bad escape) surfaces here; `decode(from:)` then locates it.
            throw JSONInputError(keyPath: path(of: key), message: JSONInputError.malformedValue)
        }
    }

    private func missing(_ key: String) -> JSONInputError {
        JSONInputError.missingKey(at: path(of: key))
    }

    private func mismatch(_ key: String, expected: String, found: JSONValueKind) -> JSONInputError {
        JSONInputError.mismatch(at: path(of: key), expected: expected, found: found.phrase)
    }
}
