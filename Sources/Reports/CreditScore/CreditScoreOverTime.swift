import Charts
import CreditScore
import Deterministic
import Foundation
import Graphics
import ReportFacts

/// The score at every build the history kept and at this one, once there are two: a line over
/// the builds' days with each build's band shaded behind it, wide and narrow, with its table.
///
/// When the builds span more than one scale, every score is drawn on this report's scale
/// (`ScoreScale.rescaled`: the same share of the range), each change of scale is marked at the
/// first build on the new scale and said in the alt text and in a sentence on the page, and the
/// table gives each build's score of its own scale beside the score as drawn.
enum CreditScoreOverTime {
    struct Made {
        var wide: ChartSpec
        var narrow: ChartSpec
        var table: DataTable
        var alt: String
        /// The sentences on the page about the changes of scale; nil when there were none.
        var note: String?
    }

    /// One build: its day, figures, the scale they are on and the score on this report's scale.
    struct Build {
        var day: CivilDate
        var figures: CreditFigures
        var scale: ScoreScale
        var drawn: Int
    }

    static func make(_ report: CreditReport, figures: CreditFigures, input: ReportInput, _ display: Display)
        -> Made?
    {
        let headline = HeadlineFigures(figures)
        guard input.compared(headline) != nil else { return nil }
        var days: [CivilDate] = []
        var kept: [CreditFigures] = []
        for entry in input.historyAfter(headline).entries {
            guard let credit = entry.figures.of(CreditFigures.self) else { continue }
            days.append(input.conventions.civilDate(of: Date(timeIntervalSince1970: TimeInterval(entry.at))))
            kept.append(credit)
        }
        let newest = report.scale
        let builds = zip(zip(days, kept), kept.scales(current: newest)).map { pair, scale in
            Build(day: pair.0, figures: pair.1, scale: scale, drawn: scale.rescaled(pair.1.score, to: newest))
        }
        guard builds.count >= 2 else { return nil }
        let changes = scaleChanges(builds)
        let axisName =
            changes.isEmpty
            ? display("creditScore.score")
            : display("creditScore.scoreOnScale", ["scale": display.scaleRange(newest)])
        func chart(_ size: Size) -> LineChart {
            var chart = LineChart(
                title: display("creditScore.overTime"), seriesName: display("creditScore.score"), unit: "",
                points: builds.map { DatedValue(day: $0.day.dayNumber, value: Double($0.drawn)) }, highlight: nil,
                size: size, axisName: axisName, quantity: "", conventions: input.conventions)
            chart.bands = builds.map {
                let band = $0.figures.band
                return BandSpan(day: $0.day.dayNumber, band: band, name: display.bandName(ScoreBand(rawBand: band)))
            }
            if !changes.isEmpty {
                chart.markers = changes.map {
                    DayMarker(
                        day: $0.at.day.dayNumber,
                        label: display("creditScore.scaleMarker", ["scale": display.scaleRange($0.at.scale)]))
                }
            }
            return chart
        }
        // Between sentences: a space, or none in Japanese.
        let space = display("creditScore.sentenceSeparator")
        let sentences = changes.map { change in
            display(
                "creditScore.scaleChanged",
                [
                    "from": display.scaleRange(change.from), "to": display.scaleRange(change.at.scale),
                    "date": input.conventions.fullDay(change.at.day)
                ])
        }
        return Made(
            wide: ChartSpec(name: "score-over-time", chart: chart(Size(width: 720, height: 360))),
            narrow: ChartSpec(
                name: "score-over-time--phone", chart: chart(Size(width: 360, height: 300)), layoutOf: "score-over-time"
            ),
            table: table(builds, rescaled: !changes.isEmpty, newest: newest, input: input, display),
            alt: ([alt(builds, rescaled: !changes.isEmpty, newest: newest, input: input, display)] + sentences)
                .joined(separator: space),
            note: changes.isEmpty ? nil : (sentences + [rule(builds, newest: newest, display)]).joined(separator: space)
        )
    }

    /// Each build whose scale differs from the build before's, with that scale.
    static func scaleChanges(_ builds: [Build]) -> [(at: Build, from: ScoreScale)] {
        zip(builds.dropFirst(), builds).compactMap { build, before in
            build.scale == before.scale ? nil : (build, before.scale)
        }
    }

    /// A build's score of its own scale, "560 of 700".
    private static func own(_ build: Build, _ display: Display) -> String {
        display("creditScore.scoreOf", ["score": String(build.figures.score), "maximum": String(build.scale.maximum)])
    }

    /// The table, newest first; with the score as drawn beside each build's own when scales differ.
    private static func table(
        _ builds: [Build], rescaled: Bool, newest: ScoreScale, input: ReportInput, _ display: Display
    ) -> DataTable {
        let onScale = display("creditScore.onScale", ["scale": display.scaleRange(newest)])
        return DataTable(
            caption: display("creditScore.overTime"),
            headers: [display("creditScore.builtOn"), display("creditScore.score")] + (rescaled ? [onScale] : [])
                + [display("creditScore.band")],
            rows: builds.reversed().map { build in
                TableRow(
                    header: input.conventions.fullDay(build.day),
                    cells: (rescaled ? [own(build, display), String(build.drawn)] : [String(build.figures.score)])
                        + [display.bandName(ScoreBand(rawBand: build.figures.band))])
            })
    }

    /// The first and last build in words; on one scale as drawn, naming a rescaled score's own.
    private static func alt(
        _ builds: [Build], rescaled: Bool, newest: ScoreScale, input: ReportInput, _ display: Display
    ) -> String {
        let first = builds[0]
        let last = builds[builds.count - 1]
        func said(_ build: Build) -> String {
            build.scale == newest
                ? String(build.drawn)
                : display("creditScore.rescaledScore", ["drawn": String(build.drawn), "own": own(build, display)])
        }
        return display(
            rescaled ? "creditScore.overTimeAltRescaled" : "creditScore.overTimeAlt",
            [
                "first": said(first), "firstDate": input.conventions.fullDay(first.day),
                "last": said(last), "lastDate": input.conventions.fullDay(last.day),
                "scale": display.scaleRange(newest)
            ])
    }

    /// How earlier scales are drawn, with the oldest rescaled build as the example.
    private static func rule(_ builds: [Build], newest: ScoreScale, _ display: Display) -> String {
        let example = builds.first { $0.scale != newest } ?? builds[0]
        return display(
            "creditScore.rescaleRule",
            ["scale": display.scaleRange(newest), "own": own(example, display), "drawn": String(example.drawn)])
    }
}
