/// One price a runner was seen at: when (Unix seconds; nil for a fluctuation the input reported
/// without a time) and the odds.
public struct PricePoint: Equatable, Sendable {
    public var at: Int64?
    public var odds: Odds

    public init(at: Int64?, odds: Odds) {
        self.at = at
        self.odds = odds
    }
}

/// A runner's prices over time, oldest first: one point per move (a price seen again with no
/// move between adds nothing). Built by observing what each build saw, in build order; an
/// observation is the input's own fluctuations (if it carries them) followed by the price now.
public struct PriceList: Equatable, Sendable {
    public private(set) var points: [PricePoint] = []
    /// How many points the latest observation added (0 when it saw no move).
    public private(set) var addedByLatest = 0

    public init() {}

    /// Merges one observation made at `at`: `sequence` is the prices the input shows, oldest
    /// first, its last the price now. Unpriced values are no price and are left out; repeats in
    /// a row count once.
    ///
    /// The observation is laid over the list where the list's newest points are the start of
    /// the sequence (the longest such overlap): what the builds saw and what the bookmaker
    /// reports agree there, and the rest of the sequence is new. A sequence that shares no start
    /// with the list (the bookmaker's list restarted) is taken as the moves since. New points
    /// carry no time, but the last (the price now), which carries the observation's.
    public mutating func observe(_ sequence: [Odds], at: Int64) {
        var prices: [Fraction] = []
        var odds: [Odds] = []
        for value in sequence {
            guard let probability = value.probability else { continue }
            if prices.last == probability { continue }
            prices.append(probability)
            odds.append(value)
        }
        guard !prices.isEmpty else {
            addedByLatest = 0
            return
        }
        let known = points.map { $0.odds.probability! }
        let start = (0...known.count).first { start in
            let tail = known[start...]
            return tail.count <= prices.count && zip(tail, prices).allSatisfy { $0 == $1 }
        }!
        let overlap = known.count - start
        let added = odds[overlap...].enumerated().map { offset, value in
            PricePoint(at: overlap + offset == odds.count - 1 ? at : nil, odds: value)
        }
        points += added
        addedByLatest = added.count
    }

    /// The first price seen.
    public var opening: Odds? { points.first?.odds }
    /// The latest price seen.
    public var now: Odds? { points.last?.odds }
    /// The price before the latest move, when the latest observation saw one (what the build
    /// before it saw, or the fluctuation before the last); else the price now.
    public var previous: Odds? {
        guard addedByLatest > 0, points.count >= 2 else { return now }
        return points[points.count - 2].odds
    }

    /// The move since opening in points of implied chance (percentage points, signed: positive
    /// when the price shortened); nil without a price.
    public var moveSinceOpening: Double? { Self.move(from: opening, to: now) }
    /// The latest move in points of implied chance; 0 when the latest observation saw none.
    public var moveSincePrevious: Double? { Self.move(from: previous, to: now) }

    static func move(from start: Odds?, to end: Odds?) -> Double? {
        guard let before = start?.impliedProbability, let after = end?.impliedProbability else { return nil }
        return (after - before) * 100
    }
}

extension Odds {
    /// Whether both are prices of the same chance (`5/2`, `10/4` and `3.5` are one price); false
    /// when either is unpriced.
    public func isSamePrice(as other: Odds) -> Bool {
        guard let mine = probability, let theirs = other.probability else { return false }
        return mine == theirs
    }
}
