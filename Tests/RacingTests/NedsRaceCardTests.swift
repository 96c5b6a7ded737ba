import Foundation
import Racing
import GazetteTestSupport
import XCTest

/// The Neds racing API's race response read as a race card, on our own invented responses in the
/// API's shape (docs/inputs.md, "The bookmaker's race response").
final class NedsRaceCardTests: XCTestCase {
    /// 2026-11-28 02:05 UTC: 13:05 in Sydney (UTC+11 in summer).
    static let start = 1_795_831_500

    static func response(runners: String, start: Int = start) -> String {
        """
        {"header": {"title": "Race", "generated_time": "2026-11-28T01:00:00Z", "url": "/racing/events/x"},
         "params": {"enc": "json", "id": "x"},
         "data": {
          "race": {"event_id": "e-1", "meeting_name": "Wattle Park", "meeting_id": "m-1", "status": "Open",
            "description": "Wattle Park Sprint", "advertised_start": \(start), "race_number": 3, "type": "T",
            "country": "AUS", "state": "NSW", "distance": 1200, "weather": "Fine", "track_condition": "Good4",
            "comment": ""},
          "runners": [\(runners)],
          "favourite": null, "mover": null}}
        """
    }

    static let runners = """
        {"name": "Saltbush", "runner_number": 1, "barrier": 5, "is_scratched": false, "age": 4, "sex": "G",
         "jockey": "K Ng", "trainer_name": "P Rowe", "form_comment": "Resumes fresh.", "last_twenty_starts": "x213",
         "flucs": [6.0, 5.5, 4.8], "odds": {"fixed_win": 4.8, "fixed_place": 1.9}},
        {"name": "Red Gum", "runner_number": 2, "barrier": 1, "is_scratched": true, "jockey": "",
         "trainer_name": "L Hart", "odds": {"fixed_win": 9.5, "fixed_place": 3}},
        {"name": "Mallee Run", "runner_number": 3, "barrier": 2, "is_scratched": false,
         "flucs": [2.25, null, 2.5], "odds": {"fixed_win": 2.5}},
        {"name": "Blue Wren", "runner_number": 4, "barrier": 4, "odds": {"fixed_win": 10}},
        {"name": "Coolabah", "runner_number": 5, "barrier": 3, "odds": {"fixed_win": 1.0}},
        {"name": "Ironbark", "runner_number": 6, "barrier": 6}
        """

    private func card(_ text: String, zone: String = "UTC") throws -> RaceCard {
        try NedsRaceCard.decode(from: Data(text.utf8), timeZone: zone)
    }

