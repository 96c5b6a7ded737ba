import CreditScore
import GazetteCore

/// The credit report in plain text: score, band, factors and both credit lines.
package enum CreditScoreSummary {
    package static func lines(_ report: CreditReport, currency: String, _ display: Display) -> [String] {
        func section(_ name: String, _ section: CreditSection) -> String {
            "\(name): \(display.percentage(section.utilisation)) utilised, debt \(display.money(section.debt, currency: currency)) "
                + "of a \(display.money(section.limit, currency: currency)) limit, change \(display.signedChange(section.change, currency: currency))"
        }
        var lines = [
            "Score \(report.score) out of \(report.maxScore) (range \(report.minScore)–\(report.maxScore)), band \(report.band.name)",
            "\(report.positiveFactors) positive and \(report.negativeFactors) negative factors",
            section("Short-term credit", report.shortTerm),
            section("Long-term credit", report.longTerm)
        ]
        if let change = report.changedScore { lines.append("Score change: \(display.signedInteger(change))") }
        if let days = report.daysUntilNextReport { lines.append("Next report in \(days) day\(days == 1 ? "" : "s")") }
        return lines
    }
}

/// The credit report as a digest: the score and its factors once, then the gauge and each
/// credit line in a sentence under its chart.
package enum CreditScoreDigest {
    package static func make(
        _ report: CreditReport, currency: String, gauge: String, shortTerm: String, longTerm: String,
        _ display: Display
    ) -> ReportDigest {
        var figures = [
            DigestFigure("Score", String(report.score), detail: "out of \(report.maxScore)"),
            DigestFigure("Band", report.band.name),
            DigestFigure("Factors", "\(report.positiveFactors) positive", detail: "\(report.negativeFactors) negative")
        ]
        if let change = report.changedScore {
            figures.append(DigestFigure("Score change", display.signedInteger(change)))
        }
        if let days = report.daysUntilNextReport {
            figures.append(DigestFigure("Next report", "\(display.integer(days)) day\(days == 1 ? "" : "s")"))
        }
        var scoreLines = [
            "\(report.score) lies \(Int((report.fill * 100).rounded()))% of the way through the range \(report.minScore)–\(report.maxScore)."
        ]
        // The feed's description is often just the band's name again, which the figures already show.
        if let description = report.bandDescription, description.lowercased() != report.band.name.lowercased() {
            scoreLines.insert(description, at: 0)
        }
        func line(_ section: CreditSection) -> [String] {
            [
                "\(display.percentage(section.utilisation)) utilised: debt \(display.money(section.debt, currency: currency)) of a "
                    + "\(display.money(section.limit, currency: currency)) limit, change of debt \(display.signedChange(section.change, currency: currency))."
            ]
        }
        return ReportDigest(
            figures: figures,
            sections: [
                DigestSection(title: "Score", lines: scoreLines, chart: gauge),
                DigestSection(title: "Short-term credit", lines: line(report.shortTerm), chart: shortTerm),
                DigestSection(title: "Long-term credit", lines: line(report.longTerm), chart: longTerm)
            ])
    }
}
