import Foundation
import Racing
import XCTest

/// A race's status, state and result as the Racing module reads and rules them
/// (docs/inputs.md, "Results and the race's state").
final class RaceResultTests: XCTestCase {
    /// 2026-11-28 02:05 UTC.
    static let start: Int64 = 1_795_831_500

    private func neds(status: String, extra: String = "", runners: String? = nil) throws -> Race {
        let field =
            runners ?? """
                {"name": "Saltbush", "runner_number": 1, "odds": {"fixed_win": 3.2}, "flucs": [3.0, 3.2]},
                {"name": "Hot Bahama", "runner_number": 2, "odds": {"fixed_win": 7.5}, "flucs": [3.9, 7.5]},
                {"name": "Halvoya", "runner_number": 3, "is_scratched": true, "is_late_scratched": true,
                 "deductions": {"win": 12.5, "place": "4"}},
                {"name": "Zounate", "runner_number": 5, "odds": {"fixed_win": 4.2, "starting_price": 4.4}},
                {"name": "Dawn Flight", "runner_number": 9, "is_scratched": false, "odds": {"fixed_win": 6}}
                """
        let text = """
            {"data": {"race": {"description": "Maiden", "meeting_name": "Gum Flat", "status": "\(status)",
              "advertised_start": \(Self.start)}, "runners": [\(field)]\(extra)}}
            """
        return try XCTUnwrap(NedsRaceCard.decode(from: Data(text.utf8), timeZone: "UTC").races.first)
    }

    // MARK: - Status words

    func testStatusWordsOfEveryFormatAreRead() {
        XCTAssertEqual(RaceStatus(word: "Open"), .open)
        XCTAssertEqual(RaceStatus(word: "Closed"), .closed)
        XCTAssertEqual(RaceStatus(word: "Live"), .closed)
        XCTAssertEqual(RaceStatus(word: "SUSPENDED"), .closed)
        XCTAssertEqual(RaceStatus(word: "Interim"), .interim)
        XCTAssertEqual(RaceStatus(word: "Final"), .final)
        XCTAssertEqual(RaceStatus(word: "Paid"), .final)
        XCTAssertEqual(RaceStatus(word: "WEIGHEDIN"), .final)
        XCTAssertEqual(RaceStatus(word: "Weighed In"), .final)
        XCTAssertEqual(RaceStatus(word: "Abandoned"), .abandoned)
        XCTAssertNil(RaceStatus(word: "DECLARED"), "a word with no rule leaves the state to the clock")
        XCTAssertNil(RaceStatus(word: ""))
    }

    // MARK: - State

    func testStateFollowsTheStatusTheResultAndTheClock() {
        var race = Race(name: "A", date: "2026-11-28", time: "02:05", rides: [])
        let before = Self.start - 60, after = Self.start + 60
        XCTAssertEqual(RaceState.of(race, start: Self.start, now: before), .open)
        XCTAssertEqual(RaceState.of(race, start: Self.start, now: Self.start), .pending, "at the start it is off")
        XCTAssertEqual(RaceState.of(race, start: Self.start, now: after), .pending)
        XCTAssertEqual(RaceState.of(race, start: nil, now: after), .open, "no start, no clock")
        race.status = .closed
        XCTAssertEqual(RaceState.of(race, start: Self.start, now: before), .closed)
        XCTAssertEqual(RaceState.of(race, start: Self.start, now: after), .pending)
        race.status = .open
        XCTAssertEqual(RaceState.of(race, start: Self.start, now: after), .pending, "a saved 'Open' is history")
        race.status = .final
        XCTAssertEqual(RaceState.of(race, start: Self.start, now: after), .pending, "final without placings")
        race.result = RaceResult(placings: [Placing(place: 1, cloth: 2, name: "B")])
        XCTAssertEqual(RaceState.of(race, start: Self.start, now: before), .final, "the input outranks the clock")
        race.status = .interim
        XCTAssertEqual(RaceState.of(race, start: Self.start, now: after), .interim)
        race.status = nil
        XCTAssertEqual(RaceState.of(race, start: Self.start, now: after), .final, "placings without a status")
        race.status = .abandoned
        XCTAssertEqual(RaceState.of(race, start: Self.start, now: before), .abandoned)
        XCTAssertTrue(RaceState.abandoned.isOff)
        XCTAssertFalse(RaceState.closed.isOff)
        XCTAssertFalse(RaceState.pending.hasResult)
    }

