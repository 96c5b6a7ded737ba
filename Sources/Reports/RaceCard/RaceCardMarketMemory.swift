import Foundation
import Racing
import ReportFacts

/// The runners' prices over builds: each build's history entry keeps the prices it saw
/// (`RaceCardFigures.prices`); folded in build order, with this build's last, they give each
/// runner's price list. A build that saw no move adds no entry, so its list is as it was.
package enum RaceCardMarketMemory {
    /// What a build records of a ride's prices: its fluctuations then its price now, priced
    /// values only (as trimmed text), a repeat in a row once.
    static func observed(_ ride: Ride) -> [String] {
        var texts: [String] = []
        var last: Odds?
        for odds in ride.flucs + [ride.odds] where odds.isPriced {
            if let last, last.isSamePrice(as: odds) { continue }
            texts.append(RaceCardFormat.trimmedText(odds))
            last = odds
        }
        return texts
    }

    /// Each runner's price list, by history key, for the runners `wanted` (the card's now): the
    /// earlier builds' entries of this kind, then `figures` seen at `now`. Only the wanted keys are
    /// followed, so a history of many meetings under one address costs the current card's runners
    /// per entry, not every runner it ever held.
    static func lists(
        history: ReportHistory?, figures: RaceCardFigures, now: Int64, wanted: Set<String>
    ) -> [String: PriceList] {
        var lists: [String: PriceList] = [:]
        // A runner a build did not see (unpriced, or out) is observed with no price, so its
        // latest move is never an older build's; before its first sighting it has no list.
        func observe(_ prices: [String: [String]]?, at: Int64) {
            let prices = prices ?? [:]
            for key in wanted {
                if let seen = prices[key] {
                    lists[key, default: PriceList()].observe(seen.map(Odds.init(parsing:)), at: at)
                } else if lists[key] != nil {
                    lists[key]?.observe([], at: at)
                }
            }
        }
        for entry in history?.entries ?? [] {
            guard let earlier = entry.figures.of(RaceCardFigures.self) else { continue }
            observe(earlier.prices, at: entry.at)
        }
        observe(figures.prices, at: now)
        return lists
    }
}

extension RaceCardMarketMemory {
    /// The card's markets over builds: per race (in the order given) its market and its runners'
    /// price lists by cloth number, and the biggest steamer since opening of the whole card.
    struct Markets {
        var markets: [RaceMarket]
        var prices: [[Int: PriceList]]
        /// The largest move since opening; the earlier race, then the lower cloth number, on a tie.
        var biggestSteamer: MarketMover? { biggestSteamer(among: markets.map { _ in true }) }

        /// The biggest steamer of the races `open[i]` says are still to run: a race that is off
        /// has a last market, not news of one.
        func biggestSteamer(among open: [Bool]) -> MarketMover? {
            zip(markets, open).compactMap { $1 ? $0.biggestSteamer : nil }.enumerated().max { lhs, rhs in
                lhs.element.points != rhs.element.points
                    ? lhs.element.points < rhs.element.points : lhs.offset > rhs.offset
            }?.element
        }
    }

    static func markets(
        _ races: [Race], pages: [String], history: ReportHistory?, figures: RaceCardFigures, now: Int64,
        threshold: Double
    ) -> Markets {
        var wanted = Set<String>()
        for (race, page) in zip(races, pages) {
            for ride in race.runners { wanted.insert(RaceCardHistory.key(page: page, ride)) }
        }
        let lists = lists(history: history, figures: figures, now: now, wanted: wanted)
        var markets: [RaceMarket] = []
        var prices: [[Int: PriceList]] = []
        for (race, page) in zip(races, pages) {
            var byCloth: [Int: PriceList] = [:]
            for ride in race.runners {
                if let list = lists[RaceCardHistory.key(page: page, ride)], !list.points.isEmpty {
                    byCloth[ride.cloth] = list
                }
            }
            markets.append(RaceMarket(race: race, prices: byCloth, threshold: threshold))
            prices.append(byCloth)
        }
        return Markets(markets: markets, prices: prices)
    }
}
