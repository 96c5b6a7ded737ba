import Foundation
import JSONSupport

/// `dividends[i]`: a product (`wageringProduct`) and what it paid on each set of `selections`.
struct TabDividend: Decodable {
    let dividends: [Dividend]

    private enum Keys: String, CodingKey { case wageringProduct, poolDividends, poolStatusCode }
    private enum PoolKeys: String, CodingKey { case selections, amount }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        let product = try container.decodeTextIfPresent(forKey: .wageringProduct) ?? ""
        let status = try container.decodeTextIfPresent(forKey: .poolStatusCode)
        var pools = try container.nestedUnkeyedContainer(forKey: .poolDividends)
        var dividends: [Dividend] = []
        while !pools.isAtEnd {
            let pool = try pools.nestedContainer(keyedBy: PoolKeys.self)
            let amount = try pool.decodeNumberIfPresent(forKey: .amount) ?? 0
            let selections = try pool.decodeIfPresent([Int].self, forKey: .selections) ?? []
            // A pool not paid (no amount, 0) is no dividend.
            guard !product.isEmpty, amount > 0 else { continue }
            dividends.append(Dividend(product: product, amount: amount, runners: selections, status: status))
        }
        self.dividends = dividends
    }
}
