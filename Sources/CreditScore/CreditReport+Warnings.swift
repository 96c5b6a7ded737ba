extension CreditReport {
    /// Things the reader should know because the report shows them differently from the input:
    /// a clamped gauge or an unknown band. In a fixed order, so output is deterministic.
    public var warnings: [String] {
        warningReasons.map { reason in
            switch reason {
            case .scoreClamped: "score \(score) is outside \(minScore)…\(maxScore); the gauge is clamped"
            case .unknownBand(let raw): "score band \(raw) is not one of 0–4; shown as \(band.name)"
            case .utilisationClamped(let longTerm, let utilisation):
                "\(longTerm ? "long-term" : "short-term") credit utilisation \(utilisation)% is outside 0–100%; the gauge is clamped"
            }
        }
    }

    /// What each of `warnings` is about, with its figures, for a reader's language to say.
    public enum WarningReason: Equatable, Sendable {
        case scoreClamped
        case unknownBand(Int)
        /// A credit line's utilisation outside 0–100%: the long-term line's, or the short-term one's.
        case utilisationClamped(longTerm: Bool, utilisation: Int)
    }

    /// The reasons of `warnings`, in the same order.
    public var warningReasons: [WarningReason] {
        var reasons: [WarningReason] = []
        if isScoreClamped { reasons.append(.scoreClamped) }
        if case .unknown(let raw) = band { reasons.append(.unknownBand(raw)) }
        for (longTerm, section) in [(false, shortTerm), (true, longTerm)] {
            if let utilisation = section.utilisation, section.isUtilisationClamped {
                reasons.append(.utilisationClamped(longTerm: longTerm, utilisation: utilisation))
            }
        }
        return reasons
    }
}
