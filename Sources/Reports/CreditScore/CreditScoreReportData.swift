import CreditScore

/// The credit-score keys of `report.json` (SPEC §2): the report's figures as given, `fill` at full
/// precision, and the currency the pages use.
package struct CreditScoreReportData: Codable, Equatable, Sendable {
    package var score: Int
    package var min: Int
    package var max: Int
    package var fill: Double
    /// The band's index, nil when the input's band is not one Gazette knows.
    package var band: Int?
    package var bandName: String
    package var positiveFactors: Int
    package var negativeFactors: Int
    package var shortTerm: Section
    package var longTerm: Section
    package var currency: String
    package var daysUntilNextReport: Int?
    package var changedScore: Int?
    /// The share of all credit in use, in whole percent, and where it stands against the
    /// guidelines (as `Section.threshold`).
    package var creditUsed: Int?
    package var creditUsedThreshold: String?

    /// One kind of credit, in whole units of the currency.
    package struct Section: Codable, Equatable, Sendable {
        package var debt: Int?
        package var limit: Int?
        package var utilisation: Int?
        package var change: Int?
        /// The utilisation against the guidelines (`UtilisationGuideline`): `atMost10`,
        /// `atMost25`, `atMost30` or `over30`; nil without a utilisation.
        package var threshold: String?

        package init(_ section: CreditSection) {
            debt = section.debt
            limit = section.limit
            utilisation = section.utilisation
            change = section.change
            threshold = UtilisationGuideline(utilisation: section.utilisation)?.rawValue
        }
    }

    package init(_ report: CreditReport, currency: String) {
        score = report.score
        min = report.minScore
        max = report.maxScore
        fill = report.fill
        band = report.band.index
        bandName = report.band.name
        positiveFactors = report.positiveFactors
        negativeFactors = report.negativeFactors
        shortTerm = Section(report.shortTerm)
        longTerm = Section(report.longTerm)
        self.currency = currency
        daysUntilNextReport = report.daysUntilNextReport
        changedScore = report.changedScore
        creditUsed = report.percentageCreditUsed
        creditUsedThreshold = UtilisationGuideline(utilisation: report.percentageCreditUsed)?.rawValue
    }
}
