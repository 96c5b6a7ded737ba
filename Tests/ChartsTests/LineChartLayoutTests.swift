@testable import ChartDrawing
import Graphics
import Canvas
import XCTest
@testable import Charts

final class LineChartLayoutTests: XCTestCase {
    /// DejaVu Sans is about 0.6 em wide on average; a little more for bold.
    private let measure: LineChartLayout.Measure = { text, size, weight in
        Double(text.count) * size * (weight == .bold ? 0.68 : 0.6)
    }

    private func layout(
        _ points: [DatedValue], highlight: DatedValue?? = nil, title: String = "T",
        size: Size = Size(width: 720, height: 360), axisName: String = "1RM"
    ) -> LineChartLayout {
        LineChartLayout(
            chart: chart(points, highlight: highlight, title: title, size: size, axisName: axisName),
            measure: measure)
    }

    private func chart(
        _ points: [DatedValue], highlight: DatedValue?? = nil, title: String = "T",
        size: Size = Size(width: 720, height: 360), axisName: String = "1RM"
    ) -> LineChart {
        LineChart(
            title: title, seriesName: "S", unit: "lb", points: points, highlight: highlight ?? TestData.best(points),
            size: size, axisName: axisName)
    }

    /// 160 days in a row swinging between 100 and 200: a band of line across the whole plot.
    private let dense: [DatedValue] = (0..<160).map { (index: Int) -> DatedValue in
        let low = 100 + Double(index % 7)
        let high = 200 - Double(index % 5)
        return DatedValue(day: 17500 + index, value: index % 2 == 0 ? low : high)
    }

    private let sizes = [Size(width: 720, height: 360), Size(width: 360, height: 300), Size(width: 320, height: 240)]

    /// The rule: the highlight label covers no point and no part of any segment of the line,
    /// nor the highlight's ring; it stays on the chart, and in the header it stays off the title
    /// and the axis label.
    private func assertTheLabelHidesNothing(
        _ layout: LineChartLayout, _ chart: LineChart, _ what: String,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        guard let rect = layout.highlightLabelRect, let spot = layout.highlightLabelSpot,
            let point = layout.highlightPoint
        else {
            return XCTFail("\(what): no highlight label", file: file, line: line)
        }
        func inside(_ p: Point) -> Bool { p.x >= rect.minX && p.x <= rect.maxX && p.y >= rect.minY && p.y <= rect.maxY }
        for (index, p) in layout.positions.enumerated() {
            XCTAssertFalse(inside(p), "\(what): the label covers point \(index)", file: file, line: line)
            guard index > 0 else { continue }
            let a = layout.positions[index - 1]
            // Sampled every ¼ px or so along the segment.
            let steps = max(1, Int((abs(p.x - a.x) + abs(p.y - a.y)) * 4))
            let hit = (0...steps).contains { step in
                let t = Double(step) / Double(steps)
                return inside(Point(x: a.x + (p.x - a.x) * t, y: a.y + (p.y - a.y) * t))
            }
            XCTAssertFalse(hit, "\(what): the label covers segment \(index - 1)–\(index)", file: file, line: line)
        }
        let dx = max(rect.minX - point.x, 0, point.x - rect.maxX)
        let dy = max(rect.minY - point.y, 0, point.y - rect.maxY)
        XCTAssertGreaterThanOrEqual(
            (dx * dx + dy * dy).squareRoot(), LineChartLayout.highlightRadius + 2,
            "\(what): the label covers the ring", file: file, line: line)
        XCTAssertGreaterThanOrEqual(rect.minX, 0, what, file: file, line: line)
        XCTAssertGreaterThanOrEqual(rect.minY, 0, what, file: file, line: line)
        XCTAssertLessThanOrEqual(rect.maxX, chart.size.width, what, file: file, line: line)
        if spot == .plot {
            XCTAssertGreaterThanOrEqual(rect.minX, layout.plot.minX, what, file: file, line: line)
            XCTAssertLessThanOrEqual(rect.maxX, layout.plot.maxX, what, file: file, line: line)
            XCTAssertGreaterThanOrEqual(
                rect.minY, layout.plot.minY - LineChartLayout.highlightLabelRise, what, file: file, line: line)
            XCTAssertLessThanOrEqual(rect.maxY, layout.plot.maxY, what, file: file, line: line)
        } else {
            XCTAssertLessThanOrEqual(
                rect.maxY, layout.plot.minY, "\(what): the header label is above the plot", file: file, line: line)
            // Right-aligned with the plot, unless too wide for the chart: then from the left margin.
            XCTAssertTrue(
                rect.maxX == chart.size.width - LineChartLayout.rightMargin || rect.minX == LineChartLayout.sideMargin,
                "\(what): right-aligned", file: file, line: line)
            // The title's and axis label's text, from cap height to descent.
            let texts = [
                (layout.title, LineChartLayout.titleFontSize, FontWeight.bold, LineChartLayout.titleBaseline),
                (chart.axisLabel, LineChartLayout.labelFontSize, .regular, LineChartLayout.axisLabelBaseline)
            ]
            for (text, size, weight, baseline) in texts {
                let box = Rect(
                    x: LineChartLayout.sideMargin, y: baseline - size * 0.75,
                    width: measure(text, size, weight), height: size)
                let overlaps =
                    rect.minX < box.maxX && box.minX < rect.maxX && rect.minY < box.maxY && box.minY < rect.maxY
                XCTAssertFalse(overlaps, "\(what): the label covers “\(text)”", file: file, line: line)
            }
        }
    }

