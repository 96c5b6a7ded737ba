/// What a race's result says: the placings (several runners share a place in a dead heat) and
/// the dividends declared on them.
public struct RaceResult: Equatable, Sendable {
    /// In finishing order: by place, then cloth number.
    public var placings: [Placing]
    /// In input order.
    public var dividends: [Dividend]

    public init(placings: [Placing], dividends: [Dividend] = []) {
        self.placings = placings.sorted { ($0.place, $0.cloth) < ($1.place, $1.cloth) }
        self.dividends = dividends
    }

    public var isEmpty: Bool { placings.isEmpty && dividends.isEmpty }

    /// The winners: more than one after a dead heat for first.
    public var winners: [Placing] { placings.filter { $0.place == 1 } }

    /// Whether `place` is shared (a dead heat).
    public func isDeadHeat(_ place: Int) -> Bool { placings.filter { $0.place == place }.count > 1 }

    /// The dividends on one runner alone (win and place, each pool), in input order.
    public func dividends(for cloth: Int) -> [Dividend] {
        dividends.filter { $0.isSingle && $0.runners == [cloth] }
    }

    /// The dividends on a combination of runners (exacta, quinella, trifecta, first four…).
    public var exotics: [Dividend] { dividends.filter { !$0.isSingle } }
}

/// One runner's finishing place.
public struct Placing: Equatable, Sendable {
    public var place: Int
    public var cloth: Int
    public var name: String
    /// Lengths behind the winner, where the input gives it (`0.37`); nil for the winner or unknown.
    public var margin: Double?

    public init(place: Int, cloth: Int, name: String, margin: Double? = nil) {
        self.place = place
        self.cloth = cloth
        self.name = name
        self.margin = margin
    }
}

/// A dividend: what one unit paid on a product in a pool.
public struct Dividend: Equatable, Sendable {
    /// The bet type as the input names it: `Win`, `Place`, `Exacta`, `Quinella`, `Trifecta`…
    public var product: String
    /// The pool it was paid in: a tote (`NSW`, `VIC`, `QLD`), `Fixed`, `BSP`; nil when not given.
    public var pool: String?
    /// The amount paid per unit (dollars for a $1 unit), more than 0.
    public var amount: Double
    /// The cloth numbers the dividend is on, in the input's order of positions.
    public var runners: [Int]
    /// `Interim` or `Final` as the input says, nil when not given.
    public var status: String?

    public init(product: String, pool: String? = nil, amount: Double, runners: [Int], status: String? = nil) {
        self.product = product
        self.pool = pool
        self.amount = amount
        self.runners = runners
        self.status = status
    }

    /// A win or place dividend (one runner); a dividend that names no runner is never one.
    public var isSingle: Bool {
        let key = product.lowercased().filter(\.isLetter)
        return runners.count == 1 && Self.singleProducts.contains(key)
    }

    /// Whether this is the win product (`Win`, `Tote Win`, `Fixed Win`).
    public var isWin: Bool { product.lowercased().filter(\.isLetter).hasSuffix("win") && isSingle }

    private static let singleProducts: Set<String> = [
        "win", "place", "show", "totewin", "toteplace", "fixedwin", "fixedplace", "bspwin", "bspplace", "sp",
        "startingprice"
    ]
}
