import Foundation
import GazetteTestSupport
import Racing
import XCTest

/// TAB's next-to-go list on our own invented list (docs/reference/inputs.md, "TAB's next-to-go
/// list").
final class TabNextToGoReaderTests: XCTestCase {
    /// 2026-11-28 03:30:00 UTC.
    static let now: Int64 = 1_795_836_600

    private func feed() throws -> NextToGoFeed {
        try NextToGoReaders.decode(FormatFixtures.formatData("tab-next-to-go.json"))
    }

    func testTheFixtureByHand() throws {
        let feed = try feed()
        XCTAssertEqual(feed.races.count, 7)
        // In start order, whatever the list's order.
        XCTAssertEqual(
            feed.races.map { "\($0.meetingName) R\($0.number)" },
            [
                "GLENROY VALE R9", "SALT CREEK R2", "KOOROOK DOWNS R7", "MIRRABOOKA PARK R3", "MIRRABOOKA PARK R4",
                "TIMARU FLATS R5", "EAST BAYLEY R1"
            ])
        XCTAssertEqual(feed.races.map(\.category), [.greyhound, .greyhound, .harness, .horse, .horse, .horse, .harness])
        let first = feed.races[0]
        XCTAssertEqual(first.advertisedStart, 1_795_836_570)
        XCTAssertEqual(first.id, "2026-11-28/G/GVG/9")
        XCTAssertEqual(first.name, "Glenroy Vale Sprint")
        XCTAssertEqual(first.meetingID, "GVG")
        XCTAssertEqual(first.venueState, "NSW")
        XCTAssertEqual(first.distance, 388)
        XCTAssertTrue(feed.skippedIDs.isEmpty)
    }

    func testWhatShowsAtTheFixturesClock() throws {
        let races = try feed().races
        // Glenroy Vale went 30 s ago: it stays listed until a minute after its start.
        XCTAssertEqual(NextToGoSelection.visible(races, now: Self.now, categories: []).count, 7)
        XCTAssertEqual(NextToGoSelection.visible(races, now: Self.now + 31, categories: []).count, 6)
        XCTAssertEqual(
            NextToGoSelection.visible(races, now: Self.now, categories: [.harness]).map(\.number), [7, 1])
    }

    func testFoundByShapeAndNotTakingTheOtherFixtures() throws {
        XCTAssertTrue(TabNextToGoReader.fit(RaceInput(try FormatFixtures.formatData("tab-next-to-go.json"))).isMatch)
        let others =
            FormatFixtures.others + [
                "race-formats/neds-racecard-open.json", "race-formats/tab-race-final.json"
            ]
        for name in others {
            XCTAssertFalse(TabNextToGoReader.fit(RaceInput(try FormatFixtures.data(name))).isMatch, name)
        }
        // The Neds feed is still read as Neds.
        XCTAssertEqual(try NextToGoReaders.decode(FormatFixtures.data("next-to-go.json")).races.isEmpty, false)
    }

    func testARaceCardIsTakenForNone() throws {
        let data = try FormatFixtures.formatData("tab-race-final.json")
        let error = FormatFixtures.error { _ = try NextToGoReaders.decode(data) }
        XCTAssertTrue(error?.message.contains("--race-card") ?? false, "\(String(describing: error))")
    }

    func testAnOtherRaceTypeAndErrorsWithTheirKeyPath() throws {
        let other = """
            {"races": [{"raceNumber": 1, "raceStartTime": "2026-11-28T03:35:00+10:00",
              "meeting": {"meetingName": "X", "raceType": "Q"}}]}
            """
        let race = try XCTUnwrap(NextToGoReaders.decode(Data(other.utf8)).races.first)
        XCTAssertEqual(race.category, .other)
        XCTAssertEqual(race.advertisedStart, 1_795_800_900)
        XCTAssertEqual(race.id, "Q/X/1")
        let missing = FormatFixtures.error {
            _ = try NextToGoReaders.decode(
                Data(#"{"races": [{"raceNumber": 1, "raceStartTime": "x", "meeting": {}}]}"#.utf8))
        }
        XCTAssertEqual(missing?.keyPath, "races[0].raceStartTime")
        let name = FormatFixtures.error {
            _ = try NextToGoReaders.decode(
                Data(#"{"races": [{"raceNumber": 1, "raceStartTime": 1795836600, "meeting": {}}]}"#.utf8))
        }
        XCTAssertEqual(name?.keyPath, "races[0].meeting.meetingName")
    }
}
