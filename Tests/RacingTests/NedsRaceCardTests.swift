import Foundation
import GazetteTestSupport
import Racing
import XCTest

/// The Neds racing API's race response read as a race card, on our own invented responses in the
/// API's shape (docs/reference/inputs.md, "The bookmaker's race response (Neds)").
final class NedsRaceCardTests: XCTestCase {
    /// 2026-11-28 02:05 UTC: 13:05 in Sydney (UTC+11 in summer).
    static let start = 1_795_831_500

    /// A whole response as served: header, params and data, with keys the card does not use.
    static func response(
        runners: String, start: Int = start, name: String = "Wattle Park Sprint",
        place: String = #""country": "AUS", "state": "NSW","#
    ) -> String {
        """
        {"header": {"title": "Race", "generated_time": "2026-11-28T01:00:00Z", "url": "/racing/events/wp-r3"},
         "params": {"enc": "json", "id": "wp-r3"},
         "data": {
          "race": {"event_id": "wp-r3", "meeting_name": "Wattle Park", "meeting_id": "wp-2026-11-28", "status": "Open",
            "description": "\(name)", "advertised_start": \(start), "advertised_start_string": "",
            "race_number": 3, "type": "T", \(place) "distance": 1200, "weather": "Fine",
            "track_condition": "Good4", "comment": ""},
          "runners": [\(runners)],
          "favourite": null, "mover": null, "results": [], "dividends": []}}
        """
    }

    /// Eight runners: one scratched, flucs of several prices, one without odds, a null and a
    /// missing `fixed_win`, a price of 1.0.
    static let runners = """
        {"name": "Saltbush", "runner_number": 1, "barrier": 5, "is_scratched": false, "scratch_time": 0,
         "age": 4, "sex": "G", "jockey": "K Ng", "trainer_name": "P Rowe", "form_comment": "Resumes fresh.",
         "weight": {"allocated": "58.0kg", "total": "58.0kg"}, "favourite": false, "mover": false,
         "last_twenty_starts": "x213", "flucs": [6.0, 5.5, 4.8], "odds": {"fixed_win": 4.8, "fixed_place": 1.9}},
        {"name": "Red Gum", "runner_number": 2, "barrier": 1, "is_scratched": true, "scratch_time": 1795820000,
         "age": 5, "sex": "M", "jockey": "", "trainer_name": "L Hart", "form_comment": "",
         "flucs": [8.0, 9.5], "odds": {"fixed_win": 9.5, "fixed_place": 3}},
        {"name": "Mallee Run", "runner_number": 3, "barrier": 2, "is_scratched": false, "jockey": "T Oakes",
         "flucs": [2.25, null, 0, "2.4", 1.0, 2.5], "odds": {"fixed_win": 2.5, "fixed_place": 1.4}},
        {"name": "Blue Wren", "runner_number": 4, "barrier": 4, "flucs": [12, 10], "odds": {"fixed_win": 10}},
        {"name": "Coolabah", "runner_number": 5, "barrier": 3, "odds": {"fixed_win": 1.0}},
        {"name": "Ironbark", "runner_number": 6, "barrier": 6},
        {"name": "Quandong", "runner_number": 7, "barrier": 8, "odds": {"fixed_win": null, "fixed_place": null}},
        {"name": "Spinifex", "runner_number": 8, "barrier": 7, "odds": {"fixed_place": 2.2}}
        """

    private func card(_ text: String, zone: String = "UTC") throws -> RaceCard {
        try RaceCardReaders.decode(Data(text.utf8), format: "neds", timeZone: zone)
    }

