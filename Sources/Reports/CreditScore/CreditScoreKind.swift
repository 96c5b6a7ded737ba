import Deterministic
import Graphics
import ReportFacts
import Localization
import Charts
import CreditScore
import Foundation
import GazetteCore
import JSONSupport

/// Credit score: the gauge, the band bar, factor counts and the two credit cards (SPEC §1.3).
package enum CreditScoreKind: ReportKindUnit {
    package typealias Figures = CreditFigures

    package static let keys = [
        OptionKey(
            "currency",
            .object([
                "type": .string("string"), "pattern": .string("^[A-Za-z]{3}$"),
                "description": .string("ISO code of the money amounts (default GBP)")
            ])),
        OptionKey.fields(MappedCreditReport.keys, "a credit report")
    ]
    package static let takesSeveralInputs = false
    package static let kind = ReportKind.creditScore
    package static let defaultTitle = "Credit score"
    package static let nameKey = "kinds.creditScore"
    package static func reportOptions(_ options: CreditScoreOptions) -> ReportOptions { .creditScore(options) }
    package static func reportData(_ data: CreditScoreReportData) -> ReportData { .creditScore(data) }
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
        if let value = fields["fields"] { options.fields = try value.fieldMapping(MappedCreditReport.keys) }
        return options
    }

    package static func build(_ input: ReportInput, options: CreditScoreOptions) throws(BuildError) -> ReportContent {
        let (source, bytes) = try input.single()
        let report: CreditReport
        do {
            if let mapping = options.fields {
                report = try MappedCreditReport.decode(Data(bytes), mapping: mapping)
            } else {
                report = try CreditReport.decode(from: Data(bytes))
            }
        } catch {
            throw BuildError.decoding(source, bytes: bytes, CreditFieldGuess.guessing(error, in: Data(bytes)))
        }
        let currency = options.currency
        let display = Display(input.conventions)
        let gauge = ChartSpec(
            name: "score-gauge",
            chart: ScoreGauge(
                score: report.score, minimum: report.minScore, maximum: report.maxScore,
                band: report.band.index, bandName: display.bandName(report.band), conventions: input.conventions))
        // The band bar and the utilisation gauges are shown on this page alone: written into it.
        // (The gauge is the report's thumbnail too; the score over time's page alt text is its own.)
        let bandBar = ChartSpec(
            name: "score-bands",
            chart: BandBar(
                bandNames: ScoreBand.known.map(display.bandName), current: report.band.index,
                conventions: input.conventions), inline: true)
        let shortTerm = card(
            display("creditScore.shortTerm"), "short-term", report.shortTerm, currency: currency, display)
        let longTerm = card(display("creditScore.longTerm"), "long-term", report.longTerm, currency: currency, display)
        let credit = CreditFigures(report)
        let figures = HeadlineFigures(credit)
        let change = CreditChange.note(report, figures: credit, input: input, display)
        var made = self.page(
            report, input: input, charts: (gauge, bandBar), cards: (shortTerm.page, longTerm.page),
            source: source.displayName, display)
        made.change = change?.line
        let overTime = CreditScoreOverTime.make(report, figures: credit, input: input, display)
        made.overTime = overTime.map {
            var wide = ChartImage($0.wide, table: $0.table)
            wide.alt = $0.alt
            return ResponsiveChart(wide: wide, narrow: ChartImage($0.narrow))
        }
        made.overTimeNote = overTime?.note
        let page = made
        return ReportContent(
            pages: [PageSpec(path: "index.html", title: input.title, context: .creditScore(page))],
            charts: [gauge, bandBar, shortTerm.chart, longTerm.chart]
                + (overTime.map { [$0.wide, $0.narrow] } ?? []),
            data: .creditScore(CreditScoreReportData(report, currency: currency)),
            warnings: input.warnings { warnings(report, Display($0)) }.map { $0.placed(in: source) },
            card: ReportCard(
                headline: display(
                    "creditScore.cardHeadline", ["score": String(report.score), "maximum": String(report.maxScore)]),
                detail: display(
                    "creditScore.cardDetail",
                    [
                        "band": bandName(report, display), "positive": display.positiveFactors(report),
                        "negative": display.negativeFactors(report)
                    ]),
                thumbnail: gauge.ref, change: change?.line),
            summary: CreditScoreSummary.lines(report, currency: currency, display),
            digest: CreditScoreDigest.make(
                report, currency: currency, gauge: gauge.ref,
                shortTerm: shortTerm.chart.ref, longTerm: longTerm.chart.ref, display),
            figures: figures,
            change: change,
            freshness: FreshnessBasis(cadence: cadence(report))
        )
    }

    /// The next report is due `daysUntilNextReport` days after this one (a month when it does not
    /// say): stale a week after that (an error only when the job's `fresh:` sets error-after). The
    /// report carries no date of its own, so the days count from when its figures last changed
    /// (the history).
    static func cadence(_ report: CreditReport) -> Cadence {
        let due = Int64(max(0, report.daysUntilNextReport ?? 30)) * 86400
        return Cadence(warnAfter: due + 7 * 86400, errorAfter: nil)
    }

    private static func bandName(_ report: CreditReport, _ display: Display) -> String { display.bandName(report.band) }

    /// The page's figures, the gauge and the band bar with their tables, and the credit cards.
    private static func page(
        _ report: CreditReport, input: ReportInput, charts: (gauge: ChartSpec, bandBar: ChartSpec),
        cards: (short: CreditCardPage, long: CreditCardPage), source: String, _ display: Display
    ) -> CreditScorePage {
        let (gauge, bandBar) = charts
        let bandRows = ScoreBand.known.enumerated().map { index, band in
            TableRow(
                header: display.bandName(band),
                cells: [index == report.band.index ? display("creditScore.thisScore") : ""])
        }
        let percentOfRange = input.conventions.numbers.withPercentSign("\(Int((report.fill * 100).rounded()))")
        let gaugeTable = DataTable(
            caption: display("creditScore.score"),
            headers: [display("creditScore.figure"), display("creditScore.value")],
            rows: [
                TableRow(header: display("creditScore.score"), cells: [String(report.score)]),
                TableRow(header: display("creditScore.minimum"), cells: [String(report.minScore)]),
                TableRow(header: display("creditScore.maximum"), cells: [String(report.maxScore)]),
                TableRow(
                    header: display("creditScore.shareOfRange"),
                    cells: [input.conventions.numbers.decimal(report.fill, fractionDigits: 4)])
            ])
        return CreditScorePage(
            title: input.title,
            score: String(report.score),
            minimum: String(report.minScore),
            maximum: String(report.maxScore),
            percentOfRange: percentOfRange,
            scoreRange: display(
                "creditScore.scoreRange",
                ["minimum": String(report.minScore), "maximum": String(report.maxScore), "percent": percentOfRange]),
            ledeMiddle: display("creditScore.ledeMiddle", ["maximum": String(report.maxScore)]),
            bandName: bandName(report, display),
            bandDescription: report.bandDescription,
            gauge: ChartImage(gauge, table: gaugeTable),
            bands: ChartImage(
                bandBar,
                table: DataTable(
                    caption: display("creditScore.scoreBands"),
                    headers: [display("creditScore.band"), display("creditScore.position")], rows: bandRows)),
            positiveFactors: String(report.positiveFactors),
            negativeFactors: String(report.negativeFactors),
            scoreChange: report.changedScore.map { display.signedInteger($0) },
            daysUntilNextReport: report.daysUntilNextReport.map { display.count("creditScore.inDays", $0) },
            creditUsed: report.percentageCreditUsed.map { display.percentage($0) },
            creditUsedGuideline: display.guideline(report.percentageCreditUsed),
            shortTerm: cards.short,
            longTerm: cards.long,
            source: source
        )
    }

    private static func card(
        _ title: String, _ name: String, _ section: CreditSection, currency: String, _ display: Display
    )
        -> (page: CreditCardPage, chart: ChartSpec)
    {
        let debt = display.money(section.debt, currency: currency)
        let limit = display.money(section.limit, currency: currency)
        let guideline = display.guideline(section.utilisation)
        let detail = display(
            "creditScore.gaugeDetail",
            ["debt": debt, "limit": limit, "change": display.signedChange(section.change, currency: currency)])
        let guidelineSentence = guideline.map { " " + display("creditScore.guidelineSentence", ["guideline": $0]) }
        var gauge = HalfGauge(
            title: display("creditScore.gaugeTitle", ["title": title]),
            percent: section.utilisation.map(Double.init),
            caption: display("charts.halfGauge.utilised"), detail: detail + (guidelineSentence ?? ""),
            // Wider than a bare gauge: the marks' labels take room left of the ring.
            size: Size(width: 280, height: 150), conventions: display.conventions)
        // The usual guideline drawn stronger than the stricter ones.
        gauge.marks = [UtilisationGuideline.strictest, UtilisationGuideline.stricter, UtilisationGuideline.usual].map {
            GaugeMark(percent: Double($0), label: display.percentage($0), isMain: $0 == UtilisationGuideline.usual)
        }
        let chart = ChartSpec(name: "\(name)-utilisation", chart: gauge, inline: true)
        let change = section.change
        let page = CreditCardPage(
            title: title,
            gauge: ChartImage(
                chart,
                table: DataTable(
                    caption: title, headers: [display("creditScore.figure"), display("creditScore.value")],
                    rows: [
                        TableRow(
                            header: display("creditScore.utilisation"), cells: [display.percentage(section.utilisation)]
                        ),
                        TableRow(header: display("creditScore.debt"), cells: [debt]),
                        TableRow(header: display("creditScore.limit"), cells: [limit]),
                        TableRow(
                            header: display("creditScore.changeOfDebt"),
                            cells: [display.signedChange(change, currency: currency)])
                    ])),
            utilisation: display.percentage(section.utilisation),
            guideline: guideline,
            threshold: UtilisationGuideline(utilisation: section.utilisation)?.rawValue,
            debt: debt,
            limit: limit,
            change: display.signedChange(change, currency: currency),
            // More debt is bad news, less is good news.
            changeTone: change.map { $0 > 0 ? "worse" : $0 < 0 ? "better" : "same" } ?? "same"
        )
        return (page, chart)
    }

    /// The report's warnings in the readers' language, in `CreditReport.warnings`' order.
    package static func warnings(_ report: CreditReport, _ display: Display) -> [ReportWarning] {
        report.warningReasons.map { reason in
            let message: String
            switch reason {
            case .scoreClamped:
                message = display(
                    "creditScore.warning.clamped",
                    [
                        "score": String(report.score), "minimum": String(report.minScore),
                        "maximum": String(report.maxScore)
                    ])
            case .unknownBand(let raw):
                message = display(
                    "creditScore.warning.unknownBand", ["band": String(raw), "name": display.bandName(report.band)])
            case .utilisationClamped(let longTerm, let utilisation):
                message = display(
                    longTerm ? "creditScore.warning.longTermClamped" : "creditScore.warning.shortTermClamped",
                    ["utilisation": String(utilisation)])
            }
            return ReportWarning(.shownDifferently, message)
        }
    }
}

