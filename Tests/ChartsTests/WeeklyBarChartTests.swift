@testable import ChartDrawing
import Canvas
import Deterministic
import Graphics
import Localization
import XCTest
@testable import Charts

/// The weekly bar chart: its sentence, its bars' geometry and its files.
final class WeeklyBarChartTests: XCTestCase {
    /// The Monday of 1 January 2024's week, and the Mondays after it.
    private static func monday(_ week: Int) -> Int {
        CivilDate(year: 2024, month: 1, day: 1).dayNumber + 7 * week
    }

    /// Four weeks with training over five: the third week has none.
    private static let worked = [
        WeekBar(day: monday(0), value: 1_000.4, sets: 12),
        WeekBar(day: monday(1), value: 2_500, sets: 20),
        WeekBar(day: monday(3), value: 12_345.9, sets: 41),
        WeekBar(day: monday(4), value: 9_870, sets: 30)
    ]

    /// The worked example with its latest week the highest: its label sits over its bar.
    private static let rising = worked.enumerated().map { index, bar in
        WeekBar(day: bar.day, value: index == 3 ? 15_000 : bar.value, sets: bar.sets)
    }

    private static func chart(
        _ bars: [WeekBar], period: BarPeriod = .week, size: Size = Size(width: 720, height: 360),
        conventions: TextConventions = .standard
    ) -> WeeklyBarChart {
        let words = conventions.words
        let quantity = ["week": "weeklyVolume", "month": "monthlyVolume", "year": "yearlyVolume"][period.rawValue]!
        return WeeklyBarChart(
            title: "Volume", seriesName: "All exercises", unit: "kg", bars: bars, period: period, size: size,
            axisName: words["charts.weeklyBars.volume"], quantity: words["charts.weeklyBars." + quantity],
            conventions: conventions)
    }

    private static func day(_ year: Int, _ month: Int, _ day: Int) -> Int {
        CivilDate(year: year, month: month, day: day).dayNumber
    }

    /// Five years of weeks, some skipped, values drifting up with jitter: the same on every machine.
    private static let fiveYears: [WeekBar] = {
        var generator = TestData.Generator(state: 260)
        return (0..<262).compactMap { week in
            guard week % 23 != 7, week != 100, week != 101 else { return nil }
            let value = 4_000 + Double(week) * 30 + Double(generator.next(3_000))
            return WeekBar(day: monday(week) - 5 * 364, value: value, sets: 20 + generator.next(20))
        }
    }()

    private static func layout(_ chart: WeeklyBarChart) -> WeeklyBarLayout {
        WeeklyBarLayout(chart: chart) { text, size, _ in Double(text.count) * size * 0.6 }
    }

    // MARK: Summary

    func testTheSummaryOfAWorkedExample() {
        XCTAssertEqual(
            Self.chart(Self.worked).summary,
            "All exercises weekly volume, 4 training weeks from the week of 1 Jan 2024 to the week of 29 Jan 2024; "
                + "highest 12,345 kg in the week of 22 Jan 2024; latest 9,870 kg in the week of 29 Jan 2024.")
    }

    func testTheSummaryIsInTheReadersLanguageAndNumbers() throws {
        let german = try TextConventions(locale: "de-DE", timeZone: "UTC")
        XCTAssertEqual(
            Self.chart(Self.worked, conventions: german).summary,
            "All exercises, Wochenvolumen, 4 Trainingswochen von der Woche vom 01.01.2024 bis zur Woche vom "
                + "29.01.2024; Höchstwert 12.345 kg in der Woche vom 22.01.2024; zuletzt 9.870 kg in der Woche vom "
                + "29.01.2024.")
        XCTAssertEqual(Self.chart(Self.worked, conventions: german).axisLabel, "Volumen (kg)")
    }

    func testOneWeekAndNoWeeks() {
        XCTAssertEqual(
            Self.chart([Self.worked[2]]).summary,
            "All exercises weekly volume, 1 training week: 12,345 kg in the week of 22 Jan 2024.")
        XCTAssertEqual(Self.chart([]).summary, "No training weeks recorded.")
    }

    /// A day inside a week counts for its Monday; two totals for one week are one bar.
    func testBarsFallOnTheirWeeksMondays() {
        let chart = Self.chart([
            WeekBar(day: Self.monday(1) + 4, value: 100, sets: 2),
            WeekBar(day: Self.monday(1), value: 50, sets: 1),
            WeekBar(day: Self.monday(0) + 6, value: .nan, sets: 3),
            WeekBar(day: Self.monday(0) + 6, value: 10, sets: 1)
        ])
        XCTAssertEqual(
            chart.bars,
            [WeekBar(day: Self.monday(0), value: 10, sets: 1), WeekBar(day: Self.monday(1), value: 150, sets: 3)])
    }

    // MARK: Months and years

