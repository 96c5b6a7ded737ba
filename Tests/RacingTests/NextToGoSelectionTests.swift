import Racing
import XCTest

final class NextToGoSelectionTests: XCTestCase {
    private var races: [RaceSummary] = []

    override func setUpWithError() throws {
        races = try NextToGoFeed.decode(from: sampleData("nextraces_9_mixed.json")).races
    }

    private func labels(now: Int64, _ categories: Set<RaceCategory> = []) -> [String] {
        NextToGoSelection.next(races, now: now, categories: categories).map { "\($0.meetingName) R\($0.number)" }
    }

    // MARK: - SPEC §6 oracles

    func testAllCategoriesAtTheOracleTime() {
        XCTAssertEqual(
            labels(now: 1_687_208_700),
            [
                "Palermo R11", "Plainridge Racecourse R5", "Santiago R12", "Louisiana Downs R6", "Gavea R2"
            ])
    }

    func testHorseOnly() {
        XCTAssertEqual(
            labels(now: 1_687_208_700, [.horse]),
            [
                "Palermo R11", "Santiago R12", "Louisiana Downs R6", "Gavea R2", "Prairie Meadows R3"
            ])
    }

    func testARaceStaysOneMinuteAfterItsStart() {
        XCTAssertEqual(labels(now: 1_687_208_759).first, "Palermo R11")
        XCTAssertEqual(
            labels(now: 1_687_208_760),
            [
                "Plainridge Racecourse R5", "Santiago R12", "Louisiana Downs R6", "Gavea R2", "Prairie Meadows R3"
            ])
        XCTAssertEqual(
            labels(now: 1_687_208_760, [.horse]),
            [
                "Santiago R12", "Louisiana Downs R6", "Gavea R2", "Prairie Meadows R3", "Palermo R13"
            ])
    }

    // MARK: - Filters

    func testFewerThanFiveAvailable() {
        XCTAssertEqual(labels(now: 1_687_208_700, [.harness]), ["Plainridge Racecourse R5", "Plainridge Racecourse R7"])
        XCTAssertEqual(labels(now: 1_687_208_700, [.greyhound]), ["Manawatu R2"])
    }

    func testSeveralCategories() {
        XCTAssertEqual(
            labels(now: 1_687_210_000, [.harness, .greyhound]),
            ["Plainridge Racecourse R7", "Manawatu R2"])
        XCTAssertEqual(labels(now: 1_687_208_700, [.horse, .harness, .greyhound]), labels(now: 1_687_208_700))
    }

    func testSharedStartOrdersByMeetingName() {
        // Palermo R13 and Plainridge Racecourse R7 both start at 1687212000.
        XCTAssertEqual(labels(now: 1_687_211_500), ["Palermo R13", "Plainridge Racecourse R7", "Manawatu R2"])
    }

    func testOtherCategoryOnlyInTheUnfilteredView() {
        let odd = RaceSummary(
            id: "q", number: 1, meetingName: "Mystery", categoryID: "unknown", advertisedStart: 1_687_208_000)
        let all = NextToGoSelection.visible(races + [odd], now: 1_687_208_000, categories: [])
        XCTAssertEqual(all.first?.meetingName, "Mystery")
        for filter: Set<RaceCategory> in [[.horse], [.horse, .harness, .greyhound], [.other], [.other, .horse]] {
            XCTAssertFalse(
                NextToGoSelection.visible(races + [odd], now: 1_687_208_000, categories: filter)
                    .contains { $0.meetingName == "Mystery" }, "\(filter)")
        }
    }

    // MARK: - Order and limits

    func testFullTieBreaksAndInputOrderIndependence() {
        let start: Int64 = 1000
        let made = [
            RaceSummary(id: "b", number: 2, meetingName: "Alpha", categoryID: "", advertisedStart: start),
            RaceSummary(id: "a", number: 2, meetingName: "Alpha", categoryID: "", advertisedStart: start),
            RaceSummary(id: "c", number: 1, meetingName: "Alpha", categoryID: "", advertisedStart: start),
            RaceSummary(id: "d", number: 1, meetingName: "Beta", categoryID: "", advertisedStart: start),
            RaceSummary(id: "e", number: 9, meetingName: "Zulu", categoryID: "", advertisedStart: start - 1)
        ]
        let expected = ["e", "c", "a", "b", "d"]
        XCTAssertEqual(NextToGoSelection.visible(made, now: 0, categories: []).map(\.id), expected)
        XCTAssertEqual(NextToGoSelection.visible(made.reversed(), now: 0, categories: []).map(\.id), expected)
        XCTAssertEqual(NextToGoFeed(races: made).races.map(\.id), expected)
    }

    func testVisibleKeepsEveryRaceAndNextHonoursTheLimit() {
        XCTAssertEqual(NextToGoSelection.visible(races, now: 1_687_208_700, categories: []).count, 9)
        XCTAssertEqual(NextToGoSelection.next(races, now: 1_687_208_700, categories: [], limit: 2).count, 2)
        XCTAssertEqual(NextToGoSelection.next(races, now: 1_687_208_700, categories: [], limit: 0), [])
        XCTAssertEqual(NextToGoSelection.next(races, now: 1_687_208_700, categories: [], limit: -1), [])
        XCTAssertEqual(NextToGoSelection.next(races, now: 1_700_000_000, categories: []), [])
    }

    func testExpiry() {
        let race = RaceSummary(id: "x", number: 1, meetingName: "M", categoryID: "", advertisedStart: 100)
        XCTAssertEqual(NextToGoSelection.expiry(of: race), 160)
        XCTAssertTrue(NextToGoSelection.isVisible(race, now: 159))
        XCTAssertFalse(NextToGoSelection.isVisible(race, now: 160))
        let late = RaceSummary(id: "y", number: 1, meetingName: "M", categoryID: "", advertisedStart: .max - 10)
        XCTAssertEqual(NextToGoSelection.expiry(of: late), .max)
        XCTAssertTrue(NextToGoSelection.isVisible(late, now: 0))
    }
}
