import Foundation
import GazetteTestSupport
import Racing
import XCTest

/// Sportsbet's racecard read as a race card, on our own invented racecards in its shape
/// (docs/reference/inputs.md, "Sportsbet's racecard").
final class SportsbetReaderTests: XCTestCase {
    /// 2026-11-28 04:00 UTC: 15:00 in Sydney.
    static let start: Int64 = 1_795_838_400

    private func card(_ text: String, zone: String = "UTC") throws(RacingDecodingError) -> RaceCard {
        try RaceCardReaders.decode(Data(text.utf8), format: "sportsbet", timeZone: zone)
    }

    /// A bare `Racecard` event with one `Win or Place` market of `selections`.
    private func event(_ selections: String, extra: String = "") -> String {
        """
        {"startTime": 1795838400, "competitionName": "Emu Flat", "name": "R2 Spinifex Plate", "raceNumber": 2\(extra),
         "markets": [{"name": "Win or Place", "selections": [\(selections)]}]}
        """
    }

    /// The fixture found by shape: resulted, a dead heat for third, a scratched runner, live and
    /// starting prices; Australia without a state leaves the time in the readers' zone.
    func testResultedFixtureWhole() throws {
        let data = try Fixture.data("race-formats/sportsbet-racecard.json")
        let race = try XCTUnwrap(
            try RaceCardReaders.decode(data, format: nil, timeZone: "Australia/Sydney").races.first)
        XCTAssertEqual(race.name, "Saltbush Cup")
        XCTAssertEqual(race.course, "Wirraway Downs")
        XCTAssertEqual(race.distance, "1600m")
        XCTAssertEqual(race.going, "Good (4)")
        XCTAssertEqual(race.number, 6)
        XCTAssertEqual(race.zone, "Australia/Sydney", "the readers' zone")
        XCTAssertEqual(race.date, "2026-11-28")
        XCTAssertEqual(race.time, "15:00")
        XCTAssertEqual(race.startInstant, Self.start)
        XCTAssertEqual(race.status, .final)
        XCTAssertEqual(RaceState.of(race, start: Self.start, now: Self.start + 600), .final)

        // The Win or Place market's field, not the head-to-head's.
        XCTAssertEqual(race.rides.count, 6)
        XCTAssertEqual(race.runners.map(\.cloth), [1, 2, 4, 5, 6])
        XCTAssertEqual(race.nonRunners.map(\.horse.name), ["Bluebush"])
        XCTAssertEqual(race.byOdds.map(\.cloth), [2, 1, 4, 6, 5])
        XCTAssertEqual(race.favourite?.horse.name, "Mulga Mist")
        XCTAssertEqual(race.rides[0].odds.text, "4.4")
        XCTAssertEqual(race.rides.map { $0.startingPrice?.text }, ["4.2", "2.3", nil, "6.5", "17.0", "8.0"])
        XCTAssertEqual(race.rides[0].flucs.map(\.text), ["5.0", "4.6", "4.4"])
        XCTAssertEqual(race.rides[0].form.text, "x2131")
        XCTAssertEqual(race.rides[0].barrier, 5)
        XCTAssertEqual(race.rides[0].jockey, "J. Harlow")

        let result = try XCTUnwrap(race.result)
        XCTAssertEqual(
            result.placings,
            [
                Placing(place: 1, cloth: 2, name: "Mulga Mist"), Placing(place: 2, cloth: 1, name: "Quandong"),
                Placing(place: 3, cloth: 4, name: "Gidgee Star"), Placing(place: 3, cloth: 5, name: "Lignum Lane")
            ])
        XCTAssertTrue(result.isDeadHeat(3))
        XCTAssertEqual(result.dividends, [])
    }

    /// The same race in UTC: 04:00.
    func testReadersZone() throws {
        let data = try Fixture.data("race-formats/sportsbet-racecard.json")
        XCTAssertEqual(try RaceCardReaders.decode(data, format: nil, timeZone: "UTC").races.first?.time, "04:00")
    }

    /// A bare event is read too; New Zealand names its zone; `statusCode` `S` scratches.
    func testBareEventAndCountry() throws {
        let text = event(
            #"{"runnerNumber": 1, "name": "Kea", "statusCode": "S", "prices": []}, {"runnerNumber": "2", "name": "Tui", "isOut": false, "prices": [{"priceCode": "L", "winPrice": "3.5"}]}"#,
            extra: #", "country": "New Zealand", "bettingStatus": "PRICED""#)
        let race = try XCTUnwrap(try RaceCardReaders.decode(Data(text.utf8), format: nil, timeZone: "UTC").races.first)
        XCTAssertEqual(race.name, "Spinifex Plate")
        XCTAssertEqual(race.zone, "Pacific/Auckland")
        XCTAssertEqual(race.time, "17:00")
        XCTAssertEqual(race.status, .open)
        XCTAssertEqual(race.nonRunners.map(\.horse.name), ["Kea"])
        XCTAssertEqual(race.favourite?.odds.text, "3.5")
        XCTAssertNil(race.result)
    }

    /// Status: `B` interim, `OFF` closed, a word as a word.
    func testStatus() throws {
        let cases: [(String, RaceStatus?)] = [
            (#", "statusCode": "B""#, .interim), (#", "statusCode": "A", "bettingStatus": "OFF""#, .closed),
            (#", "statusCode": "ABANDONED""#, .abandoned), (#", "eventResulted": true"#, .final), ("", nil)
        ]
        for (extra, status) in cases {
            XCTAssertEqual(try card(event("", extra: extra)).races.first?.status, status, extra)
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
            message(#"{"racecardEvent": {"markets": []}}"#), "racecardEvent.startTime: missing required key")
        XCTAssertEqual(
            message(event(#"{"name": "Kea"}"#)), "markets[0].selections[0].runnerNumber: missing required key")
        XCTAssertEqual(
            message(event(#"{"runnerNumber": 1, "name": "Kea", "isOut": "no"}"#)),
            "markets[0].selections[0].isOut: expected true or false, found a string")
    }
}
