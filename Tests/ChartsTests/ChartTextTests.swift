@testable import ChartDrawing
import Graphics
import XCTest
@testable import Charts
import Localization

final class ChartTextTests: XCTestCase {
    func testNumbersAreEnglishWithThousandsSeparators() {
        XCTAssertEqual(NumberText.standard.decimal(1200, fractionDigits: 0), "1,200")
        XCTAssertEqual(NumberText.standard.decimal(999, fractionDigits: 0), "999")
        XCTAssertEqual(NumberText.standard.decimal(-1_234_567.891, fractionDigits: 2), "-1,234,567.89")
        XCTAssertEqual(NumberText.standard.decimal(262.5, fractionDigits: 1), "262.5")
        XCTAssertEqual(NumberText.standard.decimal(-0.001, fractionDigits: 1), "0.0")
        XCTAssertEqual(NumberText.standard.decimal(0.30000000000000004, fractionDigits: 1), "0.3")
    }

    func testWholeUnitsAreTruncated() {
        XCTAssertEqual(NumberText.standard.whole(310.9091), "310")
        XCTAssertEqual(NumberText.standard.whole(246.6667), "246")
        XCTAssertEqual(NumberText.standard.whole(1234.9), "1,234")
        XCTAssertEqual(NumberText.standard.whole(-5.7), "-5")
        XCTAssertEqual(NumberText.standard.whole(0.4), "0")
    }

    func testPercentagesHaveAtMostOneDecimal() {
        XCTAssertEqual(NumberText.standard.percent(share: 8.0 / 21.0), "38.1%")
        XCTAssertEqual(NumberText.standard.percent(share: 0.25), "25%")
        XCTAssertEqual(NumberText.standard.percent(share: 1.0 / 101.0), "1%")
        XCTAssertEqual(NumberText.standard.percent(share: 1), "100%")
        XCTAssertEqual(NumberText.standard.percent(share: 0), "0%")
    }

    func testTruncationMeasuresAndAddsAnEllipsis() {
        let measure = { (text: String) in Double(text.count) * 10 }
        XCTAssertEqual(TextFitting.truncate("Short", toWidth: 50, measure: measure), "Short")
        XCTAssertEqual(TextFitting.truncate("Cheeky Little Monkey", toWidth: 80, measure: measure), "Cheeky…")
        XCTAssertEqual(TextFitting.truncate("Cheeky Little Monkey", toWidth: 95, measure: measure), "Cheeky L…")
        XCTAssertEqual(TextFitting.truncate("Anything", toWidth: 3, measure: measure), "…")
        XCTAssertEqual(TextFitting.truncate("Ünïcødé names", toWidth: 60, measure: measure), "Ünïcø…")
    }

    // MARK: Line chart summary

    func testLineChartSummaryStatesTheData() {
        let chart = LineChart(
            title: "Back Squat", seriesName: "Back Squat", unit: "lb",
            points: [
                DatedValue(day: 17450, value: 300.5), DatedValue(day: 17177, value: 150.2),
                DatedValue(day: 17300, value: 310.9091)
            ],
            highlight: DatedValue(day: 17300, value: 310.9091))
        XCTAssertEqual(
            chart.summary,
            "Back Squat estimated one-rep max, 3 training days from 11 Jan 2017 to 11 Oct 2017; "
                + "best 310 lb on 14 May 2017; latest 300 lb on 11 Oct 2017; range 150 to 310 lb.")
        XCTAssertEqual(chart.highlightLabel, "Best 310 lb · 14 May 2017")
        XCTAssertEqual(chart.axisLabel, "1RM (lb)")
        XCTAssertEqual(chart.points.map(\.day), [17177, 17300, 17450], "points are sorted by day")
    }

    func testLineChartSummaryForNoOneAndEqualDays() {
        XCTAssertEqual(
            LineChart(title: "X", seriesName: "Deadlift", unit: "kg", points: [], highlight: nil).summary,
            "No training days recorded.")
        let one = DatedValue(day: 17450, value: 225.75)
        XCTAssertEqual(
            LineChart(title: "X", seriesName: "Front Squat", unit: "kg", points: [one], highlight: one).summary,
            "Front Squat estimated one-rep max, 1 training day on 11 Oct 2017; best 225 kg on 11 Oct 2017; "
                + "latest 225 kg on 11 Oct 2017.")
        let flat = [DatedValue(day: 17450, value: 300), DatedValue(day: 17460, value: 300)]
        XCTAssertEqual(
            LineChart(title: "X", seriesName: "Press", unit: "lb", points: flat, highlight: nil).summary,
            "Press estimated one-rep max, 2 training days from 11 Oct 2017 to 21 Oct 2017; "
                + "latest 300 lb on 21 Oct 2017; steady at 300 lb.")
    }

    func testLineChartSummaryGroupsLargeNumbers() {
        let points = (0..<1500).map { DatedValue(day: 16000 + $0, value: 1000 + Double($0)) }
        let chart = LineChart(title: "X", seriesName: "Leg Press", unit: "lb", points: points, highlight: points.last)
        XCTAssertEqual(
            chart.summary,
            "Leg Press estimated one-rep max, 1,500 training days from 22 Oct 2013 to 29 Nov 2017; "
                + "best 2,499 lb on 29 Nov 2017; latest 2,499 lb on 29 Nov 2017; range 1,000 to 2,499 lb.")
    }

    // MARK: Market summary

    func testMarketSummaryListsEveryRunner() {
        XCTAssertEqual(
            MarketChart(title: "Race 1", entries: TestData.market).summary,
            "Implied win chances: 1 Quillfeather 38.1% (13/8), 4 Tin Lantern 25% (3/1), "
                + "10 Marigold Express Of The Northern Downs 12.5% (14/2), 13 Second Breakfast 12.5% (7/1), "
                + "9 Copper Kettle 9.1% (10/1), 6 Slow Puncture 3.8% (25/1), 3 Long Odds 1% (100/1); "
                + "unpriced: 14 Mystery Guest (SP), 2 Blank Slate.")
    }

    func testMarketSummaryWithoutPricesOrRunners() {
        XCTAssertEqual(
            MarketChart(title: "R", entries: [MarketEntry(label: "1 A", probability: nil, odds: "SP")]).summary,
            "No runner is priced; unpriced: 1 A (SP).")
        XCTAssertEqual(MarketChart(title: "R", entries: []).summary, "No runners in this market.")
    }

    func testMarketHeightGrowsWithTheRunners() {
        XCTAssertEqual(
            MarketChart(title: "R", entries: TestData.market).size,
            Size(width: 720, height: 72 + 9 * MarketChart.rowHeight + 14))
        XCTAssertEqual(MarketChart(title: "R", entries: [], size: 480).size.width, 480)
        XCTAssertEqual(MarketChart(title: "R", entries: TestData.market).favouriteIndex, 0)
        let unpricedFirst = [MarketEntry(label: "1 A", probability: nil, odds: "SP")] + TestData.market
        XCTAssertEqual(MarketChart(title: "R", entries: unpricedFirst).favouriteIndex, 1)
    }
}
