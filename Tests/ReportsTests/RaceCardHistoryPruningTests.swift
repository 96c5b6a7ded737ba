import Foundation
import XCTest
import ReportFacts
@testable import Reports

/// Issue 63, 6: a race card's history keeps an earlier build's prices only for the races the
/// latest card still has, so one address serving a new meeting each day does not carry every
/// runner it ever showed into every build (GazetteBench `--only market` times it).
final class RaceCardHistoryPruningTests: XCTestCase {
    private func figures(_ prices: [String: [String]], nonRunners: [String] = []) -> HeadlineFigures {
        HeadlineFigures(RaceCardFigures(runners: prices.count, nonRunners: nonRunners, prices: prices))
    }

    private func prices(_ entry: ReportHistory.Entry) -> [String: [String]]? {
        entry.figures.of(RaceCardFigures.self)?.prices
    }

    func testAnEarlierMeetingsPricesGoOnceANewMeetingIsRecorded() {
        let monday = figures(["1300-monday-stakes/1. Alder": ["5/2", "2/1"], "1300-monday-stakes/2. Birch": ["4/1"]])
        let tuesday = figures(["1300-tuesday-stakes/1. Cedar": ["3/1"]], nonRunners: ["1330-tuesday-cup/4. Damson"])
        let history = ReportHistory().recording(monday, at: 100).recording(tuesday, at: 200)
        XCTAssertEqual(history.entries.map(\.at), [100, 200], "every build is still an entry")
        XCTAssertEqual(prices(history.entries[0]), [:], "Monday's runners are never read again")
        XCTAssertEqual(prices(history.entries[1]), ["1300-tuesday-stakes/1. Cedar": ["3/1"]])
    }

    func testARaceTheLatestCardStillHasKeepsItsWholePriceHistory() {
        let early = figures(["1300-cup/1. Alder": ["5/2"], "1330-plate/3. Elm": ["8/1"]])
        // Later the 13:00 is off the card (run and gone); the 13:30's runner is unpriced now but
        // its race is still on the card through a non-runner, so its earlier prices stay.
        let later = figures(["1400-stakes/1. Fir": ["6/4"]], nonRunners: ["1330-plate/5. Gorse"])
        let history = ReportHistory().recording(early, at: 100).recording(later, at: 200)
        XCTAssertEqual(prices(history.entries[0]), ["1330-plate/3. Elm": ["8/1"]])
        // The same card again, prices moved: nothing of its own races is dropped.
        let again = figures(["1400-stakes/1. Fir": ["5/4"]], nonRunners: ["1330-plate/5. Gorse"])
        let kept = history.recording(again, at: 300)
        XCTAssertEqual(prices(kept.entries[1]), ["1400-stakes/1. Fir": ["6/4"]])
        XCTAssertEqual(prices(kept.entries[0]), ["1330-plate/3. Elm": ["8/1"]])
    }
}
