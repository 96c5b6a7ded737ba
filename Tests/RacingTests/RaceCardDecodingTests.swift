import Foundation
import Racing
import XCTest

final class RaceCardDecodingTests: XCTestCase {
    private func decode(_ json: String) throws(RacingDecodingError) -> RaceCard {
        try RaceCard.decode(from: Data(json.utf8))
    }

    private func decodingError(_ json: String, file: StaticString = #filePath, line: UInt = #line)
        -> RacingDecodingError?
    {
        do {
            _ = try decode(json)
            XCTFail("expected a decoding error", file: file, line: line)
            return nil
        } catch {
            return error
        }
    }

    private let summary = #""race_summary": {"name": "R", "date": "2017-12-15", "time": "18:10"}"#

    // MARK: - Sample data (SPEC §6)

    func testTenRacesFirstRaceOrderings() throws {
        let card = try RaceCard.decode(from: sampleData("racecard_10_races.json"))
        XCTAssertEqual(card.races.count, 10)
        let race = card.races[0]
        XCTAssertEqual(race.name, "Woodbine")
        XCTAssertEqual(race.time, "18:10")
        XCTAssertEqual(race.byOdds.map(\.cloth), [1, 4, 10, 13, 9, 6, 14, 3])
        XCTAssertEqual(race.byForm.map(\.cloth), [9, 1, 13, 4, 6, 10, 3, 14])
        XCTAssertEqual(race.byCloth.map(\.cloth), [1, 3, 4, 6, 9, 10, 13, 14])
        XCTAssertEqual(race.favourite?.cloth, 1)
        XCTAssertEqual(race.nonRunners, [])
    }

    func testTenRacesDecodeEveryField() throws {
        let card = try RaceCard.decode(from: sampleData("racecard_10_races.json"))
        XCTAssertEqual(
            card.races.map(\.time),
            ["18:10", "18:38", "19:07", "19:37", "20:11", "20:41", "21:11", "21:45", "22:18", "22:51"])
        let race = card.races[0]
        XCTAssertEqual(race.course, "Woodbine")
        XCTAssertEqual(race.distance, "6f 110y")
        XCTAssertEqual(race.date, "2017-12-15")
        XCTAssertEqual(race.rideCount, 8)
        XCTAssertEqual(race.stage, "WEIGHEDIN")
        XCTAssertEqual(race.going, "Good to Soft")
        XCTAssertEqual(race.hasHandicap, false)
        XCTAssertEqual(race.hidden, false)
        XCTAssertNil(race.age)
        XCTAssertEqual(
            race.rides[0],
            Ride(
                cloth: 4, horse: Horse(name: "Parmigiano", age: 4, daysSinceLastRun: 21, sex: nil),
                form: Form(text: "2-26"), handicap: "9-6", odds: .fractional(numerator: 3, denominator: 1, text: "3/1"),
                withdrawn: false))
        XCTAssertEqual(race.rides[4].odds.text, "14/2")
        XCTAssertEqual(card.racesInStartOrder, card.races)
    }

    func testThreeRaces() throws {
        let card = try RaceCard.decode(from: sampleData("racecard_3_races.json"))
        XCTAssertEqual(card.races.count, 3)
        XCTAssertEqual(card.races.map(\.rides.count), [8, 6, 4])
        XCTAssertEqual(card.races.last?.rides.count, 4)
    }

    func testSingleRaceObjectWithAWithdrawnRide() throws {
        let card = try RaceCard.decode(from: sampleData("racecard_single_race_object.json"))
        XCTAssertEqual(card.races.count, 1)
        let race = card.races[0]
        XCTAssertEqual(race.name, "Maiden Plate (F & M)")
        XCTAssertEqual(race.age, "3YO plus")
        XCTAssertEqual(race.rides.count, 8)
        XCTAssertEqual(race.nonRunners.map(\.cloth), [3])
        XCTAssertEqual(race.nonRunners.first?.horse.name, "Brighton Belle")
        for ordering in [race.byOdds, race.byForm, race.byCloth, race.runners] {
            XCTAssertEqual(ordering.count, 7)
            XCTAssertFalse(ordering.contains { $0.cloth == 3 })
        }
        XCTAssertEqual(race.byCloth.map(\.cloth), [1, 5, 6, 9, 10, 13, 14])
        XCTAssertEqual(race.byOdds.map(\.cloth), [1, 5, 10, 13, 9, 6, 14])
        XCTAssertEqual(race.favourite?.cloth, 1)
    }

    func testHorseAgeFromFoaledAndDaysFromEitherKey() throws {
        let race = try RaceCard.decode(from: sampleData("racecard_single_race_object.json")).races[0]
        // Race 2017, foaled 2013 → 4; foaled 2012 → 5.
        XCTAssertEqual(race.rides[0].horse, Horse(name: "Cape Orchid", age: 4, daysSinceLastRun: 24, sex: "f"))
        XCTAssertEqual(race.rides[3].horse, Horse(name: "Madam Secretary", age: 4, daysSinceLastRun: 21, sex: "f"))
        XCTAssertEqual(race.rides[4].horse.age, 5)
        XCTAssertEqual(race.rides[4].horse.daysSinceLastRun, 35)
    }

    // MARK: - Shapes and defaults

    func testUnknownKeysIgnoredAndOptionalFieldsDefault() throws {
        let card = try decode(
            #"""
            [{"race_summary": {"name": "R", "date": "2024-02-29", "time": "00:00", "extra": [1, 2]},
              "rides": [{"cloth_number": 1, "horse": {"name": "H", "colour": "bay"}, "x": null}],
              "other": true}]
            """#)
        let ride = card.races[0].rides[0]
        XCTAssertEqual(
            ride,
            Ride(
                cloth: 1, horse: Horse(name: "H"), form: Form(text: ""), handicap: nil,
                odds: .unpriced(text: ""), withdrawn: false))
        XCTAssertNil(card.races[0].course)
    }

    func testRidesMayBeAbsent() throws {
        XCTAssertEqual(try decode("{\(summary)}").races[0].rides, [])
    }

    func testEmptyArrayIsAnEmptyCard() throws {
        XCTAssertEqual(try decode("[]").races, [])
    }

    func testAgeWinsOverFoaledAndFoaledAfterTheRaceGivesNoAge() throws {
        let card = try decode(
            """
            {\(summary), "rides": [
              {"cloth_number": 1, "horse": {"name": "A", "age": 7, "foaled": "2013-01-01"}},
              {"cloth_number": 2, "horse": {"name": "B", "foaled": "2019-01-01"}},
              {"cloth_number": 3, "horse": {"name": "C", "days_since_last_run": 3, "last_ran_days": 9}},
              {"cloth_number": 4, "horse": {"name": "D", "last_ran_days": 9}}]}
            """)
        let horses = card.races[0].rides.map(\.horse)
        XCTAssertEqual(horses.map(\.age), [7, nil, nil, nil])
        XCTAssertEqual(horses.map(\.daysSinceLastRun), [nil, nil, 3, 9])
    }

    func testRacesInStartOrderUsesFullTieBreaks() throws {
        let card = try decode(
            #"""
            [{"race_summary": {"name": "B", "course_name": "Ascot", "date": "2024-01-02", "time": "10:00"}},
             {"race_summary": {"name": "Z", "course_name": "Ascot", "date": "2024-01-01", "time": "12:00"}},
             {"race_summary": {"name": "A", "course_name": "York", "date": "2024-01-01", "time": "12:00"}},
             {"race_summary": {"name": "A", "course_name": "Ascot", "date": "2024-01-01", "time": "12:00"}},
             {"race_summary": {"name": "A", "course_name": "Ascot", "date": "2024-01-01", "time": "12:00", "going": "Soft"}},
             {"race_summary": {"name": "Q", "date": "2024-01-01", "time": "12:00"}},
             {"race_summary": {"name": "E", "course_name": "Ascot", "date": "2024-01-01", "time": "09:30"}}]
            """#)
        let order = card.racesInStartOrder.map { "\($0.name)\($0.going ?? "")" }
        XCTAssertEqual(order, ["E", "Q", "A", "ASoft", "Z", "A", "B"])
    }

    // MARK: - Errors name the key path

    func testMissingHorseNameNamesItsPath() {
        let error = decodingError(
            """
            [{\(summary), "rides": []},
             {\(summary), "rides": [{"cloth_number": 1, "horse": {"name": "A"}},
                                    {"cloth_number": 2, "horse": {"age": 3}}]}]
            """)
        XCTAssertEqual(error?.keyPath, "[1].rides[1].horse.name")
        XCTAssertEqual(error?.description, "[1].rides[1].horse.name: missing required key")
    }

    func testMissingRequiredSummaryKeys() {
        XCTAssertEqual(decodingError(#"{"rides": []}"#)?.keyPath, "race_summary")
        XCTAssertEqual(
            decodingError(#"{"race_summary": {"date": "2017-12-15", "time": "18:10"}}"#)?.keyPath,
            "race_summary.name")
        XCTAssertEqual(
            decodingError(#"{"race_summary": {"name": 1}}"#)?.description,
            "race_summary.name: expected a string, found 1")
        XCTAssertEqual(
            decodingError(#"{"race_summary": {"name": "R", "time": "18:10"}}"#)?.keyPath,
            "race_summary.date")
        XCTAssertEqual(
            decodingError(#"{"race_summary": {"name": "R", "date": "2017-12-15"}}"#)?.keyPath,
            "race_summary.time")
        XCTAssertEqual(
            decodingError("{\(summary), \"rides\": [{\"horse\": {\"name\": \"A\"}}]}")?.keyPath,
            "rides[0].cloth_number")
    }

    func testWrongTypesNameTheirPath() {
        let error = decodingError("{\(summary), \"rides\": [{\"cloth_number\": \"7\", \"horse\": {\"name\": \"A\"}}]}")
        XCTAssertEqual(error?.keyPath, "rides[0].cloth_number")
        XCTAssertEqual(error?.message, "expected an integer, found a string")
        XCTAssertEqual(
            decodingError("{\(summary), \"rides\": [{\"cloth_number\": 1, \"horse\": {\"name\": null}}]}")?.keyPath,
            "rides[0].horse.name")
    }

    func testMalformedDatesAndTimes() {
        for date in ["2017-12-5", "15-12-2017", "2017-13-01", "2017-02-29", "2017/12/15", "", "２０17-12-15"] {
            let error = decodingError(#"[{"race_summary": {"name": "R", "date": "\#(date)", "time": "18:10"}}]"#)
            XCTAssertEqual(error?.keyPath, "[0].race_summary.date", date)
            XCTAssertEqual(error?.message, "expected a date as YYYY-MM-DD, found '\(date)'")
        }
        for time in ["6:10", "24:00", "18:60", "18.10", "18:10:00", ""] {
            let error = decodingError(#"[{"race_summary": {"name": "R", "date": "2017-12-15", "time": "\#(time)"}}]"#)
            XCTAssertEqual(error?.keyPath, "[0].race_summary.time", time)
        }
        XCTAssertEqual(
            decodingError(
                "{\(summary), \"rides\": [{\"cloth_number\": 1, \"horse\": {\"name\": \"A\", \"foaled\": \"2013\"}}]}")?
                .keyPath,
            "rides[0].horse.foaled")
    }

    func testLeapDayAndMidnightAreValid() throws {
        XCTAssertNoThrow(try decode(#"{"race_summary": {"name": "R", "date": "2000-02-29", "time": "23:59"}}"#))
    }

    func testNotJSONIsAnErrorAtWhereTheTextStopped() {
        let error = decodingError("[{")
        XCTAssertEqual(error?.keyPath, "[0]")
        XCTAssertFalse(error?.message.isEmpty ?? true)
        for json in ["42", "null", #""text""#] {
            XCTAssertEqual(
                decodingError(json),
                RacingDecodingError(keyPath: "", message: "expected an array of races or a single race object"))
        }
        XCTAssertEqual(decodingError("[42]")?.description, "[0]: expected an object, found 42")
    }

    // MARK: - JSON syntax errors

    func testTruncatedCardGivesLineAndColumn() {
        let json = "[\n  {\"race_summary\": {\"name\": \"R\", \"date\": \"2017-12-15\""
        XCTAssertEqual(
            decodingError(json),
            RacingDecodingError(
                keyPath: "[0].race_summary",
                message: "invalid JSON: unexpected end of input, expected ',' or '}' (line 2, column 54)",
                line: 2, column: 54))
    }

    func testTruncatedSampleCardGivesLineAndColumn() throws {
        let text = String(decoding: try sampleData("racecard_3_races.json"), as: UTF8.self)
        // Drop the closing bracket (and anything after it): the document ends too early.
        let end = try XCTUnwrap(text.lastIndex(of: "]"))
        let prefix = String(text[..<end])
        let error = try XCTUnwrap(decodingError(prefix))
        let lines = prefix.split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertEqual(error.keyPath, "")
        XCTAssertEqual(error.line, lines.count)
        XCTAssertEqual(error.column, lines.last.map { $0.unicodeScalars.count + 1 })
        XCTAssertEqual(
            error.message,
            "invalid JSON: unexpected end of input, expected ',' or ']' (line \(lines.count), column \(error.column ?? 0))"
        )
    }

    func testEmptyCardGivesLineAndColumn() {
        XCTAssertEqual(
            decodingError(" \n"),
            RacingDecodingError(
                keyPath: "", message: "invalid JSON: the document is empty (line 2, column 1)", line: 2, column: 1))
    }

    func testMalformedValueIsLocated() {
        let json =
            "{\"race_summary\": {\"name\": \"R\", \"date\": \"2017-12-15\", \"time\": \"18:10\"},\n \"rides\": [{\"cloth_number\": 1.}]}"
        let error = decodingError(json)
        XCTAssertEqual(error?.line, 2)
        XCTAssertEqual(error?.column, 31)
        XCTAssertEqual(error?.message, "invalid JSON: expected a digit after '.', found '}' (line 2, column 31)")
    }

    /// Validation errors name their key path and stand at their value.
    func testValidationErrorsArePlacedAtTheirValue() {
        let error = decodingError(#"{"race_summary": {"name": "R", "date": "2017-02-29", "time": "18:10"}}"#)
        XCTAssertEqual(error?.keyPath, "race_summary.date")
        XCTAssertEqual(error?.line, 1)
        XCTAssertEqual(error?.column, 40)
    }
}
