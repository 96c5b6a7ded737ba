import Foundation
import GazetteTestSupport
import Racing
import XCTest

/// The Neds/Ladbrokes racecard response (tables keyed by id) on our own invented responses
/// (docs/reference/inputs.md, "The bookmaker's race card (Neds racecard)").
final class NedsRacecardReaderTests: XCTestCase {
    private func card(_ name: String, zone: String = "UTC") throws -> RaceCard {
        try RaceCardReaders.decode(FormatFixtures.formatData(name), format: nil, timeZone: zone)
    }

    private func inline(_ text: String, zone: String = "UTC") throws -> RaceCard {
        try NedsRacecardReader.decode(RaceInput(Data(text.utf8)), timeZone: zone)
    }

    /// One race, one meeting in `state`, and the entrants and tables given.
    private func response(entrants: String, tables: String = "", state: String = "VIC") -> String {
        """
        {"data": {"races": {"r1": {"id": "r1", "meeting_id": "m1", "name": "Test Plate", "number": 2,
           "advertised_start": 1795837200, "status": "Open", "distance": 1000}},
          "meetings": {"m1": {"id": "m1", "name": "Lake Mira", "country": "AUS", "state": "\(state)"}},
          "entrants": {\(entrants)}\(tables)}}
        """
    }

    func testTheOpenFixtureByHand() throws {
        let card = try card("neds-racecard-open.json", zone: "Europe/Berlin")
        XCTAssertEqual(card.races.count, 1, "race 6 of the meeting has no entrants in the response")
        let race = try XCTUnwrap(card.races.first)
        XCTAssertEqual(race.name, "Saltbush Handicap")
        XCTAssertEqual(race.course, "Ironbark Crossing")
        XCTAssertEqual(race.number, 5)
        XCTAssertEqual(race.distance, "1400m")
        XCTAssertEqual(race.going, "Good4")
        XCTAssertEqual(race.weather, "Fine")
        XCTAssertEqual(race.status, .open)
        // 03:40 UTC is 14:40 in Sydney (UTC+11): the meeting's zone, not the readers'.
        XCTAssertEqual(race.startInstant, 1_795_837_200)
        XCTAssertEqual(race.zone, "Australia/Sydney")
        XCTAssertEqual([race.date, race.time], ["2026-11-28", "14:40"])
        XCTAssertEqual(race.runners.map(\.cloth), [1, 2, 3, 5, 6])
        XCTAssertEqual(race.nonRunners.map(\.horse.name), ["Pelican Point"])
        // 5/2, 7/4, 9/1, 4/1 and 12/1 in decimal.
        XCTAssertEqual(race.runners.map(\.odds.text), ["3.5", "2.75", "10.0", "5.0", "13.0"])
        XCTAssertEqual(race.favourite?.horse.name, "Dusty Lagoon")
        XCTAssertEqual(race.rides[0].flucs.map(\.text), ["4.0", "3.8", "3.5"])
        XCTAssertEqual(race.rides[0].jockey, "B J Cassidy")
        XCTAssertEqual(race.rides[0].trainer, "L Moran")
        XCTAssertEqual(race.rides[0].barrier, 4)
        XCTAssertEqual(race.rides[0].form.text, "3x2114")
        XCTAssertNil(race.rides[3].jockey, "an empty rider is none")
        XCTAssertFalse(race.rides[3].lateScratching)
        XCTAssertNil(race.result)
    }