    func testEveryPointStaysInsideThePlotAndTheHighlightLabelHidesNoData() {
        let datasets: [(String, [DatedValue])] = [
            ("one point", TestData.onePoint), ("typical year", TestData.typicalYear),
            ("four years", TestData.multiYear),
            ("flat pair", [DatedValue(day: 17450, value: 300), DatedValue(day: 17460, value: 300)]),
            ("dense", dense), ("rising", (0..<30).map { DatedValue(day: 17000 + $0 * 5, value: 100 + Double($0)) })
        ]
        for (name, points) in datasets {
            // The best day, and a day in the middle of the data, where the line passes above and below.
            for highlight in [
                TestData.best(points), points[points.count / 2],
                DatedValue(
                    day: points[points.count / 2].day,
                    value: (points.map(\.value).max()! + points.map(\.value).min()!) / 2)
            ] {
                for size in sizes {
                    for title in ["T", "Incline Bench Press: daily 1RM"] {
                        let chart = chart(points, highlight: highlight, title: title, size: size)
                        let layout = LineChartLayout(chart: chart, measure: measure)
                        for position in layout.positions {
                            XCTAssertTrue(position.x >= layout.plot.minX && position.x <= layout.plot.maxX)
                            XCTAssertTrue(position.y >= layout.plot.minY && position.y <= layout.plot.maxY)
                        }
                        assertTheLabelHidesNothing(
                            layout, chart,
                            "\(name) at \(Int(size.width))×\(Int(size.height)), “\(title)”, highlight \(highlight!.value)"
                        )
                    }
                }
            }
        }
    }

    func testTheLabelStaysBesideItsPointWhenThereIsAClearSpot() {
        let layout = layout((0..<30).map { DatedValue(day: 17000 + $0 * 5, value: 100 + Double($0)) })
        XCTAssertEqual(layout.highlightLabelSpot, LineChartLayout.HighlightLabelSpot.plot)
    }

    func testWhenTheDataLeavesNoClearSpotTheLabelGoesToTheHeader() {
        // Halfway up the band of line, where every spot beside the point crosses it.
        let middle = DatedValue(day: dense[dense.count / 2].day, value: 150)
        // Room on the title's line beside a short title.
        XCTAssertEqual(
            layout(dense, highlight: middle, title: "Deadlift: daily 1RM").highlightLabelSpot,
            LineChartLayout.HighlightLabelSpot.titleLine)
        // Narrow, under a long title, on the axis label's line (the estimate here is wider than
        // DejaVu Sans, which fits this on the axis label's line at 360 px).
        let narrow = Size(width: 400, height: 300)
        XCTAssertEqual(
            layout(dense, highlight: middle, title: "Incline Bench Press: daily 1RM", size: narrow).highlightLabelSpot,
            LineChartLayout.HighlightLabelSpot.axisLabelLine)
        // No room on either: a line of its own, and the plot moves down to make it.
        let crowded = layout(
            dense, highlight: middle, title: "Incline Bench Press: daily 1RM", size: narrow,
            axisName: "Estimated one-rep max")
        XCTAssertEqual(crowded.highlightLabelSpot, LineChartLayout.HighlightLabelSpot.ownLine)
        XCTAssertEqual(crowded.plot.minY, LineChartLayout.plotTopInset + LineChartLayout.headerRowHeight)
        XCTAssertEqual(layout(dense, highlight: middle, size: narrow).plot.minY, LineChartLayout.plotTopInset)
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
        let points = [
            DatedValue(day: 17450, value: 100), DatedValue(day: 17480, value: 120), DatedValue(day: 17451, value: 110)
        ]
        XCTAssertEqual(layout(points).positions.count, 3)
        XCTAssertEqual(layout(points, highlight: .some(nil)).highlightLabel, nil)
    }

    func testNonFiniteValuesAreLeftOut() {
        let chart = LineChart(
            title: "T", seriesName: "S", unit: "lb",
            points: [DatedValue(day: 1, value: .nan), DatedValue(day: 2, value: 5)], highlight: nil)
        XCTAssertEqual(chart.points, [DatedValue(day: 2, value: 5)])
    }
}
