import Foundation
import GazetteTestSupport
import XCTest

@testable import Racing

/// The Betfair exchange stream (docs/reference/inputs.md, "The Betfair exchange stream").
///
/// `race-formats/betfair-stream.jsonl`, worked by hand: an invented Wattle Park race, R3 1200m,
/// at 02:05 UTC (13:05 in Sydney), its WIN market and a PLACE market of the same event. Prices
/// before the off: Copper Lane 4.2 → 3.9 → 3.5, Night Heron 3.5 → 3.6, Salt Marsh 6.0, Harbour
/// Light 8.0 → 7.5; Tin Whistle is removed (win factor 12.5, place 4.2). Line 12's trades are in
/// play and are not prices. The market closes with Salt Marsh the winner at a BSP of 6.6; the
/// place market has Copper Lane (1.6) and Salt Marsh (2.1) placed. Lines 2 (blank), 3 (a
/// heartbeat) and 6 (a status message) are skipped.
final class BetfairStreamReaderTests: XCTestCase {
    private func fixture() throws -> RaceCard {
        let data = try Data(contentsOf: TestSupport.fixture("race-formats/betfair-stream.jsonl"))
        return try RaceCardReaders.decode(data, format: nil, timeZone: "UTC")
    }

    private func card(_ lines: [String], zone: String = "UTC") throws -> RaceCard {
        try BetfairStreamReader.decode(RaceInput(Data(lines.joined(separator: "\n").utf8)), timeZone: zone)
    }

