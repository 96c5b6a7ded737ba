import Foundation
import JSONSupport

// Values the bookmakers' responses write in more than one way: the readers of several formats
// share these so each way is accepted everywhere.

extension KeyedDecodingContainer {
    /// A start as Unix seconds, `{"seconds": n}` or ISO 8601 text with an offset (`zone` reads
    /// one without); nil when absent or null.
    func decodeStartIfPresent(forKey key: Key, zone: TimeZone? = nil) throws -> Int64? {
        guard contains(key), try !decodeNil(forKey: key) else { return nil }
        if let text = try? decode(String.self, forKey: key) {
            guard let seconds = StartInstant.seconds(iso: text, zone: zone) else {
                throw DecodingError.dataCorruptedError(
                    forKey: key, in: self,
                    debugDescription:
                        "expected a time as ISO 8601 with an offset (2026-11-28T02:05:00Z), found '\(text)'")
            }
            return try checkedStart(seconds, forKey: key)
        }
        if let nested = try? nestedContainer(keyedBy: AnyCodingKey.self, forKey: key) {
            return try checkedStart(nested.decodeInteger(Int64.self, forKey: AnyCodingKey("seconds")), forKey: key)
        }
        return try checkedStart(decodeInteger(Int64.self, forKey: key), forKey: key)
    }

    private func checkedStart(_ seconds: Int64, forKey key: Key) throws -> Int64 {
        guard (0...253_402_300_799).contains(seconds) else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: self, debugDescription: "expected Unix seconds between 1970 and 9999, found \(seconds)"
            )
        }
        return seconds
    }

    /// A flag written as `true`/`false` or as that text (`"true"`); nil when absent or null.
    func decodeFlagIfPresent(forKey key: Key) throws -> Bool? {
        guard contains(key) else { return nil }
        switch try decode(JSONValueKind.self, forKey: key) {
        case .null: return nil
        case .bool(let value): return value
        case .integer(let value): return value != 0
        case .string(let text):
            switch text.lowercased().trimmingCharacters(in: .whitespaces) {
            case "true", "yes", "1": return true
            case "false", "no", "0", "": return false
            default: break
            }
        default: break
        }
        throw DecodingError.dataCorruptedError(forKey: key, in: self, debugDescription: "expected true or false")
    }

    /// Text written as a string or as an object's `name` (`"Good4"`, `{"name": "Good4"}`); nil
    /// when absent, null or blank.
    func decodeNamedTextIfPresent(forKey key: Key) throws -> String? {
        guard contains(key), try !decodeNil(forKey: key) else { return nil }
        let text: String?
        if let nested = try? nestedContainer(keyedBy: AnyCodingKey.self, forKey: key) {
            text = try nested.decodeIfPresent(String.self, forKey: AnyCodingKey("name"))
        } else {
            text = try decode(String.self, forKey: key)
        }
        return text.flatMap { $0.trimmingCharacters(in: .whitespaces).isEmpty ? nil : $0 }
    }

    /// A string, nil when absent, null or blank: the APIs write `""` for what they do not have.
    func decodeTextIfPresent(forKey key: Key) throws -> String? {
        let text = try decodeIfPresent(String.self, forKey: key)
        return text.flatMap { $0.trimmingCharacters(in: .whitespaces).isEmpty ? nil : $0 }
    }
}

/// The items of a JSON object keyed by id (or of an array, keyed by position), in key order so
/// the output never depends on the decoder's order; errors name the item's key.
struct KeyedItems<Item: Decodable>: Decodable {
    let items: [(key: String, item: Item)]

    init(from decoder: any Decoder) throws {
        if var list = try? decoder.unkeyedContainer() {
            var items: [(key: String, item: Item)] = []
            while !list.isAtEnd { items.append((String(list.currentIndex), try list.decode(Item.self))) }
            self.items = items
        } else if let map = try? decoder.container(keyedBy: AnyCodingKey.self) {
            items = try map.allKeys.sorted { $0.stringValue < $1.stringValue }.map {
                ($0.stringValue, try map.decode(Item.self, forKey: $0))
            }
        } else {
            let value = try decoder.singleValueContainer()
            guard value.decodeNil() else {
                throw DecodingError.dataCorruptedError(
                    in: value, debugDescription: "expected an object keyed by id or an array")
            }
            items = []
        }
    }

    init() { items = [] }
}