    /// Days move to their month's 1st and a month's bars add up; the words name months.
    func testMonthlyBarsAndTheirSentence() throws {
        let chart = Self.chart(
            [
                WeekBar(day: Self.day(2024, 1, 1), value: 1_000, sets: 10),
                WeekBar(day: Self.day(2024, 1, 29), value: 500, sets: 5),
                WeekBar(day: Self.day(2024, 3, 4), value: 2_000, sets: 20),
                WeekBar(day: Self.day(2024, 4, 8), value: 700, sets: 7)
            ], period: .month)
        XCTAssertEqual(chart.bars.map(\.day), [Self.day(2024, 1, 1), Self.day(2024, 3, 1), Self.day(2024, 4, 1)])
        XCTAssertEqual(chart.bars.map(\.value), [1_500, 2_000, 700])
        XCTAssertEqual(
            chart.summary,
            "All exercises monthly volume, 3 training months from Jan 2024 to Apr 2024; highest 2,000 kg in Mar 2024; "
                + "latest 700 kg in Apr 2024.")
        let german = try TextConventions(locale: "de-DE", timeZone: "UTC")
        XCTAssertEqual(
            Self.chart(
                [WeekBar(day: Self.day(2024, 3, 4), value: 2_000, sets: 20)], period: .month, conventions: german
            )
            .summary,
            "All exercises, Monatsvolumen, 1 Trainingsmonat: 2.000 kg im März 2024.")
    }

    func testYearlyBarsAndTheirSentence() {
        let chart = Self.chart(
            [
                WeekBar(day: Self.day(1900, 6, 4), value: 10_000, sets: 100),
                WeekBar(day: Self.day(1900, 12, 31), value: 5_000, sets: 50),
                WeekBar(day: Self.day(2024, 1, 1), value: 20_000, sets: 200)
            ], period: .year)
        XCTAssertEqual(chart.bars.map(\.day), [Self.day(1900, 1, 1), Self.day(2024, 1, 1)])
        XCTAssertEqual(
            chart.summary,
            "All exercises yearly volume, 2 training years from 1900 to 2024; highest 20,000 kg in 2024; "
                + "latest 20,000 kg in 2024.")
    }

    /// A month's bar is centred on its month, as wide as an average month less the gap; a year's on its year.
    func testAPeriodsBarSpansItsPeriod() {
        let months = (0..<30).map { WeekBar(day: Self.day(2020 + $0 / 12, $0 % 12 + 1, 1), value: 100, sets: 1) }
        let layout = Self.layout(Self.chart(months, period: .month))
        XCTAssertEqual(layout.bars.count, 30)
        let february = layout.bars[1]
        let middle = layout.axes.x(Double(Self.day(2020, 2, 1)) + 29.0 / 2)
        XCTAssertEqual(february.midX, middle, accuracy: 1)
        let average = layout.axes.x(365.2425 / 12) - layout.axes.x(0)
        XCTAssertEqual(february.width, layout.bars[2].width, accuracy: 1)
        XCTAssertLessThan(february.width, average)
        XCTAssertLessThan(february.maxX, layout.bars[2].minX, "a gap between months")
        let years = (0..<400).map { WeekBar(day: Self.day(1700 + $0, 1, 1), value: Double($0), sets: 1) }
        let yearly = Self.layout(Self.chart(years, period: .year, size: Size(width: 360, height: 300)))
        XCTAssertEqual(yearly.bars.count, 400)
        for rect in yearly.bars {
            XCTAssertGreaterThanOrEqual(rect.minX, yearly.plot.minX)
            XCTAssertLessThanOrEqual(rect.maxX, yearly.plot.maxX)
        }
    }

    // MARK: Layout

    /// A bar per week with training, none in the gap, each as tall as its value on the scale.
    func testBarHeightsFollowTheScaleAndGapsStayEmpty() {
        let layout = Self.layout(Self.chart(Self.worked))
        XCTAssertEqual(layout.bars.count, 4)
        let scale = layout.axes.yScale
        XCTAssertEqual(scale.lower, 0)
        let base = layout.axes.y(0).rounded(.down)
        for (bar, rect) in zip(Self.worked, layout.bars) {
            let expected = bar.value / (scale.upper - scale.lower) * layout.plot.height
            XCTAssertEqual(base - rect.minY, expected, accuracy: 1, "week of \(bar.day)")
            XCTAssertEqual(rect.maxY, base)
            XCTAssertEqual(rect.midX, layout.axes.x(Double(bar.day) + 3.5), accuracy: 1)
        }
        let gapWeek = layout.axes.x(Double(Self.monday(2)) + 3.5)
        XCTAssertFalse(layout.bars.contains { $0.minX <= gapWeek && gapWeek <= $0.maxX })
        // The bars have gaps between them, and the gap week's room is left empty.
        XCTAssertLessThan(layout.bars[0].maxX, layout.bars[1].minX)
        XCTAssertGreaterThan(layout.bars[2].minX - layout.bars[1].maxX, layout.bars[1].width)
    }