    private func decodingError(_ text: String, file: StaticString = #filePath, line: UInt = #line)
        -> RacingDecodingError?
    {
        do {
            _ = try NedsRaceCard.decode(from: Data(text.utf8), timeZone: "UTC")
            XCTFail("expected a decoding error", file: file, line: line)
            return nil
        } catch {
            return error
        }
    }

    /// The 1-based line and column (in Unicode scalars) where `needle` first starts in `text`.
    private func position(of needle: String, in text: String) -> (line: Int, column: Int)? {
        guard let range = text.range(of: needle) else { return nil }
        let before = text[..<range.lowerBound]
        let lines = before.split(separator: "\n", omittingEmptySubsequences: false)
        return (lines.count, (lines.last?.unicodeScalars.count ?? 0) + 1)
    }

    /// The odds text of a lone runner whose `odds` member is written as `odds` (nil: no member).
    private func price(_ odds: String?) throws -> String {
        let member = odds.map { #", "odds": \#($0)"# } ?? ""
        let text = #"{"race": {"advertised_start": 0}, "runners": [{"name": "A", "runner_number": 1\#(member)}]}"#
        return try card(text).races[0].rides[0].odds.text
    }

    // MARK: - Shape

    func testTheShapeIsFoundByItsKeys() {
        let data = { (text: String) in Data(text.utf8) }
        let bare = #"{"race": {"advertised_start": 1}, "runners": []}"#
        XCTAssertTrue(NedsRaceCard.looksLikeNeds(data(Self.response(runners: Self.runners))))
        XCTAssertTrue(NedsRaceCard.looksLikeNeds(data(bare)))
        XCTAssertTrue(NedsRaceCard.looksLikeNeds(data("[\(Self.response(runners: ""))]")))
        XCTAssertTrue(NedsRaceCard.looksLikeNeds(data("[\(bare), \(Self.response(runners: ""))]")))
        // A response whose runners are not declared yet.
        XCTAssertTrue(NedsRaceCard.looksLikeNeds(data(#"{"data": {"race": {"advertised_start": 1}}}"#)))
    }

    func testOtherShapesAreNotTakenForIt() {
        let data = { (text: String) in Data(text.utf8) }
        XCTAssertFalse(NedsRaceCard.looksLikeNeds(data(#"[{"race_summary": {"name": "x"}, "rides": []}]"#)))
        XCTAssertFalse(NedsRaceCard.looksLikeNeds(data(#"{"race_summary": {"name": "x"}, "rides": []}"#)))
        XCTAssertFalse(
            NedsRaceCard.looksLikeNeds(data(#"{"status": 200, "data": {"next_to_go_ids": [], "race_summaries": {}}}"#)))
        XCTAssertFalse(NedsRaceCard.looksLikeNeds(data("not json")))
        XCTAssertFalse(NedsRaceCard.looksLikeNeds(data("")))
        XCTAssertFalse(NedsRaceCard.looksLikeNeds(data("[]")))
        XCTAssertFalse(NedsRaceCard.looksLikeNeds(data("42")))
        XCTAssertFalse(NedsRaceCard.looksLikeNeds(data(#"{"race": {"advertised_start": 1}}"#)))
        XCTAssertFalse(NedsRaceCard.looksLikeNeds(data(#"{"data": {"race": "R1", "runners": []}}"#)))
        XCTAssertFalse(NedsRaceCard.looksLikeNeds(data(#"{"data": {"race": {}, "runners": "none"}}"#)))
    }

    // MARK: - Fields

    func testEveryRaceFieldIsMapped() throws {
        let race = try card(Self.response(runners: Self.runners)).races[0]
        XCTAssertEqual(race.name, "Wattle Park Sprint")
        XCTAssertEqual(race.course, "Wattle Park")
        XCTAssertEqual(race.distance, "1200m")
        XCTAssertEqual(race.going, "Good4")
        XCTAssertEqual(race.weather, "Fine")
        XCTAssertEqual(race.number, 3)
        // In the meeting's zone, from its country and state: Sydney, UTC+11 in November.
        XCTAssertEqual(race.date, "2026-11-28")
        XCTAssertEqual(race.time, "13:05")
        XCTAssertEqual(race.zone, "Australia/Sydney")
        XCTAssertEqual(race.rides.map(\.cloth), [1, 2, 3, 4, 5, 6, 7, 8])
    }

    func testEveryRideFieldIsMapped() throws {
        let rides = try card(Self.response(runners: Self.runners)).races[0].rides
        let saltbush = rides[0]
        XCTAssertEqual(saltbush.cloth, 1)
        XCTAssertEqual(saltbush.horse, Horse(name: "Saltbush", age: 4, sex: "G"))
        XCTAssertEqual(saltbush.barrier, 5)
        XCTAssertEqual(saltbush.jockey, "K Ng")
        XCTAssertEqual(saltbush.trainer, "P Rowe")
        XCTAssertEqual(saltbush.formComment, "Resumes fresh.")
        XCTAssertEqual(saltbush.form, Form(text: "x213"))
        XCTAssertEqual(saltbush.odds, Odds(parsing: "4.8"))
        XCTAssertEqual(saltbush.flucs, [Odds(parsing: "6.0"), Odds(parsing: "5.5"), Odds(parsing: "4.8")])
        XCTAssertNil(saltbush.handicap)
        XCTAssertFalse(saltbush.withdrawn)
        // Empty strings are no value; absent keys are none either.
        let redGum = rides[1]
        XCTAssertEqual(redGum.horse, Horse(name: "Red Gum", age: 5, sex: "M"))
        XCTAssertNil(redGum.jockey)
        XCTAssertNil(redGum.formComment)
        XCTAssertEqual(redGum.trainer, "L Hart")
        let ironbark = rides[5]
        XCTAssertEqual(ironbark.horse, Horse(name: "Ironbark"))
        XCTAssertEqual(ironbark.barrier, 6)
        XCTAssertNil(ironbark.jockey)
        XCTAssertNil(ironbark.trainer)
        XCTAssertNil(ironbark.formComment)
        XCTAssertEqual(ironbark.form.text, "")
        XCTAssertEqual(ironbark.flucs, [])
        XCTAssertFalse(ironbark.withdrawn)
    }

    func testEmptyAndAbsentRaceValuesAreNone() throws {
        let text = #"""
            {"data": {"race": {"advertised_start": 1795831500, "distance": 0, "track_condition": "", "weather": "",
              "meeting_name": ""}}}
            """#
        let race = try card(text).races[0]
        XCTAssertEqual(race.name, "")
        XCTAssertNil(race.course)
        XCTAssertNil(race.distance)
        XCTAssertNil(race.going)
        XCTAssertNil(race.weather)
        XCTAssertNil(race.number)
        // No `runners`: a race with none.
        XCTAssertEqual(race.rides, [])
        XCTAssertNil(try card(#"{"race": {"advertised_start": 0}, "runners": []}"#).races[0].distance)
    }

    // MARK: - Prices

    func testDecimalPricesAsText() throws {
        let rides = try card(Self.response(runners: Self.runners)).races[0].rides
        XCTAssertEqual(rides.map(\.odds.text), ["4.8", "9.5", "2.5", "10.0", "", "", "", ""])
        XCTAssertEqual(rides.map(\.odds.isPriced), [true, true, true, true, false, false, false, false])
        XCTAssertEqual(rides[2].odds.impliedProbability!, 0.4, accuracy: 1e-12)
        XCTAssertEqual(rides[3].flucs.map(\.text), ["12.0", "10.0"])
        // A fluctuation that is no price (null, 0, text, 1.0) is skipped.
        XCTAssertEqual(rides[2].flucs.map(\.text), ["2.25", "2.5"])
    }

    func testTheDecimalTextRule() throws {
        XCTAssertEqual(try price(#"{"fixed_win": 9.5}"#), "9.5")
        XCTAssertEqual(try price(#"{"fixed_win": 10}"#), "10.0")
        XCTAssertEqual(try price(#"{"fixed_win": 10.0}"#), "10.0")
        XCTAssertEqual(try price(#"{"fixed_win": 2.25}"#), "2.25")
        XCTAssertEqual(try price(#"{"fixed_win": 1.01}"#), "1.01")
        XCTAssertEqual(try price(#"{"fixed_win": 1e3}"#), "1000.0")
        XCTAssertEqual(try price(#"{"fixed_win": 10000}"#), "10000.0")
        XCTAssertEqual(try price(#"{"fixed_win": 1.1000000000000001}"#), "1.1")
        XCTAssertEqual(try price(#"{"fixed_win": 2.4000000000000004}"#), "2.4000000000000004")
        // No price: 1.0 or less, null, missing, absurd.
        for odds in [
            #"{"fixed_win": 1.0}"#, #"{"fixed_win": 1}"#, #"{"fixed_win": 0.5}"#, #"{"fixed_win": 0}"#,
            #"{"fixed_win": -3}"#, #"{"fixed_win": null}"#, #"{"fixed_place": 3}"#, "{}", "null",
            #"{"fixed_win": 10000.5}"#, #"{"fixed_win": 1e300}"#
        ] {
            XCTAssertEqual(try price(odds), "", odds)
        }
        XCTAssertEqual(try price(nil), "")
        XCTAssertEqual(try card(Self.response(runners: Self.runners)).races[0].rides[5].odds, .unpriced(text: ""))
    }

    func testDecimalPricesOrderTheRunners() throws {
        let race = try card(Self.response(runners: Self.runners)).races[0]
        // 2.5, 4.8, 10.0, then the unpriced by cloth; Red Gum (9.5) is scratched.
        XCTAssertEqual(race.byOdds.map(\.cloth), [3, 1, 4, 5, 6, 7, 8])
        XCTAssertEqual(race.favourite?.horse.name, "Mallee Run")
    }

    func testAScratchedRunnerIsANonRunner() throws {
        let race = try card(Self.response(runners: Self.runners)).races[0]
        XCTAssertEqual(race.rides.map(\.withdrawn), [false, true, false, false, false, false, false, false])
        XCTAssertEqual(race.nonRunners.map(\.horse.name), ["Red Gum"])
        XCTAssertEqual(race.runners.map(\.cloth), [1, 3, 4, 5, 6, 7, 8])
        // Its price and history are still read.
        XCTAssertEqual(race.nonRunners[0].odds.text, "9.5")
        XCTAssertEqual(race.nonRunners[0].flucs.map(\.text), ["8.0", "9.5"])
    }

    // MARK: - Time zones

    func testStartsAreWrittenInTheMeetingsZoneWhateverTheReaders() throws {
        let text = Self.response(runners: "")
        for readers in ["UTC", "Australia/Sydney", "Europe/Berlin"] {
            let race = try card(text, zone: readers).races[0]
            XCTAssertEqual([race.date, race.time, race.zone], ["2026-11-28", "13:05", "Australia/Sydney"], readers)
        }
        // Perth is UTC+8; New Zealand UTC+13 in November.
        let perth = try card(Self.response(runners: "", place: #""country": "AUS", "state": "WA","#)).races[0]
        XCTAssertEqual([perth.time, perth.zone], ["10:05", "Australia/Perth"])
        let auckland = try card(Self.response(runners: "", place: #""country": "NZL", "state": "","#)).races[0]
        XCTAssertEqual([auckland.time, auckland.zone], ["15:05", "Pacific/Auckland"])
    }

    func testStartsOfAMeetingNamingNoPlaceAreWrittenInTheReadersTimeZone() throws {
        let text = Self.response(runners: "", place: "")
        XCTAssertEqual(try card(text, zone: "UTC").races[0].date, "2026-11-28")
        XCTAssertEqual(try card(text, zone: "UTC").races[0].time, "02:05")
        XCTAssertEqual(try card(text, zone: "UTC").races[0].zone, "UTC")
        XCTAssertEqual(try card(text, zone: "Australia/Sydney").races[0].date, "2026-11-28")
        XCTAssertEqual(try card(text, zone: "Australia/Sydney").races[0].time, "13:05")
        // 23:30 UTC on the 27th is 10:30 on the 28th in Sydney.
        let late = Self.response(runners: "", start: Self.start - 9_300, place: "")
        XCTAssertEqual(try card(late, zone: "UTC").races[0].date, "2026-11-27")
        XCTAssertEqual(try card(late, zone: "UTC").races[0].time, "23:30")
        XCTAssertEqual(try card(late, zone: "Australia/Sydney").races[0].date, "2026-11-28")
        XCTAssertEqual(try card(late, zone: "Australia/Sydney").races[0].time, "10:30")
        // In June, Sydney is UTC+10.
        let winter = Self.response(runners: "", start: 1_781_492_400, place: "")
        XCTAssertEqual(try card(winter, zone: "Australia/Sydney").races[0].date, "2026-06-15")
        XCTAssertEqual(try card(winter, zone: "Australia/Sydney").races[0].time, "13:00")
    }

    // MARK: - Meetings

    func testAnArrayOfResponsesIsAMeeting() throws {
        let second = Self.response(runners: "", start: Self.start + 2_100, name: "Wattle Park Mile")
        let meeting = try card("[\(Self.response(runners: Self.runners)), \(second)]", zone: "Australia/Sydney")
        XCTAssertEqual(meeting.races.map(\.name), ["Wattle Park Sprint", "Wattle Park Mile"])
        XCTAssertEqual(meeting.races.map(\.time), ["13:05", "13:40"])
        XCTAssertEqual(meeting.races[0].rides.count, 8)
        XCTAssertEqual(meeting.races[1].rides, [])
        // Input order is kept, whatever the starts.
        let reversed = try card("[\(second), \(Self.response(runners: ""))]")
        XCTAssertEqual(reversed.races.map(\.name), ["Wattle Park Mile", "Wattle Park Sprint"])
        XCTAssertEqual(try card("[]").races, [])
    }

    func testTheFixtureMeetingReads() throws {
        let data = try Data(contentsOf: TestSupport.fixture("race-card-neds.json"))
        XCTAssertTrue(NedsRaceCard.looksLikeNeds(data))
        let card = try NedsRaceCard.decode(from: data, timeZone: "Australia/Sydney")
        XCTAssertEqual(card.races.map(\.course), ["Wattle Park", "Wattle Park"])
        XCTAssertEqual(card.races.map(\.date), ["2026-11-28", "2026-11-28"])
        XCTAssertEqual(card.races.map(\.time), ["13:05", "13:40"])
        XCTAssertEqual(card.races[0].nonRunners.map(\.horse.name), ["Red Gum"])
        XCTAssertEqual(card.races[0].favourite?.horse.name, "Mallee Run")
        XCTAssertEqual(card.races[1].rides[2].flucs.map(\.text), ["5.5", "5.0", "6.0"])
    }
}

// MARK: - Errors

extension NedsRaceCardTests {
    func testAWrongTypeIsAnErrorAtItsKeyPathAndValue() throws {
        let text = Self.response(
            runners: """
                {"name": "Saltbush", "runner_number": 1},
                {"name": "Red Gum", "runner_number": 2},
                {"name": "Mallee Run", "runner_number": "3"}
                """)
        let error = try XCTUnwrap(decodingError(text))
        XCTAssertEqual(error.description, "data.runners[2].runner_number: expected an integer, found a string")
        let place = try XCTUnwrap(position(of: #""3""#, in: text))
        XCTAssertEqual(error.line, place.line)
        XCTAssertEqual(error.column, place.column)
    }

    func testErrorsNameTheKeyPath() {
        let runner = { (fields: String) in Self.response(runners: "{\(fields)}") }
        let cases: [(String, String)] = [
            (
                runner(#""name": "A", "runner_number": 1.5"#),
                "data.runners[0].runner_number: expected an integer, found 1.5"
            ),
            (runner(#""name": "A""#), "data.runners[0].runner_number: missing required key"),
            (runner(#""runner_number": 1"#), "data.runners[0].name: missing required key"),
            (
                runner(#""name": "A", "runner_number": 1, "odds": {"fixed_win": "4.8"}"#),
                "data.runners[0].odds.fixed_win: expected a number, found a string"
            ),
            (
                runner(#""name": "A", "runner_number": 1, "is_scratched": "yes""#),
                "data.runners[0].is_scratched: expected true or false, found a string"
            ),
            (
                runner(#""name": "A", "runner_number": 1, "barrier": "5""#),
                "data.runners[0].barrier: expected an integer, found a string"
            ),
            (
                Self.response(runners: "").replacingOccurrences(of: "\(Self.start)", with: "\"\(Self.start)\""),
                "data.race.advertised_start: expected an integer, found a string"
            ),
            (
                Self.response(runners: "").replacingOccurrences(of: #""advertised_start": \#(Self.start),"#, with: ""),
                "data.race.advertised_start: missing required key"
            ),
            (#"{"data": {"runners": []}}"#, "data.race: missing required key")
        ]
        for (text, expected) in cases {
            XCTAssertEqual(decodingError(text)?.description, expected, text)
        }
    }

    func testAnErrorInAMeetingNamesItsRace() {
        let bad = Self.response(runners: "").replacingOccurrences(of: "\(Self.start)", with: "\"13:05\"")
        let error = decodingError("[\(Self.response(runners: "")),\n\(bad)]")
        XCTAssertEqual(error?.keyPath, "[1].data.race.advertised_start")
        XCTAssertEqual(error?.message, "expected an integer, found a string")
        XCTAssertNotNil(error?.line)
    }

    func testASyntaxErrorHasItsLineAndColumn() throws {
        let error = try XCTUnwrap(decodingError("{\"data\": {\"race\": {\n  \"advertised_start\": ,}}}"))
        XCTAssertEqual(error.keyPath, "data.race.advertised_start")
        XCTAssertEqual(error.line, 2)
        XCTAssertEqual(error.column, 23)
        XCTAssertTrue(error.message.hasPrefix("invalid JSON: "), error.message)
        XCTAssertTrue(error.message.hasSuffix("(line 2, column 23)"), error.message)
        XCTAssertEqual(decodingError("[{")?.line, 1)
    }
}