    func testACardsStartIsReadInTheReadersZone() {
        let race = Race(name: "A", date: "2026-11-28", time: "13:05", rides: [])
        XCTAssertEqual(race.startSeconds(timeZone: "UTC"), Self.start + 11 * 3600)
        XCTAssertEqual(race.startSeconds(timeZone: "Australia/Sydney"), Self.start)
        let instant = Race(name: "A", date: "2026-11-28", time: "13:05", rides: [], startInstant: 42)
        XCTAssertEqual(instant.startSeconds(timeZone: "Australia/Sydney"), 42, "an instant given wins")
    }

    func testACardsRaceStageIsItsStatusAndStatusWins() throws {
        XCTAssertEqual(Race(name: "A", date: "2017-12-15", time: "18:10", stage: "WEIGHEDIN", rides: []).status, .final)
        XCTAssertNil(Race(name: "A", date: "2017-12-15", time: "18:10", stage: "DECLARED", rides: []).status)
        let text = """
            {"race_summary": {"name": "A", "date": "2024-05-18", "time": "14:30", "race_stage": "DORMANT",
             "status": "Abandoned"}, "rides": []}
            """
        XCTAssertEqual(try RaceCard.decode(from: Data(text.utf8)).races.first?.status, .abandoned)
    }

    // MARK: - Results

    func testDeadHeatsShareAPlaceAndDividendsGoByRunner() {
        let result = RaceResult(
            placings: [
                Placing(place: 2, cloth: 9, name: "Dawn Flight"), Placing(place: 1, cloth: 2, name: "Hot Bahama"),
                Placing(place: 2, cloth: 5, name: "Zounate")
            ],
            dividends: [
                Dividend(product: "Win", pool: "NSW", amount: 7.5, runners: [2]),
                Dividend(product: "Place", pool: "NSW", amount: 1.8, runners: [9]),
                Dividend(product: "Win", pool: "VIC", amount: 7.4, runners: [2]),
                Dividend(product: "Exacta", pool: "QLD", amount: 37, runners: [2, 9])
            ])
        XCTAssertEqual(result.placings.map(\.cloth), [2, 5, 9], "by place, then cloth number")
        XCTAssertTrue(result.isDeadHeat(2))
        XCTAssertFalse(result.isDeadHeat(1))
        XCTAssertEqual(result.winners.map(\.cloth), [2])
        XCTAssertEqual(result.dividends(for: 2).map(\.pool), ["NSW", "VIC"])
        XCTAssertEqual(result.dividends(for: 2).map(\.isWin), [true, true])
        XCTAssertEqual(result.dividends(for: 9).map(\.product), ["Place"])
        XCTAssertEqual(result.exotics.map(\.product), ["Exacta"])
    }

    func testTheDocumentedShapeIsRead() throws {
        let race = try neds(
            status: "Final",
            extra: """
                , "results": [{"position": 1, "name": "Hot Bahama", "barrier": 3, "runner_number": 2},
                  {"position": 2, "name": "Dawn Flight", "runner_number": 9, "margin_length": 0.37},
                  {"position": 2, "runner_number": 5, "margin_length": 0.37}],
                "dividends": [
                  {"id": "a", "tote": "NSW", "product_name": "Win", "status": "Final", "dividend": 7.5,
                   "pool_size": 1210.6, "jackpot_size": 0, "positions": [{"runner_number": 2, "position": 1}]},
                  {"id": "b", "tote": "QLD", "product_name": "Exacta", "status": "Final", "dividend": 37,
                   "positions": [{"runner_number": 9, "position": 2}, {"runner_number": 2, "position": 1}]},
                  {"id": "c", "tote": "UNKNOWN", "product_name": "Quinella", "dividend": 0, "positions": []}]
                """)
        XCTAssertEqual(race.status, .final)
        XCTAssertEqual(race.startInstant, Self.start)
        let result = try XCTUnwrap(race.result)
        XCTAssertEqual(result.placings.map(\.place), [1, 2, 2])
        XCTAssertEqual(result.placings.map(\.name), ["Hot Bahama", "Zounate", "Dawn Flight"], "a name from the field")
        XCTAssertEqual(result.placings.map(\.margin), [nil, 0.37, 0.37])
        XCTAssertEqual(
            result.dividends,
            [
                Dividend(product: "Win", pool: "NSW", amount: 7.5, runners: [2], status: "Final"),
                Dividend(product: "Exacta", pool: "QLD", amount: 37, runners: [2, 9], status: "Final")
            ], "positions in finishing order; a dividend of 0 is skipped")
    }

