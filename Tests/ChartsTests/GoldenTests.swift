@testable import ChartDrawing
import Canvas
import Foundation
import GazettePictureTestSupport
import GazetteTestSupport
import XCTest
@testable import Charts

/// Charts rendered to SVG and compared by layout with files in `Goldens/`.
///
/// Run with `GAZETTE_RECORD_GOLDENS=1` to rewrite the goldens that differ (those tests then fail,
/// naming each file); review the new files like code before committing them.
final class GoldenTests: XCTestCase {
    private static let goldens = Golden(besides: #filePath)

    private func assertGolden(
        _ chart: any Chart, theme: Theme = .light, named name: String,
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        Self.goldens.assertSVG(
            try ChartRenderer.render(chart, theme: theme, format: .svg), name, file: file, line: line)
    }

    // MARK: Goldens

    func testLineChartWithOnePoint() throws {
        XCTAssertEqual(TestData.onePoint.count, 1)
        try assertGolden(TestData.lineChart(TestData.onePoint, title: "Front Squat"), named: "line-one-point.svg")
    }

    func testLineChartOverATypicalYear() throws {
        XCTAssertTrue((110...130).contains(TestData.typicalYear.count), "\(TestData.typicalYear.count) points")
        try assertGolden(TestData.lineChart(TestData.typicalYear, title: "Bench Press"), named: "line-typical-year.svg")
    }

    func testLineChartOverFourYears() throws {
        XCTAssertGreaterThan(TestData.multiYear.count, 200)
        try assertGolden(TestData.lineChart(TestData.multiYear, title: "Deadlift"), named: "line-four-years.svg")
    }

    func testLineChartOverATypicalYearOnAPhone() throws {
        try assertGolden(
            TestData.lineChart(TestData.typicalYear, title: "Bench Press", size: TestData.phone), theme: .dark,
            named: "line-typical-year-phone-dark.svg")
    }

    /// No spot beside the point is clear of the line: the label goes to the header.
    func testLineChartWithTheLabelInTheHeader() throws {
        let inTheBand = DatedValue(day: TestData.denseBand[75].day, value: 250)
        try assertGolden(
            TestData.lineChart(TestData.denseBand, title: "Deadlift", highlight: inTheBand),
            named: "line-label-on-title-line.svg")
        try assertGolden(
            TestData.lineChart(
                TestData.denseBand, title: "Incline Bench Press", highlight: inTheBand, size: TestData.phone),
            theme: .dark, named: "line-label-on-axis-label-line-phone-dark.svg")
    }

    func testMarketChart() throws {
        try assertGolden(MarketChart(title: "Race 1 — betting market", entries: TestData.market), named: "market.svg")
    }

    func testMarketChartDark() throws {
        try assertGolden(
            MarketChart(title: "Race 1 — betting market", entries: TestData.market), theme: .dark,
            named: "market-dark.svg")
    }

    // MARK: Rendering

    func testPNGsDecodeAtOneAndTwoTimesTheSize() throws {
        let charts: [any Chart] = [
            TestData.lineChart(TestData.typicalYear),
            TestData.lineChart([]),
            MarketChart(title: "Race 1", entries: TestData.market)
        ]
        for chart in charts {
            for theme in [Theme.light, .dark] {
                for scale in [1.0, 2.0] {
                    let bitmap = try Bitmap(png: ChartRenderer.render(chart, theme: theme, format: .png(scale: scale)))
                    XCTAssertEqual(bitmap.width, Int(chart.size.width * scale))
                    XCTAssertEqual(bitmap.height, Int(chart.size.height * scale))
                    let corner = bitmap.pixel(x: 1, y: bitmap.height - 2)
                    XCTAssertEqual(
                        [corner.r, corner.g, corner.b].map(Int.init),
                        [theme.background.red, theme.background.green, theme.background.blue].map {
                            Int(($0 * 255).rounded())
                        },
                        "the background is painted")
                }
            }
        }
    }

    func testTheHighlightIsDrawnInTheHighlightColour() throws {
        let chart = TestData.lineChart(TestData.onePoint)
        let layout = LineChartLayout(chart: chart) { text, size, _ in Double(text.count) * size * 0.6 }
        let bitmap = try Bitmap(png: ChartRenderer.render(chart, theme: .light, format: .png(scale: 1)))
        // The ring is 7 px around the point; sample its right edge.
        let point = layout.highlightPoint!
        let pixel = bitmap.pixel(x: Int(point.x + 7), y: Int(point.y))
        let ring = Theme.light.highlight
        XCTAssertEqual(Double(pixel.r) / 255, ring.red, accuracy: 0.2)
        XCTAssertEqual(Double(pixel.g) / 255, ring.green, accuracy: 0.2)
        XCTAssertEqual(Double(pixel.b) / 255, ring.blue, accuracy: 0.2)
    }

    func testRenderingTwiceGivesTheSameBytes() throws {
        let chart = TestData.lineChart(TestData.typicalYear)
        let first = try ChartRenderer.render(chart, theme: .dark, format: .svg)
        _ = try ChartRenderer.render(MarketChart(title: "Other", entries: TestData.market), theme: .light, format: .svg)
        let second = try ChartRenderer.render(chart, theme: .dark, format: .svg)
        XCTAssertEqual(first, second)
        XCTAssertEqual(
            try ChartRenderer.render(chart, theme: .light, format: .png(scale: 2)),
            try ChartRenderer.render(chart, theme: .light, format: .png(scale: 2)))
    }

    func testSVGCarriesTheTitleAndSummary() throws {
        let chart = MarketChart(title: "Race <1>", entries: TestData.market)
        let svg = String(decoding: try ChartRenderer.render(chart, theme: .light, format: .svg), as: UTF8.self)
        XCTAssertTrue(svg.contains("<title>Race &lt;1&gt;</title>"))
        XCTAssertTrue(svg.contains("<desc>Implied win chances: 1 Quillfeather 38.1% (13/8),"))
        XCTAssertTrue(svg.contains("role=\"img\""))
    }
}
