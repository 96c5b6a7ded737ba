import Canvas
import ChartDrawing
import Charts
import Graphics
import XCTest

/// The market chart against the runners' opening prices (issue 53): an upright mark where a
/// runner's opening chance differs from now, a key that says what the marks are, and "opened at"
/// in the text alternative; nothing of it when no price moved.
final class MarketOpeningTests: XCTestCase {
    private func chart(opening: Double?) -> MarketChart {
        MarketChart(
            title: "Market: 14:05 Wattle Park",
            entries: [
                MarketEntry(
                    label: "1 Gable End", probability: 2.0 / 7, odds: "5/2", opening: opening, openingOdds: "9/2"),
                MarketEntry(
                    label: "2 Iron Mask", probability: 1.0 / 6, odds: "5/1", opening: 1.0 / 6, openingOdds: "5/1")
            ])
    }

    func testAMovedRunnerIsMarkedAndSaidToHaveOpenedElsewhere() throws {
        let moved = chart(opening: 2.0 / 11)
        XCTAssertTrue(moved.showsOpening)
        XCTAssertEqual(
            moved.summary,
            "Implied win chances: 1 Gable End 28.6% (5/2), opened at 9/2 (18.2%), 2 Iron Mask 16.7% (5/1).")
        let level = chart(opening: 2.0 / 7)
        XCTAssertFalse(level.showsOpening, "an opening at the price now draws no mark")
        XCTAssertEqual(level.summary, "Implied win chances: 1 Gable End 28.6% (5/2), 2 Iron Mask 16.7% (5/1).")
        let drawnMoved = String(decoding: try ChartRenderer.render(moved, theme: .light, format: .svg), as: UTF8.self)
        let drawnLevel = String(decoding: try ChartRenderer.render(level, theme: .light, format: .svg), as: UTF8.self)
        // Marks and key are drawn only when a price moved; a level opening draws what none does.
        XCTAssertNotEqual(drawnMoved, drawnLevel)
        XCTAssertEqual(
            drawnLevel,
            String(decoding: try ChartRenderer.render(chart(opening: nil), theme: .light, format: .svg), as: UTF8.self))
    }
}
