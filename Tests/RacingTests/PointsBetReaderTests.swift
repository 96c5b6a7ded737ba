import Foundation
import GazetteTestSupport
import Racing
import XCTest

/// PointsBet's race response read as a race card, on our own invented responses in its shapes
/// (docs/reference/inputs.md, "PointsBet's race response").
final class PointsBetReaderTests: XCTestCase {
    /// 2026-11-28 02:05 UTC: 15:05 in New Zealand (UTC+13 in summer).
    static let start: Int64 = 1_795_831_500

    private func card(_ text: String, zone: String = "UTC") throws(RacingDecodingError) -> RaceCard {
        try RaceCardReaders.decode(Data(text.utf8), format: "pointsbet", timeZone: zone)
    }

    private func error(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> RacingDecodingError? {
        do {
            _ = try card(text)
            XCTFail("expected a decoding error", file: file, line: line)
            return nil
        } catch {
            return error
        }
    }

    /// The fixture found by shape: a resulted race in New Zealand, a dead heat for second, a late
    /// scratching with deductions, the winners' fixed prices as dividends.
    func testResultedFixtureWhole() throws {
        let data = try Fixture.data("race-formats/pointsbet-race.json")
        let races = try RaceCardReaders.decode(data, format: nil, timeZone: "Australia/Sydney").races
        XCTAssertEqual(races.count, 1)
        let race = try XCTUnwrap(races.first)
        XCTAssertEqual(race.name, "Kowhai Sprint Handicap")
        XCTAssertEqual(race.course, "Tarndale Park")
        XCTAssertEqual(race.distance, "1400m")
        XCTAssertEqual(race.going, "Soft 5")
        XCTAssertEqual(race.number, 4)
        // The meeting's zone, not the readers': 02:05 UTC is 15:05 in Auckland.
        XCTAssertEqual(race.zone, "Pacific/Auckland")
        XCTAssertEqual(race.date, "2026-11-28")
        XCTAssertEqual(race.time, "15:05")
        XCTAssertEqual(race.startInstant, Self.start)
        // resultStatus 2 (final) outranks tradingStatus 3 (closed).
        XCTAssertEqual(race.status, .final)
        XCTAssertEqual(RaceState.of(race, start: Self.start, now: Self.start + 3600), .final)

        XCTAssertEqual(race.runners.map(\.cloth), [1, 2, 4, 5, 6])
        XCTAssertEqual(race.byOdds.map(\.cloth), [2, 1, 4, 6, 5])
        XCTAssertEqual(race.favourite?.horse.name, "Kauri Gold")
        XCTAssertEqual(race.favourite?.odds.text, "2.6")
        XCTAssertEqual(race.rides[4].odds.text, "12.0")
        XCTAssertEqual(race.rides[0].flucs.map(\.text), ["4.2"])
        XCTAssertEqual(race.rides[0].barrier, 4)
        XCTAssertEqual(race.rides[0].jockey, "T. Marama")
        XCTAssertEqual(race.rides[0].trainer, "H. Cole")

        let scratched = try XCTUnwrap(race.nonRunners.first)
        XCTAssertEqual(race.nonRunners.map(\.cloth), [3])
        XCTAssertTrue(scratched.lateScratching)
        XCTAssertEqual(scratched.deductions, Deductions(win: 12.5, place: 4.5))
        XCTAssertFalse(scratched.odds.isPriced)

        let result = try XCTUnwrap(race.result)
        XCTAssertEqual(
            result.placings,
            [
                Placing(place: 1, cloth: 2, name: "Kauri Gold"), Placing(place: 2, cloth: 4, name: "Matagouri"),
                Placing(place: 2, cloth: 6, name: "Weta Dancer"), Placing(place: 4, cloth: 1, name: "Pohutukawa Lass")
            ])
        XCTAssertTrue(result.isDeadHeat(2))
        // Win only for the winner; the runner-up's WIN price pays nothing.
        XCTAssertEqual(
            result.dividends,
            [
                Dividend(product: "Win", pool: "Fixed", amount: 2.6, runners: [2]),
                Dividend(product: "Place", pool: "Fixed", amount: 1.4, runners: [2]),
                Dividend(product: "Place", pool: "Fixed", amount: 1.9, runners: [4]),
                Dividend(product: "Place", pool: "Fixed", amount: 2.2, runners: [6])
            ])
    }

    /// The older shape: `outcomes` with `outcomeName`, `scratched`, `fixedPrices` and their `flucs`;
    /// placings from `placing`, the outcome ids in order.
    func testOutcomesShapeAndPlacingText() throws {
        let race = try XCTUnwrap(
            try card(
                """
                {"name": "BM58 HANDICAP", "advertisedStartDateTime": "2026-11-28T02:05:00.000+11:00",
                 "countryCode": "AUS", "placing": "12,11",
                 "outcomes": [
                  {"outcomeId": "11", "number": 1, "outcomeName": "LOCHIEL", "barrierBox": 3, "scratched": false,
                   "fixedPrices": [{"marketTypeCode": "PLC", "price": 1.5},
                                   {"marketTypeCode": "WIN", "price": 3.25, "openPrice": "4.0",
                                    "flucs": [{"price": 4.0}, {"price": 3.5}, {"price": 3.25}]}]},
                  {"outcomeId": "12", "number": 2, "outcomeName": "BRAEMAR", "scratched": false,
                   "fixedPrices": [{"marketTypeCode": "WIN", "price": 2.0, "openPrice": "2.4", "flucs": []}]}]}
                """, zone: "UTC"
            ).races.first)
        // AUS with no state spans zones: the readers' zone; +11:00 makes it 15:05 UTC the day before.
        XCTAssertEqual(race.zone, "UTC")
        XCTAssertEqual(race.date, "2026-11-27")
        XCTAssertEqual(race.time, "15:05")
        XCTAssertEqual(race.rides.map(\.odds.text), ["3.25", "2.0"])
        XCTAssertEqual(race.rides[0].flucs.map(\.text), ["4.0", "3.5", "3.25"])
        XCTAssertEqual(race.rides[1].flucs.map(\.text), ["2.4"])
        XCTAssertEqual(race.result?.placings.map(\.cloth), [2, 1])
        XCTAssertEqual(race.result?.placings.map(\.name), ["BRAEMAR", "LOCHIEL"])
    }

    /// `resultStatus` 1 and 2 are a result; `tradingStatus` comes next; `resultStatus` 4 is
    /// abandoned only when trading says nothing (one description has it for open races).
    func testStatusCodes() throws {
        let cases: [(String, RaceStatus?)] = [
            (#""tradingStatus": 1, "resultStatus": 0"#, .open), (#""tradingStatus": 2"#, .closed),
            (#""tradingStatus": 3, "resultStatus": 1"#, .interim), (#""tradingStatus": 1, "resultStatus": 4"#, .open),
            (#""tradingStatus": 0, "resultStatus": 4"#, .abandoned), (#""tradingStatus": "Suspended""#, .closed),
            (#""resultStatus": 0"#, nil)
        ]
        for (fields, status) in cases {
            let text = #"{"advertisedStartDateTime": "2026-11-28T02:05:00Z", "runners": [], "# + fields + "}"
            XCTAssertEqual(try card(text).races.first?.status, status, fields)
        }
    }

    /// Errors name the key path, with the line and column where the value is.
    func testErrorsNameTheKeyPath() {
        XCTAssertEqual(
            error(#"{"advertisedStartDateTime": "13:05", "runners": []}"#)?.description,
            "advertisedStartDateTime: expected an ISO 8601 time (2026-11-28T02:05:00Z), found '13:05'")
        XCTAssertEqual(
            error(#"{"advertisedStartDateTime": "2026-11-28T02:05:00Z", "runners": [{"runnerName": "A"}]}"#)?
                .description, "runners[0].number: missing required key")
        let bad = error(
            #"{"advertisedStartDateTime": "2026-11-28T02:05:00Z", "runners": [{"number": "one", "runnerName": "A"}]}"#)
        XCTAssertEqual(bad?.description, "runners[0].number: expected a whole number, found a string")
        XCTAssertEqual(bad?.line, 1)
        XCTAssertEqual(
            error(
                #"{"advertisedStartDateTime": "2026-11-28T02:05:00Z", "runners": [], "results": {"winners": [{"finalPlacing": 1, "sequence": 9, "outcome": {}}, {"finalPlacing": 2}]}}"#
            )?.description, "results.winners[1]: names no runner of the race")
    }

    /// ISO 8601 starts as the APIs write them: fractions, offsets with and without a colon, a space
    /// for the `T`, no seconds, no zone (UTC); Unix seconds too. Other text is refused.
    func testStartsInISO8601() throws {
        let starts = [
            #""2026-11-28T02:05:00Z""#, #""2026-11-28T02:05:00.123456Z""#, #""2026-11-28 02:05:00""#,
            #""2026-11-28T13:05+1100""#, #""2026-11-28T15:05:00+13:00""#, #""2026-11-27T21:05:00-05:00""#, "1795831500"
        ]
        for start in starts {
            let text = #"{"advertisedStartDateTime": "# + start + #", "runners": []}"#
            XCTAssertEqual(try card(text).races.first?.startInstant, Self.start, start)
        }
        for start in ["2026-11-28T25:00:00Z", "2026-11-28T02:05:00+25:00", "2026-02-30T02:05:00Z", "02:05"] {
            let text = #"{"advertisedStartDateTime": ""# + start + #"", "runners": []}"#
            XCTAssertEqual(error(text)?.keyPath, "advertisedStartDateTime", start)
        }
    }

    /// An array of races is a meeting, in its order.
    func testArrayOfRaces() throws {
        let race = #"{"name": "R", "advertisedStartDateTimeUtc": "2026-11-28T02:05:00Z", "runners": []}"#
        let card = try RaceCardReaders.decode(Data("[\(race), \(race)]".utf8), format: nil, timeZone: "UTC")
        XCTAssertEqual(card.races.map(\.time), ["02:05", "02:05"])
    }
}
