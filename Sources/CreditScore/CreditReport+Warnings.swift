extension CreditReport {
    /// Things the reader should know because the report shows them differently from the input:
    /// a clamped gauge or an unknown band. In a fixed order, so output is deterministic.
    public var warnings: [String] {
        var warnings: [String] = []
        if isScoreClamped {
            warnings.append("score \(score) is outside \(minScore)…\(maxScore); the gauge is clamped")
        }
        if case .unknown(let raw) = band {
            warnings.append("score band \(raw) is not one of 0–4; shown as \(band.name)")
        }
        for (label, section) in [("short-term", shortTerm), ("long-term", longTerm)] {
            if let utilisation = section.utilisation, section.isUtilisationClamped {
                warnings.append(
                    "\(label) credit utilisation \(utilisation)% is outside 0–100%; the gauge is clamped"
                )
            }
        }
        return warnings
    }
}
