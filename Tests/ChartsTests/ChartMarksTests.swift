import Graphics
import XCTest
@testable import ChartDrawing
@testable import Charts

/// The line chart's day markers and the half gauge's marks: said, kept in the cache key, and a
/// marker's label placed inside the plot clear of the line where it can be.
final class ChartMarksTests: XCTestCase {
    private let points = [
        DatedValue(day: 20_000, value: 743), DatedValue(day: 20_031, value: 800), DatedValue(day: 20_061, value: 812)
    ]

    func testAMarkerIsSaidInTheSummary() {
        var chart = LineChart(
            title: "Score over time", seriesName: "Score", unit: "", points: points, highlight: nil, quantity: "")
        chart.markers = [DayMarker(day: 20_061, label: "Scale 0–1000")]
        XCTAssertTrue(chart.summary.contains("Scale 0–1000 from 4 Dec 2024"), chart.summary)
    }

    func testMarksAndMarkersAreInTheChartsKey() throws {
        var gauge = HalfGauge(title: "Utilisation", percent: 34)
        let bare = try ChartRenderer.keyBytes(gauge)
        gauge.marks = [GaugeMark(percent: 30, label: "30%", isMain: true)]
        let marked = try ChartRenderer.keyBytes(gauge)
        XCTAssertNotEqual(bare, marked)
        gauge.marks = [GaugeMark(percent: 25, label: "25%", isMain: true)]
        XCTAssertNotEqual(try ChartRenderer.keyBytes(gauge), marked)
    }

    func testAMarkerLabelGoesWhereTheLineIsNot() throws {
        let plot = Rect(x: 60, y: 74, width: 640, height: 240)
        let size = Size(width: 100, height: 20)
        // A line along the plot's bottom: the label goes in the top row, left of a marker at the right edge.
        let low = [Point(x: 60, y: 300), Point(x: 700, y: 300)]
        let rect = try XCTUnwrap(LineChartRenderer.markerLabelRect(size, at: 700, plot: plot, avoiding: low))
        XCTAssertEqual(rect.maxX, 695)
        XCTAssertEqual(rect.minY, 74 + LineChartRenderer.markerTopRow)
        // A line along the top: the label goes to the bottom.
        let high = [Point(x: 60, y: 104), Point(x: 700, y: 104)]
        let lower = try XCTUnwrap(LineChartRenderer.markerLabelRect(size, at: 300, plot: plot, avoiding: high))
        XCTAssertEqual(lower.minX, 305, "right of the marker")
        XCTAssertEqual(lower.maxY, plot.maxY - 6)
    }
}
