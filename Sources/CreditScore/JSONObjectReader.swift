/// Reads the fields of one JSON object strictly, turning every fault into a
/// `CreditReportError` that names the field's full key path.
///
/// Absent and `null` are the same for optional fields; a present value of the wrong
/// type is always an error, even for optional fields, so bad data is never silently hidden.
struct JSONObjectReader {
    private let container: KeyedDecodingContainer<AnyCodingKey>
    /// Key path of this object; empty at the top level.
    let keyPath: String

    /// Reads the value the decoder is at, which must be an object.
    init(_ decoder: any Decoder) throws(CreditReportError) {
        let path = Self.format(decoder.codingPath)
        do {
            self.init(container: try decoder.container(keyedBy: AnyCodingKey.self), keyPath: path)
        } catch {
            let found = (try? JSONValueKind(from: decoder))?.phrase ?? "something else"
            let message = path.isEmpty
                ? "expected a JSON object at the top level, found \(found)"
                : "expected an object, found \(found)"
            throw CreditReportError(keyPath: path, message: message)
        }
    }

    private init(container: KeyedDecodingContainer<AnyCodingKey>, keyPath: String) {
        self.container = container
        self.keyPath = keyPath
    }

    func path(of key: String) -> String {
        keyPath.isEmpty ? key : "\(keyPath).\(key)"
    }

    // MARK: Typed fields

    func requiredObject(_ key: String) throws(CreditReportError) -> JSONObjectReader {
        guard let kind = try value(key) else { throw missing(key) }
        guard kind == .object else { throw mismatch(key, expected: "an object", found: kind) }
        do {
            let nested = try container.nestedContainer(keyedBy: AnyCodingKey.self, forKey: AnyCodingKey(key))
            return JSONObjectReader(container: nested, keyPath: path(of: key))
        } catch {
            throw mismatch(key, expected: "an object", found: kind)
        }
    }

    func requiredInt(_ key: String) throws(CreditReportError) -> Int {
        guard let kind = try value(key) else { throw missing(key) }
        guard case .integer(let value) = kind else { throw mismatch(key, expected: "an integer", found: kind) }
        return value
    }

    func int(_ key: String) throws(CreditReportError) -> Int? {
        switch try value(key) {
        case nil, .null?: return nil
        case .integer(let value)?: return value
        case let kind?: throw mismatch(key, expected: "an integer", found: kind)
        }
    }

    func bool(_ key: String) throws(CreditReportError) -> Bool? {
        switch try value(key) {
        case nil, .null?: return nil
        case .bool(let value)?: return value
        case let kind?: throw mismatch(key, expected: "true or false", found: kind)
        }
    }

    func string(_ key: String) throws(CreditReportError) -> String? {
        switch try value(key) {
        case nil, .null?: return nil
        case .string(let value)?: return value
        case let kind?: throw mismatch(key, expected: "a string", found: kind)
        }
    }

    // MARK: Helpers

    /// The value at `key`, or nil when the key is absent.
    private func value(_ key: String) throws(CreditReportError) -> JSONValueKind? {
        let codingKey = AnyCodingKey(key)
        guard container.contains(codingKey) else { return nil }
        do {
            return try container.decode(JSONValueKind.self, forKey: codingKey)
        } catch {
            // Foundation checks numbers and strings only when they are read, so a malformed
            // one (`1.`, a bad escape) surfaces here; `decode(from:)` then locates it.
            throw CreditReportError(keyPath: path(of: key), message: CreditReportError.malformedValue)
        }
    }

    private func missing(_ key: String) -> CreditReportError {
        CreditReportError(keyPath: path(of: key), message: "missing required key")
    }

    private func mismatch(_ key: String, expected: String, found: JSONValueKind) -> CreditReportError {
        CreditReportError(keyPath: path(of: key), message: "expected \(expected), found \(found.phrase)")
    }

    /// `reports[2].creditReportInfo`: names joined by dots, array positions in brackets.
    static func format(_ codingPath: [any CodingKey]) -> String {
        codingPath.reduce(into: "") { path, key in
            if let index = key.intValue {
                path += "[\(index)]"
            } else {
                path += path.isEmpty ? key.stringValue : ".\(key.stringValue)"
            }
        }
    }
}
