import Foundation
import JSONSupport

/// A price: `{"odds": {"numerator": 5, "denominator": 2}}` (fractional, so 3.5 in decimal),
/// `{"odds": {"decimal": 3.5}}`, or a bare decimal number (as `price_fluctuations` lists them).
/// `price_type`, `product_type` or `type` names it where the response does (`Fixed Win`, `SP`).
/// A value that is no price reads as nil, never an error: the tables mix in deductions and totes.
struct NedsRacecardPrice: Decodable {
    let decimal: Double?
    let kind: String?

    private enum Keys: String, CodingKey {
        case odds, type, price, decimal
        case priceType = "price_type"
        case productType = "product_type"
    }

    private enum OddsKeys: String, CodingKey { case numerator, denominator, decimal }

    init(from decoder: any Decoder) throws {
        guard let container = try? decoder.container(keyedBy: Keys.self) else {
            decimal = (try? decoder.singleValueContainer().decode(JSONValueKind.self)).flatMap(Self.number)
            kind = nil
            return
        }
        kind =
            try? container.decodeTextIfPresent(forKey: .priceType) ?? container.decodeTextIfPresent(
                forKey: .productType)
            ?? container.decodeTextIfPresent(forKey: .type)
        if let odds = try? container.nestedContainer(keyedBy: OddsKeys.self, forKey: .odds) {
            decimal = Self.odds(odds)
        } else {
            let direct = [Keys.odds, .price, .decimal].lazy.compactMap {
                (try? container.decodeIfPresent(JSONValueKind.self, forKey: $0)).flatMap { $0 }.flatMap(Self.number)
            }
            decimal = direct.first
        }
    }

    private static func odds(_ odds: KeyedDecodingContainer<OddsKeys>) -> Double? {
        if let value = (try? odds.decodeIfPresent(JSONValueKind.self, forKey: .decimal)).flatMap({ $0 }) {
            return number(value)
        }
        guard let numerator = (try? odds.decodeNumberIfPresent(forKey: .numerator)).flatMap({ $0 }),
            let denominator = (try? odds.decodeNumberIfPresent(forKey: .denominator)).flatMap({ $0 }),
            numerator > 0, denominator > 0
        else { return nil }
        // Cents, as the books show a fractional price in decimal (1/3 is 1.33).
        return ((1 + numerator / denominator) * 100).rounded() / 100
    }

    private static func number(_ value: JSONValueKind) -> Double? {
        switch value {
        case .integer(let whole): Double(whole)
        case .number(let number): number
        case .string(let text): Double(text.trimmingCharacters(in: .whitespaces))
        default: nil
        }
    }

    /// Whether the response names this the win price (`Fixed Win`, `win`), not a place price.
    var namesWin: Bool {
        guard let kind = kind?.lowercased() else { return false }
        return kind.contains("win") && !kind.contains("place")
    }

    /// Whether the response names this the starting price (`SP`, `Starting Price`).
    var namesStartingPrice: Bool {
        guard let kind = kind?.lowercased().filter(\.isLetter) else { return false }
        return kind == "sp" || kind == "startingprice"
    }
}