    /// One market change line: a definition with `runners` (JSON text) and optional extras.
    private static func line(_ definition: String, rc: String? = nil, id: String = "1.5") -> String {
        let changes = rc.map { #", "rc": \#($0)"# } ?? ""
        return
            #"{"op": "mcm", "clk": "1", "pt": 1, "mc": [{"id": "\#(id)", "marketDefinition": {\#(definition)}\#(changes)}]}"#
    }

    private static let definition =
        #""marketTime": "2026-11-28T02:05:00.000Z", "name": "R1 1000m Mdn", "venue": "Kestrel Downs", "marketType": "WIN", "status": "OPEN", "runners": [{"id": 7, "name": "1. Copper Lane", "sortPriority": 1, "status": "ACTIVE"}, {"id": 8, "name": "Night Heron", "sortPriority": 2, "status": "ACTIVE"}]"#

    func testTheFixtureRaceAndItsPlaceInTheMeeting() throws {
        let card = try fixture()
        XCTAssertEqual(card.skippedLines, 3)
        XCTAssertEqual(card.races.count, 1, "the place market is no race of its own")
        let race = card.races[0]
        XCTAssertEqual(race.name, "R3 1200m Hcap")
        XCTAssertEqual(race.number, 3)
        XCTAssertEqual(race.distance, "1200m")
        XCTAssertEqual(race.course, "Wattle Park")
        XCTAssertEqual(race.zone, "Australia/Sydney")
        XCTAssertEqual(race.date, "2026-11-28")
        XCTAssertEqual(race.time, "13:05")
        XCTAssertEqual(race.startInstant, 1_795_831_500)
        XCTAssertEqual(race.status, .final)
        XCTAssertEqual(race.rides.map(\.cloth), [1, 2, 3, 4, 5])
        XCTAssertEqual(
            race.rides.map(\.horse.name), ["Copper Lane", "Night Heron", "Salt Marsh", "Tin Whistle", "Harbour Light"])
        XCTAssertEqual(race.runners.map(\.cloth), [1, 2, 3, 5])
        XCTAssertEqual(race.nonRunners.map(\.horse.name), ["Tin Whistle"])
    }

    func testPricesAreTheLastTradedBeforeTheOffAndTheirHistory() throws {
        let race = try fixture().races[0]
        XCTAssertEqual(race.rides.map(\.odds.text), ["3.5", "3.6", "6.0", "11.0", "7.5"])
        XCTAssertEqual(race.rides.map { $0.flucs.map(\.text) }, [["4.2", "3.9"], ["3.5"], [], [], ["8.0"]])
        XCTAssertEqual(race.favourite?.horse.name, "Copper Lane")
        XCTAssertEqual(race.byOdds.map(\.cloth), [1, 2, 3, 5])
        XCTAssertEqual(race.rides.map { $0.startingPrice?.text }, ["3.42", "3.95", "6.6", nil, "8.2"])
    }

    func testTheRemovedRunnerCarriesItsFactorsAsDeductions() throws {
        let whistle = try fixture().races[0].rides[3]
        XCTAssertTrue(whistle.withdrawn)
        XCTAssertTrue(whistle.lateScratching)
        XCTAssertEqual(whistle.deductions, Deductions(win: 12.5, place: 4.2))
        XCTAssertNil(try fixture().races[0].rides[0].deductions, "an active runner's factor is no deduction")
    }

    func testTheWinnerAndTheBSPDividends() throws {
        let result = try XCTUnwrap(try fixture().races[0].result)
        XCTAssertEqual(result.placings, [Placing(place: 1, cloth: 3, name: "Salt Marsh")])
        XCTAssertEqual(
            result.dividends,
            [
                Dividend(product: "Win", pool: "BSP", amount: 6.6, runners: [3]),
                Dividend(product: "Place", pool: "BSP", amount: 1.6, runners: [1]),
                Dividend(product: "Place", pool: "BSP", amount: 2.1, runners: [3])
            ])
    }

    func testTheStatusFollowsTheMarket() throws {
        let open = Self.definition
        XCTAssertEqual(try card([Self.line(open)]).races[0].status, .open)
        let suspended = open.replacingOccurrences(of: #""OPEN""#, with: #""SUSPENDED""#)
        XCTAssertEqual(try card([Self.line(suspended)]).races[0].status, .closed)
        XCTAssertEqual(try card([Self.line(open + #", "inPlay": true"#)]).races[0].status, .closed)
        let closed = open.replacingOccurrences(of: #""OPEN""#, with: #""CLOSED""#)
        XCTAssertNil(try card([Self.line(closed)]).races[0].status, "closed without a winner: left to the clock")
    }

    func testTheClothIsTheNamesNumberElseTheSortPriority() throws {
        let race = try card([Self.line(Self.definition)]).races[0]
        XCTAssertEqual(race.rides.map(\.cloth), [1, 2])
        XCTAssertEqual(race.rides.map(\.horse.name), ["Copper Lane", "Night Heron"])
        // No timezone or country: written in the readers' zone, and no zone of its own.
        XCTAssertNil(race.zone)
        XCTAssertEqual(try card([Self.line(Self.definition)], zone: "Europe/London").races[0].time, "02:05")
        XCTAssertEqual(race.course, "Kestrel Downs")
    }

    func testRunnerChangesBeforeTheDefinitionAndLaterDefinitionsKeepPrices() throws {
        let lines = [
            #"{"op": "mcm", "mc": [{"id": "1.5", "rc": [{"id": 7, "ltp": 3.0}]}]}"#,
            Self.line(Self.definition, rc: #"[{"id": 8, "ltp": 2.5}, {"id": 7, "ltp": 2.75}]"#),
            Self.line(Self.definition, rc: #"[{"id": 8, "atb": [[2.4, 10]]}]"#)
        ]
        let race = try card(lines).races[0]
        XCTAssertEqual(race.rides.map(\.odds.text), ["2.75", "2.5"])
        XCTAssertEqual(race.rides[0].flucs.map(\.text), ["3.0"])
    }

    func testMarketsOfOtherTypesAndNeverDefinedAreLeftOut() throws {
        let other = Self.definition.replacingOccurrences(of: #""WIN""#, with: #""MATCH_BET""#)
        let lines = [
            Self.line(other), #"{"op": "mcm", "mc": [{"id": "1.9", "rc": [{"id": 7, "ltp": 3.0}]}]}"#,
            Self.line(Self.definition, id: "1.6"), "", #"{"op": "ocm", "clk": "2"}"#, "  "
        ]
        let card = try card(lines)
        XCTAssertEqual(card.races.count, 1)
        XCTAssertEqual(card.skippedLines, 3)
    }
}

// MARK: - Shape and errors

extension BetfairStreamReaderTests {
    func testItIsFoundByShapeAndTakesNoOtherFixture() throws {
        let stream = RaceInput(try Data(contentsOf: TestSupport.fixture("race-formats/betfair-stream.jsonl")))
        XCTAssertTrue(BetfairStreamReader.fit(stream).isMatch)
        for name in ["race-card.json", "race-card-neds.json", "race-card-neds-results.json", "next-to-go.json"] {
            let input = RaceInput(try Data(contentsOf: TestSupport.fixture(name)))
            XCTAssertFalse(BetfairStreamReader.fit(input).isMatch, name)
        }
        let other = RaceInput(Data(#"{"op": "status", "clk": "1"}"#.utf8))
        XCTAssertEqual(BetfairStreamReader.fit(other), FormatFit(score: 0.5, lacks: ["op: mcm", "mc"]))
    }

    func testAnErrorNamesTheLineTheKeyPathAndTheColumn() throws {
        let bad = Self.definition.replacingOccurrences(of: #""id": 8"#, with: #""id": "eight""#)
        XCTAssertThrowsError(try card(["", Self.line(bad)])) { error in
            let error = error as! RacingDecodingError
            XCTAssertEqual(error.keyPath, "mc[0].marketDefinition.runners[1].id")
            XCTAssertEqual(error.message, "expected an integer, found a string 'eight'")
            XCTAssertEqual(error.line, 2)
            let column = try! XCTUnwrap(error.column)
            XCTAssertEqual(Array(Self.line(bad).utf8)[column - 1], UInt8(ascii: "\""))
        }
        XCTAssertThrowsError(try card([Self.line(Self.definition), #"{"op": "mcm", "mc": [{"id": "1.5"#])) {
            let error = $0 as! RacingDecodingError
            XCTAssertEqual(error.line, 2)
            XCTAssertNotNil(error.column)
        }
        let noTime = Self.definition.replacingOccurrences(of: #""marketTime": "2026-11-28T02:05:00.000Z", "#, with: "")
        XCTAssertThrowsError(try card([Self.line(noTime)])) {
            XCTAssertEqual(($0 as! RacingDecodingError).keyPath, "mc[0].marketDefinition.marketTime")
        }
    }

    func testInstantsAreReadWithFractionsAndOffsets() {
        XCTAssertEqual(BetfairValues.instant("2026-11-28T02:05:00.000Z"), 1_795_831_500)
        XCTAssertEqual(BetfairValues.instant("2026-11-28T13:05:00+11:00"), 1_795_831_500)
        XCTAssertEqual(BetfairValues.instant(1_795_831_500_000), 1_795_831_500)
        XCTAssertNil(BetfairValues.instant("28/11/2026"))
        XCTAssertEqual(BetfairValues.clothAndName("12. Salt Marsh").cloth, 12)
        XCTAssertNil(BetfairValues.clothAndName("St. Elmo").cloth)
        XCTAssertEqual(BetfairValues.numberAndDistance("2m4f Hcap Chs").distance, "2m4f")
    }
}
