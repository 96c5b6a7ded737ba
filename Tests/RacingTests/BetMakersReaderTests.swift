import Foundation
import GazetteTestSupport
import Racing
import XCTest

/// A BetMakers-platform GraphQL answer read as a race card, on our own invented answer in its
/// shape (docs/reference/inputs.md, "A BetMakers race").
final class BetMakersReaderTests: XCTestCase {
    /// 2026-11-28 05:20 UTC: 16:20 in Sydney.
    static let start: Int64 = 1_795_843_200

    private func card(_ text: String, zone: String = "UTC") throws(RacingDecodingError) -> RaceCard {
        try RaceCardReaders.decode(Data(text.utf8), format: "betmakers", timeZone: zone)
    }

    /// The fixture found by shape: a meeting's two races, the fixed win price, a late and a plain
    /// scratching, a tote price where there is no fixed one.
    func testMeetingFixtureWhole() throws {
        let data = try Fixture.data("race-formats/betmakers-race.json")
        let races = try RaceCardReaders.decode(data, format: nil, timeZone: "UTC").races
        XCTAssertEqual(races.map(\.name), ["Ironbark Handicap", "Kurrajong Plate"])
        XCTAssertEqual(races.map(\.time), ["16:20", "16:55"])
        XCTAssertEqual(races.map(\.startInstant), [Self.start, Self.start + 2100])
        let race = races[0]
        XCTAssertEqual(race.course, "Yarrabee")
        XCTAssertEqual(race.zone, "Australia/Sydney")
        XCTAssertEqual(race.date, "2026-11-28")
        XCTAssertEqual(race.distance, "1200m")
        XCTAssertEqual(race.number, 7)
        XCTAssertEqual(race.status, .open)
        XCTAssertNil(race.result)

        XCTAssertEqual(race.rides.map(\.odds.text), ["4.6", "3.0", "", "7.2", ""])
        XCTAssertEqual(race.runners.map(\.cloth), [1, 2, 4])
        XCTAssertEqual(race.nonRunners.map(\.cloth), [3, 5])
        XCTAssertEqual(race.rides.map(\.lateScratching), [false, false, true, false, false])
        XCTAssertEqual(race.byOdds.map(\.cloth), [2, 1, 4])
        XCTAssertEqual(race.favourite?.horse.name, "Currawong")
        XCTAssertEqual(race.rides[0].barrier, 6)
        XCTAssertEqual(race.rides[0].jockey, "K. Doyle")
        XCTAssertNil(race.rides[4].jockey)
        XCTAssertEqual(races[1].favourite?.horse.name, "Tawny Frogmouth")
    }

    /// One race (`data.race`) with its meeting inside; statuses as words.
    func testOneRaceAndStatuses() throws {
        for (word, status) in [
            ("CLOSED", RaceStatus.closed), ("INTERIM", .interim), ("FINAL", .final),
            ("ABANDONED", .abandoned), ("PAYING", .final)
        ] {
            let text = """
                {"data": {"race": {"name": "R1", "number": 1, "status": "\(word)", "start_at": "2026-11-28T05:20:00+00:00",
                 "meeting": {"name": "Yarrabee", "track": {"name": "Yarrabee", "state": "VIC", "country": "AUS"}},
                 "runners": []}}}
                """
            let race = try XCTUnwrap(
                try RaceCardReaders.decode(Data(text.utf8), format: nil, timeZone: "UTC").races.first)
            XCTAssertEqual(race.status, status, word)
            XCTAssertEqual(race.zone, "Australia/Melbourne")
            XCTAssertEqual(race.time, "16:20")
        }
    }

    func testErrorsNameTheKeyPath() {
        func message(_ text: String) -> String? {
            do {
                _ = try card(text)
                return nil
            } catch {
                return error.description
            }
        }
        XCTAssertEqual(
            message(#"{"data": {"meetingRaces": [{"races": [{"name": "R1"}]}]}}"#),
            "data.meetingRaces[0].races[0].start_at: missing required key")
        XCTAssertEqual(
            message(#"{"data": {"race": {"start_at": "2026-11-28T05:20:00Z", "runners": [{"tab_no": 1}]}}}"#),
            "data.race.runners[0].name: missing required key")
        XCTAssertEqual(
            message(#"{"data": {"race": {"start_at": "28/11/2026 16:20", "runners": []}}}"#),
            "data.race.start_at: expected an ISO 8601 time (2026-11-28T02:05:00Z), found '28/11/2026 16:20'")
    }
}
