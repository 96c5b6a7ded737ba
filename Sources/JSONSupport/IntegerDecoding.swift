/// Integers read so that a wrong number is an error at its key: Foundation's own `decode(Int.self)`
/// reports 1.5 or 99999999999999999999 as "not valid JSON" for the whole document.
extension KeyedDecodingContainer {
    package func decodeInteger<T: FixedWidthInteger & Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        guard let value = try decodeIntegerIfPresent(type, forKey: key) else {
            guard contains(key) else {
                throw DecodingError.keyNotFound(key, .init(codingPath: codingPath, debugDescription: "missing"))
            }
            throw DecodingError.valueNotFound(type, .init(codingPath: codingPath + [key], debugDescription: "null"))
        }
        return value
    }

    package func decodeIntegerIfPresent<T: FixedWidthInteger & Decodable>(_ type: T.Type, forKey key: Key) throws -> T?
    {
        guard contains(key) else { return nil }
        let kind: JSONValueKind
        do {
            kind = try decode(JSONValueKind.self, forKey: key)
        } catch {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: self, debugDescription: "expected an integer, found a value that cannot be read")
        }
        switch kind {
        case .null: return nil
        case let .integer(value):
            if let exact = T(exactly: value) { return exact }
            throw DecodingError.dataCorruptedError(
                forKey: key, in: self, debugDescription: "expected an integer, found \(value), out of range")
        default:
            throw DecodingError.dataCorruptedError(
                forKey: key, in: self, debugDescription: "expected an integer, found \(kind.phrase)")
        }
    }
}