    func testTheShapeIsFoundByItsKeys() {
        let data = { (text: String) in Data(text.utf8) }
        XCTAssertTrue(NedsRaceCard.looksLikeNeds(data(Self.response(runners: Self.runners))))
        XCTAssertTrue(NedsRaceCard.looksLikeNeds(data(#"{"race": {"advertised_start": 1}, "runners": []}"#)))
        XCTAssertTrue(NedsRaceCard.looksLikeNeds(data("[\(Self.response(runners: ""))]")))
        XCTAssertFalse(NedsRaceCard.looksLikeNeds(data(#"[{"race_summary": {"name": "x"}, "rides": []}]"#)))
        XCTAssertFalse(
            NedsRaceCard.looksLikeNeds(data(#"{"status": 200, "data": {"next_to_go_ids": [], "race_summaries": {}}}"#)))
        XCTAssertFalse(NedsRaceCard.looksLikeNeds(data("not json")))
        XCTAssertFalse(NedsRaceCard.looksLikeNeds(data("[]")))
    }

    func testEveryFieldIsMapped() throws {
        let race = try card(Self.response(runners: Self.runners)).races[0]
        XCTAssertEqual(race.name, "Wattle Park Sprint")
        XCTAssertEqual(race.course, "Wattle Park")
        XCTAssertEqual(race.distance, "1200m")
        XCTAssertEqual(race.going, "Good4")
        XCTAssertEqual(race.weather, "Fine")
        XCTAssertEqual(race.number, 3)
        XCTAssertEqual(race.date, "2026-11-28")
        XCTAssertEqual(race.time, "02:05")
        let saltbush = race.rides[0]
        XCTAssertEqual(saltbush.cloth, 1)
        XCTAssertEqual(saltbush.horse, Horse(name: "Saltbush", age: 4, sex: "G"))
        XCTAssertEqual(saltbush.barrier, 5)
        XCTAssertEqual(saltbush.jockey, "K Ng")
        XCTAssertEqual(saltbush.trainer, "P Rowe")
        XCTAssertEqual(saltbush.formComment, "Resumes fresh.")
        XCTAssertEqual(saltbush.form.text, "x213")
        XCTAssertEqual(saltbush.odds.text, "4.8")
        XCTAssertEqual(saltbush.flucs.map(\.text), ["6.0", "5.5", "4.8"])
        XCTAssertFalse(saltbush.withdrawn)
        // An empty jockey is no jockey; a scratched runner is a non-runner.
        XCTAssertNil(race.rides[1].jockey)
        XCTAssertEqual(race.nonRunners.map(\.cloth), [2])
        XCTAssertEqual(race.runners.map(\.cloth), [1, 3, 4, 5, 6])
    }

    func testDecimalPricesAsText() throws {
        let rides = try card(Self.response(runners: Self.runners)).races[0].rides
        XCTAssertEqual(rides.map(\.odds.text), ["4.8", "9.5", "2.5", "10.0", "", ""])
        // A fluctuation that is no price is skipped.
        XCTAssertEqual(rides[2].flucs.map(\.text), ["2.25", "2.5"])
        XCTAssertEqual(rides[2].odds.impliedProbability!, 0.4, accuracy: 1e-12)
        XCTAssertFalse(rides[4].odds.isPriced)  // 1.0 is no price
    }

    func testDecimalPricesOrderTheRunners() throws {
        let race = try card(Self.response(runners: Self.runners)).races[0]
        XCTAssertEqual(race.byOdds.map(\.cloth), [3, 1, 4, 5, 6])
        XCTAssertEqual(race.favourite?.horse.name, "Mallee Run")
    }

    func testStartsAreWrittenInTheReadersTimeZone() throws {
        let text = Self.response(runners: "")
        XCTAssertEqual(try card(text, zone: "Australia/Sydney").races[0].date, "2026-11-28")
        XCTAssertEqual(try card(text, zone: "Australia/Sydney").races[0].time, "13:05")
        // 23:30 UTC on the 27th is the 28th in Sydney.
        let late = Self.response(runners: "", start: Self.start - 9_300)
        XCTAssertEqual(try card(late, zone: "UTC").races[0].date, "2026-11-27")
        XCTAssertEqual(try card(late, zone: "UTC").races[0].time, "23:30")
        XCTAssertEqual(try card(late, zone: "Australia/Sydney").races[0].date, "2026-11-28")
        XCTAssertEqual(try card(late, zone: "Australia/Sydney").races[0].time, "10:30")
    }

    func testAnArrayOfResponsesIsAMeeting() throws {
        let second = Self.response(runners: "", start: Self.start + 2100).replacingOccurrences(
            of: "Wattle Park Sprint", with: "Wattle Park Mile")
        let card = try card("[\(Self.response(runners: Self.runners)), \(second)]")
        XCTAssertEqual(card.races.map(\.name), ["Wattle Park Sprint", "Wattle Park Mile"])
        XCTAssertEqual(card.races[1].time, "02:40")
        XCTAssertEqual(card.races[1].rides, [])
    }

    func testErrorsNameTheKeyPath() {
        let wrongNumber = Self.response(runners: #"{"name": "Saltbush", "runner_number": "one"}"#)
        XCTAssertThrowsError(try card(wrongNumber)) { error in
            XCTAssertTrue("\(error)".contains("data.runners[0].runner_number"), "\(error)")
        }
        let noStart = Self.response(runners: "").replacingOccurrences(
            of: #""advertised_start": \#(Self.start),"#, with: "")
        XCTAssertThrowsError(try card(noStart)) { error in
            XCTAssertTrue("\(error)".contains("data.race"), "\(error)")
            XCTAssertTrue("\(error)".contains("advertised_start"), "\(error)")
        }
        XCTAssertThrowsError(try card("{\"data\": {\"race\": {\n  \"advertised_start\": ,}}}")) { error in
            XCTAssertTrue("\(error)".contains("line 2"), "\(error)")
        }
    }
}

extension NedsRaceCardTests {
    func testTheFixtureMeetingReads() throws {
        let data = try Data(contentsOf: TestSupport.fixture("race-card-neds.json"))
        XCTAssertTrue(NedsRaceCard.looksLikeNeds(data))
        let card = try NedsRaceCard.decode(from: data, timeZone: "Australia/Sydney")
        XCTAssertEqual(card.races.map(\.time), ["13:05", "13:40"])
        XCTAssertEqual(card.races[0].nonRunners.map(\.horse.name), ["Red Gum"])
        XCTAssertEqual(card.races[0].favourite?.horse.name, "Mallee Run")
        XCTAssertEqual(card.races[1].rides[2].flucs.map(\.text), ["5.5", "5.0", "6.0"])
    }
}
