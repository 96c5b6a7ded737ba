import Foundation
import GazetteKindTestSupport
import GazetteTestSupport
import ReportFacts
import XCTest

@testable import Reports

/// Each kind's reading of its data's age (issue 68, point 1) and how the build completes it.
final class FreshnessBasisTests: XCTestCase {
    func testStates() {
        let data = DataFreshness(dataAsOf: 100, validUntil: 200, errorAt: 300)
        XCTAssertEqual([99, 199, 200, 299, 300].map(data.state(at:)), [.fresh, .fresh, .stale, .stale, .expired])
        XCTAssertEqual(DataFreshness(dataAsOf: 1, validUntil: nil, errorAt: nil).state(at: .max), .fresh)
    }

    func testTheHistoryStandsInAndTheJobsCadenceIsOverTheKinds() {
        let kind = Cadence(warnAfter: 10, errorAfter: 20)
        let basis = FreshnessBasis(cadence: kind)
        XCTAssertEqual(
            basis.completed(lastChange: 1000, override: nil),
            DataFreshness(dataAsOf: 1000, validUntil: 1010, errorAt: 1020))
        XCTAssertEqual(
            basis.completed(lastChange: 1000, override: Cadence(warnAfter: 5, errorAfter: nil)),
            DataFreshness(dataAsOf: 1000, validUntil: 1005, errorAt: 1020), "limit by limit")
        XCTAssertEqual(
            basis.completed(lastChange: nil, override: nil), DataFreshness(dataAsOf: nil, validUntil: nil, errorAt: nil)
        )
        // A due moment: the cadence counts from it, not from the data's time.
        XCTAssertEqual(
            FreshnessBasis(dataAsOf: 50, due: 500, cadence: kind).completed(lastChange: 1000, override: nil),
            DataFreshness(dataAsOf: 50, validUntil: 510, errorAt: 520))
        // Final data never turns stale, whatever the job says.
        XCTAssertEqual(
            FreshnessBasis(dataAsOf: 50, isFinal: true).completed(lastChange: nil, override: kind),
            DataFreshness(dataAsOf: 50, validUntil: nil, errorAt: nil))
    }

    func testCreditCountsItsNextReportAndAGrace() throws {
        let content = try CreditScoreKind.build(
            KindBuild.text(.creditScore, name: "c.json", TestSupport.read(TestSupport.fixture("credit-report.json"))),
            options: CreditScoreOptions())
        XCTAssertNil(content.freshness.dataAsOf, "a credit report carries no date: the history's change stands in")
        XCTAssertEqual(content.freshness.cadence, Cadence(warnAfter: (17 + 7) * 86400, errorAfter: nil))
    }

    func testWorkoutsAreAsOfTheirLastSessionWithNoCadence() throws {
        let content = try WorkoutsKind.build(
            KindBuild.text(.workouts, name: "w.txt", "Mar 1 2026,Squat,1,5,100\nMar 3 2026,Squat,1,5,105\n"),
            options: WorkoutsOptions())
        XCTAssertEqual(content.freshness, FreshnessBasis(dataAsOf: 1_772_496_000))
    }

    func testARaceCardIsDueWhenItsLastResultIs() throws {
        let text = TestSupport.read(TestSupport.fixture("race-card.json"))
        let open = try RaceCardKind.build(KindBuild.text(.raceCard, name: "r.json", text), options: RaceCardOptions())
        // 17:35 on 14 November 2023 (UTC readers), and half an hour for its result.
        XCTAssertEqual(open.freshness.due, 1_699_983_300 + 1800)
        XCTAssertNil(open.freshness.dataAsOf, "no race run yet")
        let run = try RaceCardKind.build(
            KindBuild.text(
                .raceCard, name: "r.json", text.replacingOccurrences(of: "\"DECLARED\"", with: "\"RESULTED\"")),
            options: RaceCardOptions())
        XCTAssertEqual(run.freshness, FreshnessBasis(dataAsOf: 1_699_983_300, isFinal: true))
    }

    func testNextToGoIsAsOfItsFirstRaceOrItsFetch() throws {
        let text = TestSupport.read(TestSupport.fixture("next-to-go.json"))
        let now = KindBuild.text(.nextToGo, name: "n.json", text, now: Date(timeIntervalSince1970: 1_699_999_700))
        XCTAssertEqual(try NextToGoKind.build(now, options: NextToGoOptions()).freshness.dataAsOf, 1_699_999_700)
        let later = KindBuild.text(.nextToGo, name: "n.json", text, now: Date(timeIntervalSince1970: 1_700_086_100))
        XCTAssertEqual(
            try NextToGoKind.build(later, options: NextToGoOptions()).freshness.dataAsOf, 1_699_999_730,
            "yesterday's feed is yesterday's data: its first race's start and a minute")
    }
}