    func testTheResultsFixtureByHand() throws {
        let race = try XCTUnwrap(card("neds-racecard-results.json").races.first)
        XCTAssertEqual(race.status, .final)
        XCTAssertEqual(race.runners.map(\.cloth), [1, 2, 3, 5])
        XCTAssertEqual(race.nonRunners.map(\.cloth), [4, 6])
        let late = race.rides[5]
        XCTAssertTrue(late.lateScratching)
        XCTAssertEqual(late.deductions, Deductions(win: 7, place: 3))
        XCTAssertEqual(race.rides[2].startingPrice?.text, "8.0")
        XCTAssertEqual(race.rides[0].startingPrice?.text, "4.0")
        XCTAssertNil(race.rides[1].startingPrice)
        let result = try XCTUnwrap(race.result)
        XCTAssertEqual(result.placings.map(\.place), [1, 2, 3, 3])
        XCTAssertEqual(result.placings.map(\.cloth), [3, 1, 2, 5])
        XCTAssertEqual(result.placings.map(\.name), ["Ironbark Lass", "Copper Wattle", "Dusty Lagoon", "Gumleaf Gold"])
        XCTAssertEqual(result.placings.map(\.margin), [0, 0.5, 1.25, 1.25])
        XCTAssertTrue(result.isDeadHeat(3))
        XCTAssertEqual(result.dividends.count, 10, "the First4 of 0 pays nothing")
        XCTAssertEqual(
            result.dividends(for: 3).map { "\($0.product) \($0.pool ?? "-") \($0.amount)" },
            ["Win NSW 8.4", "Win VIC 8.1", "Win Fixed 10.0", "Place NSW 2.6"])
        XCTAssertEqual(result.exotics.map(\.product), ["Quinella", "Trifecta", "Trifecta"])
        XCTAssertEqual(result.exotics.map(\.runners), [[3, 1], [3, 1, 2], [3, 1, 5]])
    }

    func testFoundByShapeAndNotTakingTheOtherFixtures() throws {
        for name in ["neds-racecard-open.json", "neds-racecard-results.json"] {
            XCTAssertTrue(NedsRacecardReader.fit(RaceInput(try FormatFixtures.formatData(name))).isMatch, name)
        }
        for name in FormatFixtures.others {
            XCTAssertFalse(NedsRacecardReader.fit(RaceInput(try FormatFixtures.data(name))).isMatch, name)
        }
        XCTAssertEqual(RaceCardReaders.named("neds-racecard")?.name, "neds-racecard")
    }

