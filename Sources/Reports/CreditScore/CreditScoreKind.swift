import TextStyle
import Charts
import CreditScore
import Foundation
import GazetteCore

/// Credit score: the gauge, the band bar, factor counts and the two credit cards (SPEC §1.3).
package enum CreditScoreKind: ReportKindUnit {
    package static let keys = [
        OptionKey(
            "currency",
            .object([
                "type": .string("string"), "pattern": .string("^[A-Za-z]{3}$"),
                "description": .string("ISO code of the money amounts (default GBP)")
            ]))
    ]
    package static let takesSeveralInputs = false
    package static let defaultOptions = CreditScoreOptions()

    package static func options(_ fields: OptionFields) throws(BuildError) -> CreditScoreOptions {
        var options = CreditScoreOptions()
        if let value = fields["currency"] {
            let code = try value.text().uppercased()
            guard code.count == 3, code.allSatisfy({ $0.isASCII && $0.isLetter }) else {
                throw value.error("currency must be a three-letter code such as GBP, found \"\(code)\"")
            }
            options.currency = code
        }
        return options
    }

    package static func build(_ input: ReportInput, options: CreditScoreOptions) throws(BuildError) -> ReportContent {
        let (source, bytes) = try input.single()
        let report: CreditReport
        do {
            report = try CreditReport.decode(from: Data(bytes))
        } catch {
            throw BuildError.decoding(source, bytes: bytes, error)
        }
        let currency = options.currency
        let display = Display(input.conventions)

        let gauge = ChartSpec(
            name: "score-gauge",
            chart: ScoreGauge(
                score: report.score, minimum: report.minScore, maximum: report.maxScore,
                band: report.band.index, bandName: report.band.name, conventions: input.conventions))
        let bandBar = ChartSpec(
            name: "score-bands",
            chart: BandBar(
                bandNames: ScoreBand.known.map(\.name), current: report.band.index, conventions: input.conventions))
        let shortTerm = card("Short-term credit", "short-term", report.shortTerm, currency: currency, display)
        let longTerm = card("Long-term credit", "long-term", report.longTerm, currency: currency, display)

        let bandRows = ScoreBand.known.enumerated().map { index, band in
            TableRow(header: band.name, cells: [index == report.band.index ? "This score" : ""])
        }
        let page = CreditScorePage(
            title: input.title,
            score: String(report.score),
            minimum: String(report.minScore),
            maximum: String(report.maxScore),
            percentOfRange: input.conventions.numbers.withPercentSign("\(Int((report.fill * 100).rounded()))"),
            bandName: report.band.name,
            bandDescription: report.bandDescription,
            gauge: ChartImage(
                gauge,
                table: DataTable(
                    caption: "Score", headers: ["Figure", "Value"],
                    rows: [
                        TableRow(header: "Score", cells: [String(report.score)]),
                        TableRow(header: "Minimum", cells: [String(report.minScore)]),
                        TableRow(header: "Maximum", cells: [String(report.maxScore)]),
                        TableRow(header: "Share of the range", cells: [Self.fourPlaces(report.fill)])
                    ])),
            bands: ChartImage(
                bandBar, table: DataTable(caption: "Score bands", headers: ["Band", "Position"], rows: bandRows)),
            positiveFactors: String(report.positiveFactors),
            negativeFactors: String(report.negativeFactors),
            scoreChange: report.changedScore.map { display.signedInteger($0) },
            daysUntilNextReport: report.daysUntilNextReport.map { $0 == 1 ? "1 day" : "\(display.integer($0)) days" },
            creditUsed: report.percentageCreditUsed.map { display.percentage($0) },
            shortTerm: shortTerm.page,
            longTerm: longTerm.page,
            source: source.displayName
        )

        return ReportContent(
            pages: [PageSpec(path: "index.html", title: input.title, context: .creditScore(page))],
            charts: [gauge, bandBar, shortTerm.chart, longTerm.chart],
            data: .creditScore(CreditScoreReportData(report, currency: currency)),
            warnings: report.warnings.map { ReportWarning(.shownDifferently, $0) },
            card: ReportCard(
                headline: "\(report.score) out of \(report.maxScore)",
                detail:
                    "Band: \(report.band.name) · \(report.positiveFactors) positive, \(report.negativeFactors) negative factors",
                thumbnail: gauge.name),
            summary: CreditScoreSummary.lines(report, currency: currency, display),
            digest: CreditScoreDigest.make(
                report, currency: currency, gauge: gauge.name,
                shortTerm: shortTerm.chart.name, longTerm: longTerm.chart.name, display)
        )
    }

    private static func card(
        _ title: String, _ name: String, _ section: CreditSection, currency: String, _ display: Display
    )
        -> (page: CreditCardPage, chart: ChartSpec)
    {
        let debt = display.money(section.debt, currency: currency)
        let limit = display.money(section.limit, currency: currency)
        let detail =
            "Debt \(debt), limit \(limit), change of debt \(display.signedChange(section.change, currency: currency))."
        let chart = ChartSpec(
            name: "\(name)-utilisation",
            chart: HalfGauge(
                title: "\(title) utilisation", percent: section.utilisation.map(Double.init), detail: detail,
                conventions: display.conventions))
        let change = section.change
        let page = CreditCardPage(
            title: title,
            gauge: ChartImage(
                chart,
                table: DataTable(
                    caption: title, headers: ["Figure", "Value"],
                    rows: [
                        TableRow(header: "Utilisation", cells: [display.percentage(section.utilisation)]),
                        TableRow(header: "Debt", cells: [debt]),
                        TableRow(header: "Limit", cells: [limit]),
                        TableRow(header: "Change of debt", cells: [display.signedChange(change, currency: currency)])
                    ])),
            utilisation: display.percentage(section.utilisation),
            debt: debt,
            limit: limit,
            change: display.signedChange(change, currency: currency),
            // More debt is bad news, less is good news.
            changeTone: change.map { $0 > 0 ? "worse" : $0 < 0 ? "better" : "same" } ?? "same"
        )
        return (page, chart)
    }

    package static func fourPlaces(_ value: Double) -> String {
        String(format: "%.4f", locale: Locale(identifier: "en_US_POSIX"), value)
    }
}

// gazette:template credit-score
package struct CreditScorePage: Codable, Sendable, Equatable {
    package var title: String
    package var score: String
    package var minimum: String
    package var maximum: String
    package var percentOfRange: String
    package var bandName: String
    package var bandDescription: String?
    package var gauge: ChartImage
    package var bands: ChartImage
    package var positiveFactors: String
    package var negativeFactors: String
    package var scoreChange: String?
    package var daysUntilNextReport: String?
    package var creditUsed: String?
    package var shortTerm: CreditCardPage
    package var longTerm: CreditCardPage
    package var source: String
}

package struct CreditCardPage: Codable, Sendable, Equatable {
    package var title: String
    package var gauge: ChartImage
    package var utilisation: String
    package var debt: String
    package var limit: String
    package var change: String
    package var changeTone: String
}

/// A credit-score report's options: the ISO code of its money amounts.
public struct CreditScoreOptions: Equatable, Sendable {
    public var currency = "GBP"

    public init(currency: String = "GBP") {
        self.currency = currency
    }
}
