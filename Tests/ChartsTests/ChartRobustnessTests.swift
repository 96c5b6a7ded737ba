import ChartDrawing
import Graphics
import XCTest
@testable import Charts
import Localization

final class ChartRobustnessTests: XCTestCase {
    /// Odd inputs draw something and never trap.
    func testOddInputsRender() throws {
        let odd: [[DatedValue]] = [
            [DatedValue(day: -3650, value: 1e-6), DatedValue(day: -3600, value: 2e-6)],
            [DatedValue(day: 17450, value: 1e20), DatedValue(day: 17451, value: -1e20)],
            [DatedValue(day: 17450, value: 5), DatedValue(day: 17450, value: 7), DatedValue(day: 17450, value: 6)],
            (0..<5000).map { DatedValue(day: 10_000 + $0, value: Double($0 % 97)) }
        ]
        for points in odd {
            for size in [Size(width: 720, height: 360), Size(width: 200, height: 120)] {
                let chart = LineChart(
                    title: "Odd", seriesName: "Odd", unit: "kg", points: points,
                    highlight: DatedValue(day: 17000, value: 3), size: size)
                _ = try ChartRenderer.render(chart, theme: .dark, format: .png(scale: 1))
                XCTAssertFalse(chart.summary.isEmpty)
            }
        }
        XCTAssertEqual(NumberText.standard.whole(1e20), "1e+20")
        let market = MarketChart(
            title: String(repeating: "Long title ", count: 20),
            entries: [
                MarketEntry(label: String(repeating: "W", count: 200), probability: 2, odds: "0/1"),
                MarketEntry(label: "", probability: -1, odds: String(repeating: "garbage ", count: 40)),
                MarketEntry(label: "3 Z", probability: .nan, odds: "")
            ], size: 240)
        _ = try ChartRenderer.render(market, theme: .light, format: .png(scale: 2))
        XCTAssertEqual(market.favouriteIndex, 0)
    }
}
