import Foundation
import GazetteTestSupport
import Racing
import XCTest

/// PlayUp's JSON:API race read as a race card, on our own invented response in its shape
/// (docs/reference/inputs.md, "PlayUp's race").
final class PlayUpReaderTests: XCTestCase {
    /// 2026-11-28 03:35 UTC: 13:35 in Brisbane (UTC+10, no daylight saving).
    static let start: Int64 = 1_795_836_900

    private func card(_ text: String, zone: String = "UTC") throws(RacingDecodingError) -> RaceCard {
        try RaceCardReaders.decode(Data(text.utf8), format: "playup", timeZone: zone)
    }

    /// A race whose one selection is `attributes`, with `included` resources after it.
    private func response(_ attributes: String, included: String = "", race: String = "") -> String {
        """
        {"data": {"type": "races", "id": "1", "attributes": {"name": "R", "start_time_timestamp": 1795836900\(race)},
          "relationships": {"selections": {"data": [{"type": "selections", "id": "5"}]}}},
         "included": [{"type": "selections", "id": "5", "attributes": {\(attributes)},
                       "relationships": {"prices": {"data": [{"type": "prices", "id": "5-1-2"}]}}}\(included)]}
        """
    }

    /// The fixture found by shape: the meeting and the selections through `included`, the fixed
    /// win price chosen over the tote's, a scratched selection, the meeting's zone.
    func testOpenFixtureWhole() throws {
        let data = try Fixture.data("race-formats/playup-race.json")
        let race = try XCTUnwrap(try RaceCardReaders.decode(data, format: nil, timeZone: "UTC").races.first)
        XCTAssertEqual(race.name, "Bunya Pine Maiden Plate")
        XCTAssertEqual(race.course, "Cooroy")
        XCTAssertEqual(race.distance, "1050m")
        XCTAssertEqual(race.number, 2)
        XCTAssertEqual(race.zone, "Australia/Brisbane")
        XCTAssertEqual(race.date, "2026-11-28")
        XCTAssertEqual(race.time, "13:35")
        XCTAssertEqual(race.startInstant, Self.start)
        XCTAssertEqual(race.status, .open)
        XCTAssertEqual(RaceState.of(race, start: Self.start, now: Self.start - 60), .open)
        XCTAssertNil(race.result)

        XCTAssertEqual(
            race.rides.map(\.horse.name), ["Lilly Pilly", "Macadamia Moon", "Hoop Pine", "Red Cedar", "Silky Oak"])
        XCTAssertEqual(race.rides.map(\.odds.text), ["3.2", "2.9", "", "5.0", "2.9"])
        XCTAssertEqual(race.nonRunners.map(\.cloth), [3])
        // 2 and 5 share 2.9: the lower cloth number first.
        XCTAssertEqual(race.byOdds.map(\.cloth), [2, 5, 1, 4])
        XCTAssertEqual(race.favourite?.horse.name, "Macadamia Moon")
        XCTAssertEqual(race.rides[0].jockey, "N. Shore")
        XCTAssertNil(race.rides[2].jockey)
        XCTAssertEqual(race.rides[0].trainer, "B. Platt")
    }

    /// A start as ISO text with an offset; a status by id alone; a win price by bet type id;
    /// `display_price_flucs` as a list of prices.
    func testSmallRules() throws {
        let text = response(
            #""name": "Kite", "number": 3, "status": {"id": 2}, "display_price_flucs": [4.0, "3.8", {"price": 3.6}]"#,
            included: #", {"type": "prices", "id": "5-1-2", "attributes": {"d_price": 3.6, "bet_type": {"id": 2}}}"#,
            race: #", "start_time": "2026-11-28T13:35:00.000+10:00", "status": "Closed""#)
        let race = try XCTUnwrap(try card(text).races.first)
        XCTAssertEqual(race.time, "03:35")
        XCTAssertEqual(race.zone, "UTC", "the readers' zone")
        XCTAssertEqual(race.status, .closed)
        XCTAssertEqual(race.rides.first?.withdrawn, true)
        XCTAssertEqual(race.rides.first?.odds.text, "3.6")
        XCTAssertEqual(race.rides.first?.flucs.map(\.text), ["4.0", "3.8", "3.6"])
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
        XCTAssertEqual(message(response(#""name": "Kite""#)), "included[0].attributes.number: missing required key")
        XCTAssertEqual(
            message(#"{"data": {"type": "races", "id": "1", "attributes": {"name": "R"}}}"#),
            "data.attributes.start_time: missing required key")
        XCTAssertEqual(
            message(response(#""name": "Kite", "number": 1.5"#)),
            "included[0].attributes.number: expected a whole number, found 1.5")
    }
}
