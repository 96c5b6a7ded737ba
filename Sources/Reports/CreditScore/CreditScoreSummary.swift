import CreditScore
import GazetteCore

/// The credit report in plain text: score, band, factors and both credit lines.
package enum CreditScoreSummary {
    package static func lines(_ report: CreditReport, currency: String) -> [String] {
        func section(_ name: String, _ section: CreditSection) -> String {
            "\(name): \(Display.percentage(section.utilisation)) utilised, debt \(Display.money(section.debt, currency: currency)) "
                + "of a \(Display.money(section.limit, currency: currency)) limit, change \(Display.signedChange(section.change, currency: currency))"
        }
        var lines = [
            "Score \(report.score) out of \(report.maxScore) (range \(report.minScore)–\(report.maxScore)), band \(report.band.name)",
            "\(report.positiveFactors) positive and \(report.negativeFactors) negative factors",
            section("Short-term credit", report.shortTerm),
            section("Long-term credit", report.longTerm),
        ]
        if let change = report.changedScore { lines.append("Score change: \(Display.signedInteger(change))") }
        if let days = report.daysUntilNextReport { lines.append("Next report in \(days) day\(days == 1 ? "" : "s")") }
        return lines
    }
}
