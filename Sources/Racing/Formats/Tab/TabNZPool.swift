import Foundation
import JSONSupport

/// `pools[i]`: a product's code (`WIN`, `PLC`, `QLA`, `TFA`, `FT4`…), the runners it paid on
/// (`number`: `3`, `3,1` or `3:1`) and the amount.
struct TabNZPool: Decodable {
    let dividend: Dividend?

    private enum Keys: String, CodingKey { case type, number, amount }

    private static let products = [
        "WIN": "Win", "PLC": "Place", "QLA": "Quinella", "QIN": "Quinella", "EXA": "Exacta", "TFA": "Trifecta",
        "TRI": "Trifecta", "FT4": "First4", "F4": "First4", "DUET": "Duet"
    ]

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        let code = try container.decodeTextIfPresent(forKey: .type) ?? ""
        let amount = try container.decodeNumberIfPresent(forKey: .amount) ?? 0
        let numbers: String
        if let whole = try? container.decodeIfPresent(Int.self, forKey: .number) {
            numbers = String(whole)
        } else {
            numbers = try container.decodeTextIfPresent(forKey: .number) ?? ""
        }
        let runners = numbers.split(whereSeparator: { $0 == "," || $0 == ":" || $0 == "-" }).compactMap {
            Int($0.trimmingCharacters(in: .whitespaces))
        }
        guard !code.isEmpty, amount > 0 else {
            dividend = nil
            return
        }
        dividend = Dividend(product: Self.products[code.uppercased()] ?? code, amount: amount, runners: runners)
    }
}
