import CreditScore
import GazetteCore
import ReportFacts

/// The credit report in plain text: score, band, factors and both credit lines.
package enum CreditScoreSummary {
    package static func lines(_ report: CreditReport, currency: String, _ display: Display) -> [String] {
        func section(_ name: String, _ section: CreditSection) -> String {
            display(
                "creditScore.summary.section",
                [
                    "name": name, "utilisation": display.percentage(section.utilisation),
                    "debt": display.money(section.debt, currency: currency),
                    "limit": display.money(section.limit, currency: currency),
                    "change": display.signedChange(section.change, currency: currency)
                ])
        }
        var lines = [
            display(
                "creditScore.summary.score",
                [
                    "score": String(report.score), "maximum": String(report.maxScore),
                    "minimum": String(report.minScore), "band": display.bandName(report.band)
                ]),
            display(
                "creditScore.summary.factors",
                ["positive": display.positiveFactors(report), "negative": display.negativeFactors(report)]),
            section(display("creditScore.shortTerm"), report.shortTerm),
            section(display("creditScore.longTerm"), report.longTerm)
        ]
        if let change = report.changedScore {
            lines.append(display("creditScore.summary.scoreChange", ["change": display.signedInteger(change)]))
        }
        if let days = report.daysUntilNextReport {
            // As the number is written in data: no grouping.
            lines.append(
                display.conventions.words.count("creditScore.summary.nextReport", days, String(days)))
        }
        return lines
    }
}

extension Display {
    /// `7 positive`, the first half of a report's factors.
    func positiveFactors(_ report: CreditReport) -> String {
        conventions.words.count(
            "creditScore.factorCount.positive", report.positiveFactors, String(report.positiveFactors))
    }

    /// `2 negative factors`, the second half of a report's factors.
    func negativeFactors(_ report: CreditReport) -> String {
        conventions.words.count(
            "creditScore.factorCount.negative", report.negativeFactors, String(report.negativeFactors))
    }
}

/// The credit report as a digest: the score and its factors once, then the gauge and each
/// credit line in a sentence under its chart.
package enum CreditScoreDigest {
    package static func make(
        _ report: CreditReport, currency: String, gauge: ChartRef, shortTerm: ChartRef, longTerm: ChartRef,
        _ display: Display
    ) -> ReportDigest {
        var figures = [
            DigestFigure(
                display("creditScore.score"), String(report.score),
                detail: display("creditScore.digest.outOf", ["maximum": String(report.maxScore)])),
            DigestFigure(display("creditScore.band"), display.bandName(report.band)),
            DigestFigure(
                display("creditScore.digest.factors"),
                display.conventions.words.count(
                    "creditScore.digest.positive", report.positiveFactors, String(report.positiveFactors)),
                detail: display.conventions.words.count(
                    "creditScore.digest.negative", report.negativeFactors, String(report.negativeFactors)))
        ]
        if let change = report.changedScore {
            figures.append(DigestFigure(display("creditScore.scoreChange"), display.signedInteger(change)))
        }
        if let days = report.daysUntilNextReport {
            figures.append(
                DigestFigure(
                    display("creditScore.nextReport"),
                    display.conventions.words.count("creditScore.digest.days", days, display.integer(days))))
        }
        var scoreLines = [
            display(
                "creditScore.digest.position",
                [
                    "score": String(report.score), "percent": String(Int((report.fill * 100).rounded())),
                    "minimum": String(report.minScore), "maximum": String(report.maxScore)
                ])
        ]
        // The feed's description is often just the band's name again, which the figures already show.
        if let description = report.bandDescription, description.lowercased() != report.band.name.lowercased() {
            scoreLines.insert(description, at: 0)
        }
        func line(_ section: CreditSection) -> [String] {
            [
                display(
                    "creditScore.digest.section",
                    [
                        "utilisation": display.percentage(section.utilisation),
                        "debt": display.money(section.debt, currency: currency),
                        "limit": display.money(section.limit, currency: currency),
                        "change": display.signedChange(section.change, currency: currency)
                    ])
            ]
                + (display.guideline(section.utilisation).map {
                    [display("creditScore.guidelineSentence", ["guideline": $0])]
                } ?? [])
        }
        return ReportDigest(
            figures: figures,
            sections: [
                DigestSection(title: display("creditScore.score"), lines: scoreLines, chart: gauge),
                DigestSection(title: display("creditScore.shortTerm"), lines: line(report.shortTerm), chart: shortTerm),
                DigestSection(title: display("creditScore.longTerm"), lines: line(report.longTerm), chart: longTerm)
            ])
    }
}