// gazette:template credit-score
package struct CreditScorePage: Codable, Sendable, Equatable {
    package var title: String
    package var score: String
    package var minimum: String
    package var maximum: String
    package var percentOfRange: String
    /// `of 300–850 (76% of the range)`, after the score.
    package var scoreRange: String
    /// The lede between the score and the band's name: ` out of 850 — band `.
    package var ledeMiddle: String
    package var bandName: String
    package var bandDescription: String?
    package var gauge: ChartImage
    package var bands: ChartImage
    package var positiveFactors: String
    package var negativeFactors: String
    package var scoreChange: String?
    /// What changed since an earlier build ("Score 530, +16 since 1 October 2026").
    package var change: String? = nil
    /// The score at each build, once the history holds two.
    package var overTime: ResponsiveChart? = nil
    /// Under "Score over time" when the builds span scales: the changes and how they are drawn.
    package var overTimeNote: String? = nil
    package var daysUntilNextReport: String?
    package var creditUsed: String?
    /// The credit used against the utilisation guidelines ("Above 30%, the usual guideline").
    package var creditUsedGuideline: String?
    package var shortTerm: CreditCardPage
    package var longTerm: CreditCardPage
    package var source: String
}

package struct CreditCardPage: Codable, Sendable, Equatable {
    package var title: String
    package var gauge: ChartImage
    package var utilisation: String
    /// The utilisation against the guidelines, and its `UtilisationGuideline` name for styles.
    package var guideline: String?
    package var threshold: String?
    package var debt: String
    package var limit: String
    package var change: String
    package var changeTone: String
}

/// A credit-score report's options: the ISO code of its money amounts.
public struct CreditScoreOptions: Equatable, Sendable, Encodable {
    public var currency = "GBP"
    /// Where each value is in a credit JSON no format knows (`fields:`), read instead of ClearScore's shape.
    public var fields: FieldMapping?

    public init(currency: String = "GBP", fields: FieldMapping? = nil) {
        self.currency = currency
        self.fields = fields
    }
}
