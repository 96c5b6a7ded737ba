/// A runner's prices in a racecard response. `prices` is keyed `<entrant id>:<product or market
/// id>:…`; `price_fluctuations` by the entrant id (or a key starting with it and `:`).
struct NedsRacecardPrices {
    let document: NedsRacecardDocument
    /// The ids of the race's win market: a price keyed with one is the win price.
    let winMarketIDs: Set<String>

    private func prices(_ entrant: String) -> [(product: String, price: NedsRacecardPrice)] {
        document.prices.compactMap { key, price in
            let parts = key.split(separator: ":", omittingEmptySubsequences: false)
            guard parts.first.map(String.init) == entrant else { return nil }
            return (parts.count > 1 ? String(parts[1]) : "", price)
        }
    }

    /// The win price now: the one keyed by the win market, else the one named a win price, else
    /// the entrant's only price, else the last of its fluctuations.
    func win(_ entrant: String) -> Double? {
        let own = prices(entrant).filter { $0.price.decimal != nil && !$0.price.namesStartingPrice }
        if let keyed = own.first(where: { winMarketIDs.contains($0.product) }) { return keyed.price.decimal }
        if let named = own.first(where: { $0.price.namesWin }) { return named.price.decimal }
        if own.count == 1 { return own[0].price.decimal }
        return history(entrant).last
    }

    /// The starting price, where a price is named one (`SP`).
    func startingPrice(_ entrant: String) -> Double? {
        prices(entrant).first { $0.price.namesStartingPrice }?.price.decimal
    }

    /// The fluctuations, oldest first; an entry that is no price is skipped.
    func history(_ entrant: String) -> [Double] {
        let list = document.flucs.first { $0.key == entrant || $0.key.hasPrefix(entrant + ":") }?.item ?? []
        return list.compactMap(\.decimal)
    }
}
