import ChartDrawing
import Graphics
import Canvas
import XCTest
@testable import Charts

/// A chart drawn in both themes at once (its layout worked out for the first and kept for the
/// second) gives the same bytes as each theme drawn on its own, in every format.
final class ChartSketchTests: XCTestCase {
    func testBothThemesTogetherEqualEachAlone() throws {
        // Dense enough to be reduced per device column, with a highlight whose label is placed.
        let points = (0..<3000).map {
            DatedValue(day: 16_000 + $0, value: 150 + 40 * sin(Double($0) / 90) + Double($0 % 7))
        }
        let chart = LineChart(
            title: "Deadlift", seriesName: "Deadlift", unit: "lb", points: points,
            highlight: points[1234], size: Size(width: 720, height: 360))
        for format in [OutputFormat.png(scale: 1), .png(scale: 2), .svg] {
            let together = try ChartRenderer.render(chart, themes: [.light, .dark], format: format)
            XCTAssertEqual(together.count, 2)
            XCTAssertEqual(
                together[0], try ChartRenderer.render(chart, theme: .light, format: format), "light, \(format)")
            XCTAssertEqual(
                together[1], try ChartRenderer.render(chart, theme: .dark, format: format), "dark, \(format)")
            XCTAssertNotEqual(together[0], together[1])
        }
    }

    func testASketchIsNotCarriedToAnotherScale() throws {
        let points = (0..<2000).map { DatedValue(day: 16_000 + $0, value: 100 + Double($0 % 37)) }
        let chart = LineChart(
            title: "Row", seriesName: "Row", unit: "kg", points: points, highlight: nil,
            size: Size(width: 360, height: 300))
        let sketch = ChartSketch()
        let once = try Canvas.render(
            size: chart.size, format: .png(scale: 1), info: DocumentInfo(title: "", description: "")
        ) { context in
            context.paint(Theme.light.background)
            chart.draw(in: context, theme: .light, sketch: sketch)
        }
        let twice = try Canvas.render(
            size: chart.size, format: .png(scale: 2), info: DocumentInfo(title: "", description: "")
        ) { context in
            context.paint(Theme.light.background)
            chart.draw(in: context, theme: .light, sketch: sketch)
        }
        XCTAssertEqual(once, try ChartRenderer.render(chart, theme: .light, format: .png(scale: 1)))
        XCTAssertEqual(twice, try ChartRenderer.render(chart, theme: .light, format: .png(scale: 2)))
    }
}
