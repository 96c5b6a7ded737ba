import Deterministic
import Graphics
import ReportFacts
import Localization
import Charts
import CreditScore
import Foundation
import GazetteCore

/// Credit score: the gauge, the band bar, factor counts and the two credit cards (SPEC §1.3).
package enum CreditScoreKind: ReportKindUnit {
    package typealias Figures = CreditFigures

    package static let keys = [
        OptionKey(
            "currency",
            .object([
                "type": .string("string"), "pattern": .string("^[A-Za-z]{3}$"),
                "description": .string("ISO code of the money amounts (default GBP)")
            ]))
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
                band: report.band.index, bandName: display.bandName(report.band), conventions: input.conventions))
        let bandBar = ChartSpec(
            name: "score-bands",
            chart: BandBar(
                bandNames: ScoreBand.known.map(display.bandName), current: report.band.index,
                conventions: input.conventions))
        let shortTerm = card(
            display("creditScore.shortTerm"), "short-term", report.shortTerm, currency: currency, display)
        let longTerm = card(display("creditScore.longTerm"), "long-term", report.longTerm, currency: currency, display)
        let figures = HeadlineFigures(
            CreditFigures(score: report.score, band: report.band.rawBand, utilisation: report.percentageCreditUsed))
        let change = changeNote(report, figures: figures, input: input, display)
        var made = self.page(
            report, input: input, charts: (gauge, bandBar), cards: (shortTerm.page, longTerm.page),
            source: source.displayName, display)
        made.change = change?.line
        let overTime = scoreOverTime(figures, input: input, display)
        made.overTime = overTime.map {
            ResponsiveChart(wide: ChartImage($0.wide, table: $0.table), narrow: ChartImage($0.narrow))
        }
        if let overTime { made.overTime?.wide.alt = overTime.alt }
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
            change: change
        )
    }

    /// The score at every build the history kept and at this one, once there are two: a line
    /// over the builds' days with each build's band shaded behind it, wide and narrow, with its
    /// table; nil before that.
    private static func scoreOverTime(_ figures: HeadlineFigures, input: ReportInput, _ display: Display)
        -> (wide: ChartSpec, narrow: ChartSpec, table: DataTable, alt: String)?
    {
        guard input.compared(figures) != nil else { return nil }
        let entries = input.historyAfter(figures).entries
        var scores: [(day: CivilDate, score: Int, band: Int)] = []
        for entry in entries {
            guard let credit = entry.figures.of(CreditFigures.self) else { continue }
            let day = input.conventions.civilDate(of: Date(timeIntervalSince1970: TimeInterval(entry.at)))
            scores.append((day, credit.score, credit.band))
        }
        guard scores.count >= 2, let first = scores.first, let last = scores.last else { return nil }
        let points = scores.map { DatedValue(day: $0.day.dayNumber, value: Double($0.score)) }
        let bands = scores.map {
            BandSpan(day: $0.day.dayNumber, band: $0.band, name: display.bandName(ScoreBand(rawBand: $0.band)))
        }
        func chart(_ size: Size) -> LineChart {
            var chart = LineChart(
                title: display("creditScore.overTime"), seriesName: display("creditScore.score"), unit: "",
                points: points, highlight: nil, size: size, axisName: display("creditScore.score"), quantity: "",
                conventions: input.conventions)
            chart.bands = bands
            return chart
        }
        let table = DataTable(
            caption: display("creditScore.overTime"),
            headers: [display("creditScore.builtOn"), display("creditScore.score"), display("creditScore.band")],
            rows: scores.reversed().map { row in
                TableRow(
                    header: input.conventions.fullDay(row.day),
                    cells: [String(row.score), display.bandName(ScoreBand(rawBand: row.band))])
            })
        let alt = display(
            "creditScore.overTimeAlt",
            [
                "first": String(first.score), "firstDate": input.conventions.fullDay(first.day),
                "last": String(last.score), "lastDate": input.conventions.fullDay(last.day)
            ])
        return (
            ChartSpec(name: "score-over-time", chart: chart(Size(width: 720, height: 360))),
            ChartSpec(name: "score-over-time--phone", chart: chart(Size(width: 360, height: 300))), table, alt
        )
    }

    /// The score against the history: "Score 530, +16 since 1 October 2026" (from the last build
    /// that recorded figures), or "no change since" the last build that changed anything.
    private static func changeNote(
        _ report: CreditReport, figures: HeadlineFigures, input: ReportInput, _ display: Display
    ) -> ChangeNote? {
        guard let comparison = input.compared(figures) else { return nil }
        let score = String(report.score)
        if comparison.changed, let since = comparison.since, let before = since.figures.of(CreditFigures.self) {
            let change = display.signedInteger(report.score - before.score)
            return ChangeNote(
                line: display(
                    "creditScore.changeSince", ["score": score, "change": change, "date": input.day(of: since)]),
                subject: display("creditScore.changeSubject", ["score": score, "change": change]))
        }
        guard let last = comparison.unchangedSince ?? comparison.since else { return nil }
        return ChangeNote(
            line: display("creditScore.unchangedSince", ["score": score, "date": input.day(of: last)]),
            subject: input.noChange(since: last))
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
        let detail = display(
            "creditScore.gaugeDetail",
            ["debt": debt, "limit": limit, "change": display.signedChange(section.change, currency: currency)])
        let chart = ChartSpec(
            name: "\(name)-utilisation",
            chart: HalfGauge(
                title: display("creditScore.gaugeTitle", ["title": title]),
                percent: section.utilisation.map(Double.init),
                caption: display("charts.halfGauge.utilised"), detail: detail, conventions: display.conventions))
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
public struct CreditScoreOptions: Equatable, Sendable, Encodable {
    public var currency = "GBP"

    public init(currency: String = "GBP") {
        self.currency = currency
    }
}
