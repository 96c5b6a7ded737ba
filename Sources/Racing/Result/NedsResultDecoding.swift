import Foundation
import JSONSupport

// The Neds/Ladbrokes race response's `results` and `dividends` (docs/inputs.md, "Results"). The
// API's documentation and the responses it serves disagree on small things, so both are read:
// a list or a map keyed by id; numbers as numbers or as numeric text; `product_name` or
// `product_type`, `tote` or `tote_pool`, `dividend` or `amount`.

/// A list written as an array, or as an object whose values are the items (keyed by id); a
/// map's items come in key order so the output never depends on the decoder's.
struct NedsList<Item: Decodable>: Decodable {
    let items: [Item]

    init(from decoder: any Decoder) throws {
        if var list = try? decoder.unkeyedContainer() {
            var items: [Item] = []
            while !list.isAtEnd { items.append(try list.decode(Item.self)) }
            self.items = items
        } else if let map = try? decoder.container(keyedBy: AnyCodingKey.self) {
            items = try map.allKeys.sorted { $0.stringValue < $1.stringValue }.map {
                try map.decode(Item.self, forKey: $0)
            }
        } else {
            let value = try decoder.singleValueContainer()
            if value.decodeNil() {
                items = []
                return
            }
            throw DecodingError.dataCorruptedError(
                in: value, debugDescription: "expected an array or an object keyed by id")
        }
    }
}

/// `results[i]`: one runner's place.
struct NedsPlacing: Decodable {
    let placing: Placing

    private enum CodingKeys: String, CodingKey {
        case position, name, margin
        case runnerNumber = "runner_number"
        case marginLength = "margin_length"
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let place = try container.decodeWholeNumber(forKey: .position)
        guard place >= 1 else {
            throw DecodingError.dataCorruptedError(
                forKey: .position, in: container, debugDescription: "expected a place of 1 or more, found \(place)")
        }
        placing = Placing(
            place: place, cloth: try container.decodeWholeNumber(forKey: .runnerNumber),
            name: try container.decodeIfPresent(String.self, forKey: .name) ?? "",
            margin: try container.decodeNumberIfPresent(forKey: .marginLength)
                ?? container.decodeNumberIfPresent(forKey: .margin))
    }
}

/// `dividends[i]`: what a product paid in a pool on a set of positions.
struct NedsDividend: Decodable {
    /// Nil for an entry that pays nothing (no amount, 0, or no product): a refund or a
    /// pool not yet declared, skipped rather than refused.
    let dividend: Dividend?

    private enum CodingKeys: String, CodingKey {
        case tote, pool, dividend, amount, status, positions, product
        case productName = "product_name"
        case productType = "product_type"
        case totePool = "tote_pool"
    }

    private struct Position: Decodable {
        let cloth: Int
        let place: Int?

        private enum CodingKeys: String, CodingKey {
            case position
            case runnerNumber = "runner_number"
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            cloth = try container.decodeWholeNumber(forKey: .runnerNumber)
            place = try container.decodeNumberIfPresent(forKey: .position).map { Int($0) }
        }
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let product =
            try container.decodeIfPresent(String.self, forKey: .productName)
            ?? container.decodeIfPresent(String.self, forKey: .productType)
            ?? container.decodeIfPresent(String.self, forKey: .product)
        let pool =
            try container.decodeIfPresent(String.self, forKey: .tote)
            ?? container.decodeIfPresent(String.self, forKey: .totePool)
            ?? container.decodeIfPresent(String.self, forKey: .pool)
        let amount =
            try container.decodeNumberIfPresent(forKey: .dividend)
            ?? container.decodeNumberIfPresent(forKey: .amount)
        // Positions in finishing order; the input's order breaks ties (a quinella's two are equal).
        let positions = try container.decodeIfPresent([Position].self, forKey: .positions) ?? []
        let runners = positions.enumerated().sorted {
            ($0.element.place ?? Int.max, $0.offset) < ($1.element.place ?? Int.max, $1.offset)
        }.map(\.element.cloth)
        guard let product = product?.trimmingCharacters(in: .whitespaces), !product.isEmpty, let amount,
            amount > 0, amount.isFinite
        else {
            dividend = nil
            return
        }
        let status = try container.decodeIfPresent(String.self, forKey: .status)
        dividend = Dividend(
            product: product, pool: pool.flatMap { $0.isEmpty || $0.uppercased() == "UNKNOWN" ? nil : $0 },
            amount: amount, runners: runners, status: status.flatMap { $0.isEmpty ? nil : $0 })
    }
}

extension KeyedDecodingContainer {
    /// A whole number written as a number or as its digits (`3`, `"3"`): the API has served both.
    func decodeWholeNumber(forKey key: Key) throws -> Int {
        guard contains(key) else {
            throw DecodingError.keyNotFound(key, .init(codingPath: codingPath, debugDescription: "missing"))
        }
        let kind = try decode(JSONValueKind.self, forKey: key)
        switch kind {
        case .integer(let value): return value
        case .string(let text):
            if let value = Int(text.trimmingCharacters(in: .whitespaces)) { return value }
        default: break
        }
        throw DecodingError.dataCorruptedError(
            forKey: key, in: self, debugDescription: "expected a whole number, found \(kind.phrase)")
    }

    /// A number written as a number or as text (`0.37`, `"0.37"`); nil when absent, null or empty.
    func decodeNumberIfPresent(forKey key: Key) throws -> Double? {
        guard contains(key) else { return nil }
        let kind = try decode(JSONValueKind.self, forKey: key)
        switch kind {
        case .null: return nil
        case .integer(let value): return Double(value)
        case .number(let value): return value
        case .string(let text):
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty { return nil }
            if let value = Double(trimmed), value.isFinite { return value }
        default: break
        }
        throw DecodingError.dataCorruptedError(
            forKey: key, in: self, debugDescription: "expected a number, found \(kind.phrase)")
    }
}
