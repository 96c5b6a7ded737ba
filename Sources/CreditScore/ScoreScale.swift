/// The range a provider scores on, such as ClearScore UK's 0–700 (later 0–1000).
///
/// Scores on different scales are compared by their share of the range: a score is carried to
/// another scale linearly, (score − min) / (max − min) × (newMax − newMin) + newMin, rounded to
/// a whole point (halves away from zero), so 560 of 0–700 is 800 of 0–1000.
public struct ScoreScale: Hashable, Sendable {
    public let minimum: Int
    public let maximum: Int

    public init(minimum: Int, maximum: Int) {
        self.minimum = minimum
        self.maximum = maximum
    }

    /// `score` carried from this scale to `other` at the same share of the range, in whole points.
    /// An empty range (min ≥ max, which no report has) maps every score to `other`'s minimum.
    public func rescaled(_ score: Int, to other: ScoreScale) -> Int {
        guard self != other else { return score }
        guard maximum > minimum else { return other.minimum }
        // In Double: the products could overflow Int for extreme ranges.
        let share = (Double(score) - Double(minimum)) / (Double(maximum) - Double(minimum))
        let value = share * (Double(other.maximum) - Double(other.minimum)) + Double(other.minimum)
        return Int(exactly: value.rounded()) ?? (value < 0 ? Int.min : Int.max)
    }
}

extension CreditReport {
    /// The scale this report scores on.
    public var scale: ScoreScale { ScoreScale(minimum: minScore, maximum: maxScore) }
}
