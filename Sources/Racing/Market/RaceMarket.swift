/// A runner whose price moved by at least the threshold.
public struct MarketMover: Equatable, Sendable {
    public var cloth: Int
    public var horse: String
    public var from: Odds
    public var to: Odds
    /// Points of implied chance, signed: positive when the price shortened.
    public var points: Double
}

/// A race's market now against its opening: the book's size and the runners that moved.
/// Non-runners are out of the book; runners without a price are in no figure.
public struct RaceMarket: Equatable, Sendable {
    /// The default threshold of a move, in points of implied chance.
    public static let defaultThreshold = 3.0

    /// The sum of the runners' implied chances now, in per cent (the overround plus 100); nil
    /// when no runner is priced.
    public var percentage: Double?
    /// The same sum over the runners' opening prices.
    public var openingPercentage: Double?
    /// Runners whose chance rose by at least the threshold since opening, biggest move first.
    public var steamers: [MarketMover]
    /// Runners whose chance fell by at least the threshold since opening, biggest move first.
    public var drifters: [MarketMover]
    /// The same over the latest move (since the last build).
    public var latestSteamers: [MarketMover]
    public var latestDrifters: [MarketMover]
    /// How many non-runners were taken out of the book.
    public var nonRunnersOut: Int

    /// The market of `race` given each ride's prices by cloth number. A ride without a list is
    /// taken at its price now, opening there.
    public init(race: Race, prices: [Int: PriceList], threshold: Double = Self.defaultThreshold) {
        var lists: [(Ride, PriceList)] = []
        for ride in race.runners {
            var list = prices[ride.cloth] ?? PriceList()
            if list.points.isEmpty { list.observe([ride.odds], at: 0) }
            lists.append((ride, list))
        }
        percentage = Self.sum(lists.compactMap { $0.1.now?.impliedProbability })
        openingPercentage = Self.sum(lists.compactMap { $0.1.opening?.impliedProbability })
        nonRunnersOut = race.nonRunners.count
        let sinceOpening = lists.compactMap { ride, list in
            Self.mover(ride, from: list.opening, to: list.now, list.moveSinceOpening)
        }
        let latest = lists.compactMap { ride, list in
            Self.mover(ride, from: list.previous, to: list.now, list.moveSincePrevious)
        }
        (steamers, drifters) = Self.split(sinceOpening, threshold: threshold)
        (latestSteamers, latestDrifters) = Self.split(latest, threshold: threshold)
    }

    /// The biggest steamer since opening, if any.
    public var biggestSteamer: MarketMover? { steamers.first }

    private static func sum(_ chances: [Double]) -> Double? {
        chances.isEmpty ? nil : chances.reduce(0, +) * 100
    }

    private static func mover(_ ride: Ride, from: Odds?, to: Odds?, _ points: Double?) -> MarketMover? {
        guard let from, let to, let points else { return nil }
        return MarketMover(cloth: ride.cloth, horse: ride.horse.name, from: from, to: to, points: points)
    }

    /// Movers at or past the threshold each way, the biggest move first, then by cloth number.
    /// A hair's tolerance keeps a move of exactly the threshold from falling out on the last bit
    /// of a `Double`.
    private static func split(_ movers: [MarketMover], threshold: Double) -> ([MarketMover], [MarketMover]) {
        let tolerance = 1e-9
        let steamers = movers.filter { $0.points >= threshold - tolerance && $0.points > 0 }
            .sorted {
                Tiebreak.chain(Tiebreak.compare($1.points, $0.points), Tiebreak.compare($0.cloth, $1.cloth)) == .before
            }
        let drifters = movers.filter { -$0.points >= threshold - tolerance && $0.points < 0 }
            .sorted {
                Tiebreak.chain(Tiebreak.compare($0.points, $1.points), Tiebreak.compare($0.cloth, $1.cloth)) == .before
            }
        return (steamers, drifters)
    }
}