    func testTheServedShapeIsReadToo() throws {
        let race = try neds(
            status: "Interim",
            extra: """
                , "results": {"e2": {"position": "1", "runner_number": "2"},
                              "e1": {"position": 2, "runner_number": 1, "margin_length": "1.25"}},
                "dividends": {"x1": {"product_type": "Win", "tote_pool": "BSP", "amount": "9.60",
                                     "positions": [{"runner_number": "2", "position": "1"}]}}
                """)
        let result = try XCTUnwrap(race.result)
        XCTAssertEqual(result.placings.map(\.cloth), [2, 1])
        XCTAssertEqual(result.placings.map(\.margin), [nil, 1.25])
        XCTAssertEqual(result.dividends, [Dividend(product: "Win", pool: "BSP", amount: 9.6, runners: [2])])
        XCTAssertEqual(race.status, .interim)
    }

    func testLateScratchingsStartingPricesAndDeductions() throws {
        let race = try neds(status: "Final")
        let rides = Dictionary(uniqueKeysWithValues: race.rides.map { ($0.cloth, $0) })
        XCTAssertEqual(rides[3]?.lateScratching, true)
        XCTAssertEqual(rides[3]?.deductions, Deductions(win: 12.5, place: 4))
        XCTAssertEqual(rides[1]?.lateScratching, false)
        XCTAssertEqual(rides[5]?.startingPrice?.text, "4.4")
        XCTAssertNil(rides[2]?.startingPrice, "none given apart from the price")
        let flat = try neds(
            status: "Final",
            runners: """
                {"name": "Halvoya", "runner_number": 3, "is_scratched": true, "win_deduction": 8, "place_deduction": 2.5}
                """)
        XCTAssertEqual(flat.rides.first?.deductions, Deductions(win: 8, place: 2.5))
        XCTAssertEqual(flat.rides.first?.lateScratching, true, "deductions make a scratching late")
        XCTAssertNil(flat.result)
    }

    func testABadPlaceIsAnErrorAtItsKeyPath() {
        let text = """
            {"data": {"race": {"description": "A", "advertised_start": 1}, "runners": [],
              "results": [{"position": 1, "runner_number": 2}, {"position": "second", "runner_number": 3}]}}
            """
        XCTAssertThrowsError(try NedsRaceCard.decode(from: Data(text.utf8), timeZone: "UTC")) { error in
            let failure = error as? RacingDecodingError
            XCTAssertEqual(failure?.keyPath, "data.results[1].position")
            XCTAssertEqual(failure?.message, "expected a whole number, found a string")
        }
        let zero = """
            {"data": {"race": {"description": "A", "advertised_start": 1}, "runners": [],
              "dividends": [{"product_name": "Win", "dividend": "lots", "positions": []}]}}
            """
        XCTAssertThrowsError(try NedsRaceCard.decode(from: Data(zero.utf8), timeZone: "UTC")) { error in
            XCTAssertEqual((error as? RacingDecodingError)?.keyPath, "data.dividends[0].dividend")
        }
    }

    func testACardCarriesAResultInTheSameShapes() throws {
        let text = """
            [{"race_summary": {"name": "A", "date": "2024-05-18", "time": "14:30", "race_stage": "WEIGHEDIN"},
              "rides": [{"cloth_number": 1, "horse": {"name": "Copper Lane"}, "current_odds": "5/2"},
                        {"cloth_number": 2, "horse": {"name": "Night Heron"}, "current_odds": "EVS"}],
              "results": [{"position": 1, "runner_number": 2}, {"position": 2, "runner_number": 1}],
              "dividends": [{"product_name": "Win", "tote": "Fixed", "dividend": 2, "positions": [{"runner_number": 2}]}]}]
            """
        let race = try XCTUnwrap(RaceCard.decode(from: Data(text.utf8)).races.first)
        XCTAssertEqual(race.status, .final)
        XCTAssertEqual(race.result?.placings.map(\.name), ["Night Heron", "Copper Lane"])
        XCTAssertEqual(race.result?.dividends(for: 2).map(\.amount), [2])
        XCTAssertEqual(RaceState.of(race, start: nil, now: 0), .final)
    }
}