    func testANearMissNamesWhatItLacks() {
        let fit = NedsRacecardReader.fit(RaceInput(Data(#"{"data": {"races": {"r1": {}}}}"#.utf8)))
        XCTAssertEqual(fit.score, 0.5)
        XCTAssertEqual(fit.lacks, ["data.entrants"])
    }

    func testTheDataObjectAloneAndTheReadersZoneWithoutAPlace() throws {
        let text = """
            {"races": {"r1": {"name": "Bare", "advertised_start": "2026-11-28T03:40:00.000Z"}},
             "entrants": {"e1": {"name": "Solo", "number": 1}}}
            """
        let race = try XCTUnwrap(inline(text, zone: "Asia/Tokyo").races.first)
        XCTAssertNil(race.zone)
        XCTAssertEqual([race.date, race.time], ["2026-11-28", "12:40"])
        XCTAssertEqual(race.startInstant, 1_795_837_200)
    }

    func testAPriceKeyedByTheWinMarketWinsOverAnUnnamedOne() throws {
        let text = response(
            entrants: #""e1": {"name": "A", "number": 1}"#,
            tables: """
                , "markets": {"w": {"id": "w", "name": "Final Field", "entrant_ids": ["e1"]}},
                "prices": {"e1:p:": {"odds": {"numerator": 1, "denominator": 1}},
                           "e1:w:": {"odds": {"numerator": 1, "denominator": 3}}}
                """)
        let race = try XCTUnwrap(inline(text).races.first)
        XCTAssertEqual(race.rides[0].odds.text, "1.33", "1/3 in decimal, to the cent")
        XCTAssertEqual(race.zone, "Australia/Melbourne")
    }

    func testWithoutAWinMarketTheLastFluctuationIsThePrice() throws {
        let text = response(
            entrants: #""e1": {"name": "A", "number": 1}, "e2": {"name": "B", "number": 2}"#,
            tables: """
                , "prices": {"e1:a:": {"odds": {"numerator": 2, "denominator": 1}},
                             "e1:b:": {"odds": {"numerator": 1, "denominator": 2}},
                             "e2:a:": {"price_type": "Fixed Win", "odds": {"numerator": 3, "denominator": 1}},
                             "e2:b:": {"price_type": "Fixed Place", "odds": {"numerator": 1, "denominator": 1}}},
                "price_fluctuations": {"e1": [5.0, null, "x", 4.5], "e2": []}
                """)
        let race = try XCTUnwrap(inline(text).races.first)
        XCTAssertEqual(race.rides.map(\.odds.text), ["4.5", "4.0"])
        XCTAssertEqual(race.rides[0].flucs.map(\.text), ["5.0", "4.5"])
    }

    func testResultsNamedByRunnerNumberAsAList() throws {
        let text = response(
            entrants: #""e1": {"name": "A", "number": 1}, "e2": {"name": "B", "number": 2}"#,
            tables: #", "results": [{"runner_number": "2", "position": 1}, {"entrant_id": "e1", "position": "2"}]"#)
        let placings = try XCTUnwrap(inline(text).races.first?.result?.placings)
        XCTAssertEqual(placings.map(\.cloth), [2, 1])
        XCTAssertEqual(placings.map(\.name), ["B", "A"])
    }

    func testTwoRacesWithFieldsTakeOnlyTheResultsNamingTheirEntrants() throws {
        let text = """
            {"races": {"r1": {"id": "r1", "number": 1, "advertised_start": 1795837200},
                       "r2": {"id": "r2", "number": 2, "advertised_start": 1795839000}},
             "entrants": {"a": {"name": "A", "number": 1, "race_id": "r1"},
                          "b": {"name": "B", "number": 1, "race_id": "r2"},
                          "c": {"name": "C", "number": 2, "race_id": "r2"}},
             "results": {"c": {"position": 1}, "x": {"runner_number": 1, "position": 2}},
             "dividends": [{"product_name": "Win", "dividend": 3.0, "positions": [{"runner_number": 2}]}]}
            """
        let races = try inline(text).races
        XCTAssertEqual(races.map { $0.rides.map(\.horse.name) }, [["A"], ["B", "C"]])
        XCTAssertNil(races[0].result)
        XCTAssertEqual(races[1].result?.placings.map(\.name), ["C"])
        XCTAssertEqual(races[1].result?.dividends, [], "a meeting's dividends name no race")
    }

    func testASiblingRaceWithoutAStartAndANoveltySideAreLeftOut() throws {
        let text = """
            {"data": {"races": {"r1": {"id": "r1", "advertised_start": 1795837200}, "r2": {"id": "r2", "number": 6}},
             "entrants": {"a": {"name": "A", "number": 1, "race_id": "r1"}, "f": {"name": "Field", "race_id": "r1"}}}}
            """
        let races = try inline(text).races
        XCTAssertEqual(races.map { $0.rides.map(\.horse.name) }, [["A"]])
        let missing = FormatFixtures.error {
            _ = try self.inline(
                #"{"data": {"races": {"r1": {"id": "r1"}}, "entrants": {"a": {"name": "A", "number": 1}}}}"#)
        }
        XCTAssertEqual(missing?.keyPath, "data.races.r1.advertised_start")
        XCTAssertEqual(missing?.message, "missing required key")
    }

    func testErrorsNameTheKeyPath() {
        let number = FormatFixtures.error {
            _ = try self.inline(self.response(entrants: #""e1": {"name": "A", "number": "one"}"#))
        }
        XCTAssertEqual(number?.keyPath, "data.entrants.e1.number")
        let start = FormatFixtures.error {
            _ = try self.inline(#"{"races": {"r1": {"advertised_start": "13:05"}}, "entrants": {}}"#)
        }
        XCTAssertEqual(start?.keyPath, "races.r1.advertised_start")
        let place = FormatFixtures.error {
            _ = try self.inline(self.response(entrants: "", tables: #", "results": {"e1": {"position": 0}}"#))
        }
        XCTAssertEqual(place?.keyPath, "data.results.e1.position")
    }
}
