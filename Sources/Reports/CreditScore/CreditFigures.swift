import CreditScore
import ReportFacts

/// What a credit-score report's history keeps of each build.
///
/// The scale and the two cards' utilisations came later: an entry written before them lacks
/// them, reads back with them nil, and a figure one side lacks is no change (`==`), so the first
/// build after an upgrade that changed nothing else adds no entry.
package struct CreditFigures: KindFigures {
    package static let historyKey = "creditScore"

    package var score: Int
    /// The band as the report numbers it (0 very poor … 4 excellent), not a translation.
    package var band: Int
    /// Credit used, in whole percent, when the report gives it.
    package var utilisation: Int?
    /// The scale the score is on; nil in entries written before scales were kept.
    package var minScore: Int?
    package var maxScore: Int?
    /// The short- and long-term cards' utilisation, in whole percent, when the report gives them.
    package var shortTerm: Int?
    package var longTerm: Int?

    package init(
        score: Int, band: Int, utilisation: Int?, scale: ScoreScale? = nil, shortTerm: Int? = nil,
        longTerm: Int? = nil
    ) {
        self.score = score
        self.band = band
        self.utilisation = utilisation
        minScore = scale?.minimum
        maxScore = scale?.maximum
        self.shortTerm = shortTerm
        self.longTerm = longTerm
    }

    /// The figures a report gives.
    package init(_ report: CreditReport) {
        self.init(
            score: report.score, band: report.band.rawBand, utilisation: report.percentageCreditUsed,
            scale: report.scale, shortTerm: report.shortTerm.utilisation, longTerm: report.longTerm.utilisation)
    }

    /// The scale the entry recorded; nil when it was written before scales were kept.
    package var scale: ScoreScale? {
        guard let minScore, let maxScore else { return nil }
        return ScoreScale(minimum: minScore, maximum: maxScore)
    }

    package static func == (lhs: CreditFigures, rhs: CreditFigures) -> Bool {
        // A figure an older entry lacks is unknown, not changed.
        func same(_ a: Int?, _ b: Int?) -> Bool { a == nil || b == nil || a == b }
        return lhs.score == rhs.score && lhs.band == rhs.band && lhs.utilisation == rhs.utilisation
            && same(lhs.minScore, rhs.minScore) && same(lhs.maxScore, rhs.maxScore)
            && same(lhs.shortTerm, rhs.shortTerm) && same(lhs.longTerm, rhs.longTerm)
    }
}

extension [CreditFigures] {
    /// Each entry's scale, oldest first: an entry written before scales were kept takes the scale
    /// of the first later entry that has one (the scale in force when Gazette began keeping them),
    /// and `current` when none has.
    package func scales(current: ScoreScale) -> [ScoreScale] {
        var scale = current
        var result: [ScoreScale] = []
        for figures in reversed() {
            scale = figures.scale ?? scale
            result.append(scale)
        }
        return result.reversed()
    }
}
