import Canvas
import XCTest
@testable import Charts

final class LineChartLayoutTests: XCTestCase {
    /// DejaVu Sans is about 0.6 em wide on average; a little more for bold.
    private let measure: LineChartLayout.Measure = { text, size, weight in
        Double(text.count) * size * (weight == .bold ? 0.68 : 0.6)
    }

    private func layout(_ points: [DatedValue], highlight: DatedValue?? = nil) -> LineChartLayout {
        let chart = LineChart(title: "T", seriesName: "S", unit: "lb", points: points,
                              highlight: highlight ?? TestData.best(points))
        return LineChartLayout(chart: chart, measure: measure)
    }

    func testEveryPointAndTheHighlightLabelStayInsideThePlot() {
        for points in [TestData.onePoint, TestData.typicalYear, TestData.multiYear,
                       [DatedValue(day: 17450, value: 300), DatedValue(day: 17460, value: 300)]] {
            let layout = layout(points)
            for position in layout.positions {
                XCTAssertTrue(position.x >= layout.plot.minX && position.x <= layout.plot.maxX)
                XCTAssertTrue(position.y >= layout.plot.minY && position.y <= layout.plot.maxY)
            }
            let label = layout.highlightLabelRect!
            XCTAssertGreaterThanOrEqual(label.minX, layout.plot.minX)
            XCTAssertLessThanOrEqual(label.maxX, layout.plot.maxX)
            XCTAssertGreaterThanOrEqual(label.minY, layout.plot.minY - LineChartLayout.highlightLabelRise)
            XCTAssertLessThanOrEqual(label.maxY, layout.plot.maxY)
        }
    }

    func testTheLabelFlipsNearTheRightEdge() {
        let points = (0..<30).map { DatedValue(day: 17000 + $0 * 5, value: 100 + Double($0)) }
        let layout = layout(points)
        let point = layout.highlightPoint!
        XCTAssertEqual(point.x, layout.positions.last!.x)
        XCTAssertLessThan(layout.highlightLabelRect!.maxX, point.x, "the label sits left of the last point")
    }

    func testOnePointIsCentredInAWeek() {
        let layout = layout(TestData.onePoint)
        XCTAssertEqual(layout.xDomain, 17447...17453)
        XCTAssertEqual(layout.positions[0].x, layout.plot.midX, accuracy: 1e-9)
        XCTAssertEqual(layout.positions[0].y, layout.plot.midY, accuracy: layout.plot.height * 0.15)
    }

    func testDotsGoWhenPointsAreDense() {
        XCTAssertGreaterThan(layout(Array(TestData.typicalYear.prefix(40))).dotRadius, 0)
        XCTAssertGreaterThan(TestData.typicalYear.count, LineChartLayout.maximumDottedPoints)
        XCTAssertEqual(layout(TestData.typicalYear).dotRadius, 0)
    }

    func testMissingDaysAreNotInvented() {
        let points = [DatedValue(day: 17450, value: 100), DatedValue(day: 17480, value: 120), DatedValue(day: 17451, value: 110)]
        XCTAssertEqual(layout(points).positions.count, 3)
        XCTAssertEqual(layout(points, highlight: .some(nil)).highlightLabel, nil)
    }

    func testNonFiniteValuesAreLeftOut() {
        let chart = LineChart(title: "T", seriesName: "S", unit: "lb",
                              points: [DatedValue(day: 1, value: .nan), DatedValue(day: 2, value: 5)], highlight: nil)
        XCTAssertEqual(chart.points, [DatedValue(day: 2, value: 5)])
    }
}
