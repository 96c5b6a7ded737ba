@testable import ChartDrawing
import Graphics
import Canvas
import XCTest
@testable import Charts

/// The M4 reduction of dense lines: the rule on small cases, and a 5,000-point daily series whose
/// reduced drawing matches the whole drawing's pixels and keeps the SVG small.
final class ColumnReductionTests: XCTestCase {
    func testEachColumnKeepsItsFirstLowestHighestAndLastPointInOrder() {
        let points = [
            Point(x: 0.1, y: 5), Point(x: 0.3, y: 9), Point(x: 0.5, y: 1), Point(x: 0.7, y: 4), Point(x: 0.9, y: 6),
            Point(x: 1.2, y: 3), Point(x: 1.4, y: 3), Point(x: 2.5, y: 7)
        ]
        let reduced = ColumnReduction.reduce(points, columnsPerUnit: 1)
        XCTAssertEqual(
            reduced,
            [
                Point(x: 0.1, y: 5), Point(x: 0.3, y: 9), Point(x: 0.5, y: 1), Point(x: 0.9, y: 6),
                Point(x: 1.2, y: 3), Point(x: 1.4, y: 3), Point(x: 2.5, y: 7)
            ])
    }

    func testColumnsAreDevicePixels() {
        // Two points per chart pixel: one column each at 2×, one column for both at 1×.
        let points = (0..<8).map { Point(x: Double($0) * 0.5 + 0.1, y: Double($0 % 3)) }
        XCTAssertEqual(ColumnReduction.reduce(points, columnsPerUnit: 2), points)
        XCTAssertLessThanOrEqual(ColumnReduction.reduce(points, columnsPerUnit: 1).count, points.count)
    }

    func testASparseLineIsLeftAlone() {
        let points = (0..<50).map { Point(x: Double($0) * 3, y: Double($0 * 7 % 11)) }
        XCTAssertEqual(ColumnReduction.reduce(points, columnsPerUnit: 1), points)
    }

    private var dailySeries: LineChart {
        // 5,000 days of a noisy, drifting value: every column of the plot gets several points.
        var generator = UInt64(42)
        let points = (0..<5000).map { day -> DatedValue in
            generator = generator &* 6364136223846793005 &+ 1442695040888963407
            let noise = Double(generator >> 40) / Double(1 << 24) * 30
            return DatedValue(day: 12_000 + day, value: 150 + Double(day) / 50 + noise)
        }
        return LineChart(
            title: "Back squat", seriesName: "Back squat", unit: "lb", points: points,
            highlight: points.max { $0.value < $1.value })
    }

    private func whole(_ chart: LineChart, theme: Theme, format: OutputFormat) throws -> [UInt8] {
        var whole = chart
        whole.reducesDenseLines = false
        return try ChartRenderer.render(whole, theme: theme, format: format)
    }

    func testADenseSeriesLooksTheSameReduced() throws {
        let chart = dailySeries
        for theme in [Theme.light, Theme.dark] {
            for scale in [1.0, 2.0] {
                let reduced = try Bitmap(png: ChartRenderer.render(chart, theme: theme, format: .png(scale: scale)))
                let full = try Bitmap(png: whole(chart, theme: theme, format: .png(scale: scale)))
                let differing = reduced.differingFraction(from: full, tolerance: 24)
                XCTAssertLessThan(differing, 0.005, "scale \(scale): \(differing * 100)% of pixels differ")
            }
        }
    }

    func testADenseSeriesSVGStaysSmall() throws {
        let chart = dailySeries
        let reduced = try ChartRenderer.render(chart, theme: .light, format: .svg)
        let full = try whole(chart, theme: .light, format: .svg)
        XCTAssertLessThanOrEqual(
            reduced.count, 60_000, "the reduced SVG is \(reduced.count) bytes (whole: \(full.count))")
        XCTAssertLessThan(reduced.count, full.count)
    }
}