    /// The latest bar's label goes over it when the bars beside leave room, else into the header.
    func testTheLatestLabelNeverCoversABar() {
        let taller = Self.layout(Self.chart(Self.worked))
        XCTAssertEqual(taller.latestLabel, "9,870 kg")
        XCTAssertEqual(taller.latestLabelSpot, .titleLine, "the taller week before leaves no room over the bar")
        XCTAssertLessThanOrEqual(taller.latestLabelRect!.maxY, taller.plot.minY)
        let layout = Self.layout(Self.chart(Self.rising))
        XCTAssertEqual(layout.latestLabelSpot, .plot)
        let label = layout.latestLabelRect!
        XCTAssertLessThanOrEqual(label.maxY, layout.bars[3].minY)
        XCTAssertFalse(layout.bars.contains { WeeklyBarLayout.overlap($0, label) })
    }

    func testOneBarIsAWeekWideNotThePlotWide() {
        let layout = Self.layout(Self.chart([Self.worked[0]]))
        XCTAssertEqual(layout.bars.count, 1)
        XCTAssertLessThan(layout.bars[0].width, layout.plot.width / 6)
        XCTAssertEqual(layout.bars[0].midX, layout.plot.midX, accuracy: 1)
        XCTAssertEqual(layout.latestLabelSpot, .plot)
    }

    /// Five years on a phone: every bar at least a pixel wide, inside the plot, none over another.
    func testFiveYearsOnAPhone() {
        for size in [Size(width: 360, height: 300), Size(width: 720, height: 360)] {
            let chart = Self.chart(Self.fiveYears, size: size)
            let layout = Self.layout(chart)
            XCTAssertEqual(layout.bars.count, chart.bars.count)
            for rect in layout.bars {
                XCTAssertGreaterThanOrEqual(rect.width, 1)
                XCTAssertGreaterThanOrEqual(rect.minX, layout.plot.minX)
                XCTAssertLessThanOrEqual(rect.maxX, layout.plot.maxX)
                XCTAssertGreaterThanOrEqual(rect.minY, layout.plot.minY)
            }
            // Bars a pixel wide on weeks narrower than that overlap by the difference only.
            let week = layout.axes.x(7) - layout.axes.x(0)
            for (left, right) in zip(layout.bars, layout.bars.dropFirst()) {
                XCTAssertLessThanOrEqual(left.maxX, right.minX + max(0, 1 - week) + 1e-9)
            }
            XCTAssertNotNil(layout.latestLabelRect, "\(size)")
        }
    }

    // MARK: Files

    /// Every bar is a rectangle of its own: the others in one path in the series colour, the
    /// latest in the highlight colour (its label over it, so no marker in the header).
    func testTheSVGHasARectanglePerBar() throws {
        for theme in [Theme.light, .dark] {
            let svg = String(
                decoding: try ChartRenderer.render(Self.chart(Self.rising), theme: theme, format: .svg), as: UTF8.self)
            let (series, latest) = theme == .light ? ("#0b63ce", "#c2410c") : ("#58a6ff", "#ffa657")
            XCTAssertEqual(Self.rectangles(svg, series), 3)
            XCTAssertEqual(Self.rectangles(svg, latest), 1)
            XCTAssertTrue(svg.contains("<title>Volume</title>"))
            XCTAssertTrue(svg.contains("highest 15,000 kg in the week of 29 Jan 2024"))
        }
    }

    /// Closed subpaths of the path elements filled in `colour` with no stroke: bars, not the
    /// label's outlined box.
    private static func rectangles(_ svg: String, _ colour: String) -> Int {
        svg.split(separator: "\n").filter { $0.hasPrefix("<path d=") && $0.contains("fill=\"\(colour)\"") }
            .filter { !$0.contains("stroke") }.map { $0.filter { $0 == "z" }.count }.reduce(0, +)
    }

    func testRenderingTwiceGivesTheSameBytes() throws {
        let chart = Self.chart(Self.fiveYears)
        for format in [OutputFormat.svg, .png(scale: 2)] {
            let first = try ChartRenderer.render(chart, theme: .dark, format: format)
            _ = try ChartRenderer.render(Self.chart(Self.worked), theme: .light, format: format)
            XCTAssertEqual(first, try ChartRenderer.render(chart, theme: .dark, format: format))
        }
    }

    func testNoBarsDrawWithoutACrash() throws {
        let chart = Self.chart([])
        for theme in [Theme.light, .dark] {
            for format in [OutputFormat.svg, .png(scale: 1)] {
                XCTAssertFalse(try ChartRenderer.render(chart, theme: theme, format: format).isEmpty)
            }
        }
        for bars in [
            [WeekBar(day: 0, value: 0, sets: 1)], [WeekBar(day: 0, value: -5, sets: 1)], Self.worked,
            [WeekBar(day: -3650, value: 1e20, sets: 1), WeekBar(day: 20_000, value: -1e20, sets: 1)]
        ] {
            _ = try ChartRenderer.render(
                Self.chart(bars, size: Size(width: 120, height: 80)), theme: .light, format: .png(scale: 1))
        }
    }

    func testTheKindHasItsOwnTag() throws {
        let key = String(decoding: try ChartRenderer.keyBytes(Self.chart(Self.worked)), as: UTF8.self)
        XCTAssertTrue(key.hasPrefix("\(ChartRenderer.drawingVersion) weekly-bars\n"))
    }
}
