import ReportFacts

/// What a credit-score report's history keeps of each build.
package struct CreditFigures: KindFigures {
    package static let historyKey = "creditScore"

    package var score: Int
    /// The band as the report numbers it (0 very poor … 4 excellent), not a translation.
    package var band: Int
    /// Credit used, in whole percent, when the report gives it.
    package var utilisation: Int?

    package init(score: Int, band: Int, utilisation: Int?) {
        self.score = score
        self.band = band
        self.utilisation = utilisation
    }
}
