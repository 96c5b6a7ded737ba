import Foundation
import GazetteTestSupport
import XCTest

@testable import Racing

/// Betfair's `listMarketBook` response (docs/reference/inputs.md, "The Betfair market book").
///
/// `race-formats/betfair-book.json`, worked by hand: a `{catalogue, book}` pair for an invented
/// Gum Flat race, R5 1400m at 04:40 UTC (14:40 in Brisbane). Red Ochre last traded at 2.8; Blue
/// Gum has not traded, so its price is the best to back, 5.4; Ironbark (cloth 7 by the
/// catalogue's metadata, no number in its name) traded at 4.1; Quandong is removed with a factor
/// of 18.3. The market is open.
final class BetfairBookReaderTests: XCTestCase {
    private func card(_ text: String, zone: String = "UTC") throws -> RaceCard {
        try RaceCardReaders.decode(Data(text.utf8), format: nil, timeZone: zone)
    }

    private static let book =
        #"{"marketId": "1.77", "status": "SUSPENDED", "inplay": true, "runners": [{"selectionId": 41, "status": "ACTIVE", "lastPriceTraded": 3.25, "sp": {"nearPrice": 3.1, "actualSP": 3.3}}, {"selectionId": 42, "status": "WINNER", "sp": {"actualSP": 5.0}}]}"#

    func testTheFixtureRace() throws {
        let data = try Data(contentsOf: TestSupport.fixture("race-formats/betfair-book.json"))
        let card = try RaceCardReaders.decode(data, format: nil, timeZone: "UTC")
        XCTAssertEqual(card.races.count, 1)
        let race = card.races[0]
        XCTAssertEqual(race.name, "R5 1400m Mdn")
        XCTAssertEqual(race.number, 5)
        XCTAssertEqual(race.distance, "1400m")
        XCTAssertEqual(race.course, "Gum Flat")
        XCTAssertEqual(race.zone, "Australia/Brisbane")
        XCTAssertEqual(race.date, "2026-11-28")
        XCTAssertEqual(race.time, "14:40")
        XCTAssertEqual(race.startInstant, 1_795_840_800)
        XCTAssertEqual(race.status, .open)
        XCTAssertEqual(race.rides.map(\.cloth), [1, 2, 7, 4])
        XCTAssertEqual(race.rides.map(\.horse.name), ["Red Ochre", "Blue Gum", "Ironbark", "Quandong"])
        XCTAssertEqual(race.rides.map(\.odds.text), ["2.8", "5.4", "4.1", ""])
        XCTAssertEqual(race.favourite?.horse.name, "Red Ochre")
        XCTAssertEqual(race.byOdds.map(\.cloth), [1, 7, 2])
        XCTAssertEqual(race.rides.map(\.jockey), ["A Bell", "D Ebbs", "H Isles", nil])
        XCTAssertEqual(race.nonRunners.map(\.horse.name), ["Quandong"])
        XCTAssertEqual(race.rides[3].deductions, Deductions(win: 18.3))
        XCTAssertTrue(race.rides[3].lateScratching)
        XCTAssertNil(race.result)
        XCTAssertEqual(race.rides.map { $0.startingPrice?.text }, [nil, nil, nil, nil], "nearPrice is no BSP")
    }

    func testAJSONRPCAnswerAloneHasNoNamesAndNoStart() throws {
        let race = try card(#"{"jsonrpc": "2.0", "result": [\#(Self.book)], "id": 1}"#).races[0]
        XCTAssertEqual(race.name, "1.77")
        XCTAssertEqual(race.rides.map(\.horse.name), ["41", "42"])
        XCTAssertEqual(race.rides.map(\.cloth), [1, 2])
        XCTAssertEqual(race.date, "")
        XCTAssertEqual(race.time, "")
        XCTAssertNil(race.startInstant)
        XCTAssertNil(race.zone)
        XCTAssertEqual(race.status, .closed)
        XCTAssertEqual(race.rides.map { $0.startingPrice?.text }, ["3.3", "5.0"])
        XCTAssertEqual(race.result?.placings, [Placing(place: 1, cloth: 2, name: "42")])
        XCTAssertEqual(race.result?.dividends, [Dividend(product: "Win", pool: "BSP", amount: 5.0, runners: [2])])
    }

    func testTheBareArrayAndABatchReadAlike() throws {
        let bare = try card("[\(Self.book)]")
        XCTAssertEqual(try card(#"[{"jsonrpc": "2.0", "result": [\#(Self.book)], "id": 1}]"#), bare)
        XCTAssertEqual(bare.races[0].rides.count, 2)
    }

    func testItIsFoundByShapeAndTakesNoOtherFixture() throws {
        let book = RaceInput(try Data(contentsOf: TestSupport.fixture("race-formats/betfair-book.json")))
        XCTAssertTrue(BetfairBookReader.fit(book).isMatch)
        XCTAssertFalse(BetfairStreamReader.fit(book).isMatch)
        XCTAssertFalse(RPScrapeReader.fit(book).isMatch)
        for name in ["race-card.json", "race-card-neds.json", "race-card-neds-results.json", "next-to-go.json"] {
            let input = RaceInput(try Data(contentsOf: TestSupport.fixture(name)))
            XCTAssertFalse(BetfairBookReader.fit(input).isMatch, name)
        }
        XCTAssertEqual(
            BetfairBookReader.fit(RaceInput(Data(#"[{"marketId": "1.2"}]"#.utf8))),
            FormatFit(score: 0.5, lacks: ["runners[].selectionId"]))
    }

    func testAnErrorNamesTheKeyPathLineAndColumn() throws {
        let text = """
            {"result": [
             {"marketId": "1.77", "runners": [{"selectionId": 41}, {"selectionId": "x"}]}]}
            """
        XCTAssertThrowsError(try card(text)) { error in
            let error = error as! RacingDecodingError
            XCTAssertEqual(error.keyPath, "result[0].runners[1].selectionId")
            XCTAssertEqual(error.message, "expected an integer, found a string 'x'")
            XCTAssertEqual(error.line, 2)
            XCTAssertEqual(error.column, 72)
        }
    }
}
