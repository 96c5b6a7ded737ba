import Foundation
import Racing
import XCTest

/// The `fields:` block guessed for a race input no format knows: the runners' list, the races
/// around it and each key's field, with evidence; two candidates that fit alike are both written,
/// the second commented out, and the error asks which (docs/reference/inputs.md, "Any other JSON").
final class FieldGuessTests: XCTestCase {
    /// Our own shape: a meeting with races, each with its runners and a list of results.
    private func meeting(prices: String = #""price": 2.5"#, second: String = "results") -> Data {
        Data(
            """
            {"meeting": {"venue": "Riverbank", "races": [
              {"raceNumber": 1, "title": "Maiden", "jumpTime": "2026-11-28T13:05:00+11:00",
               "runners": [
                 {"saddle": 1, "runnerName": "Sea Lark", \(prices)},
                 {"saddle": 2, "runnerName": "Pale Ember", \(prices)},
                 {"saddle": 3, "runnerName": "Kestrel Run", \(prices)}],
               "\(second)": [{"saddle": 2, "runnerName": "Pale Ember"}, {"saddle": 1, "runnerName": "Sea Lark"}]},
              {"raceNumber": 2, "title": "Sprint", "jumpTime": "2026-11-28T13:40:00+11:00",
               "runners": [{"saddle": 1, "runnerName": "Tin Whistle", \(prices)}, {"saddle": 2, "runnerName": "Oak Hollow", \(prices)}]}
            ]}}
            """.utf8)
    }

    private func refusal(_ data: Data) -> RacingDecodingError? {
        do {
            _ = try RaceCardReaders.decode(data, format: nil, timeZone: "UTC")
            return nil
        } catch {
            return error
        }
    }

    func testTheGuessNamesTheRacesTheRunnersAndEachFieldWithItsEvidence() throws {
        let error = try XCTUnwrap(refusal(meeting()))
        XCTAssertTrue(error.message.contains("`fields:` on the report in a job file"), error.message)
        XCTAssertFalse(error.message.contains("cannot tell"), error.message)
        let hint = try XCTUnwrap(error.hint)
        XCTAssertEqual(hint.components(separatedBy: "\n").first, "    fields:")
        for line in [
            "races: meeting.races[]", "# 2 objects with a start time and runners",
            "start: jumpTime", "# 2 start times: 2026-11-28T13:05:00+11:00", "number: raceNumber", "name: title",
            "runners:", "path: runners[]", "# 5 objects with a number 1–3 and a name", "number: saddle",
            "name: runnerName", "# 5 names: Sea Lark, Pale Ember, …", "price: price", "# 5 prices 2.5"
        ] {
            XCTAssertTrue(hint.contains(line), "\(line) not in\n\(hint)")
        }
        // `results[]` holds numbers and names too, but is not named for runners.
        XCTAssertFalse(hint.contains("results"), hint)
    }

    func testTwoPricesAlikeAreBothWrittenAndTheUserAsked() throws {
        let error = try XCTUnwrap(refusal(meeting(prices: #""price": 2.5, "fixedWin": 2.75"#)))
        let hint = try XCTUnwrap(error.hint)
        let lines = hint.components(separatedBy: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        // The fields in key order: the first is written, the second commented out.
        XCTAssertTrue(lines.contains { $0.hasPrefix("price: fixedWin ") && $0.contains("# 5 prices 2.75") }, hint)
        XCTAssertTrue(
            lines.contains { $0.hasPrefix("# price: price ") && $0.contains("# or this: 5 prices 2.5") }, hint)
        XCTAssertTrue(
            error.message.contains("the guess cannot tell whether `fixedWin` or `price` is fields.runners.price"),
            error.message)
    }

    func testTwoListsAlikeAreBothWrittenAndTheUserAsked() throws {
        let error = try XCTUnwrap(refusal(meeting(second: "starters")))
        let hint = try XCTUnwrap(error.hint)
        XCTAssertTrue(hint.contains("path: runners[]"), hint)
        XCTAssertTrue(hint.contains("# path: starters[]"), hint)
        XCTAssertTrue(
            error.message.contains("whether `runners[]` or `starters[]` is fields.runners.path"), error.message)
    }

    func testANextToGoListGetsItsOwnGuess() throws {
        let text = """
            {"upcoming": [
              {"venue": "Riverbank", "no": 3, "jumpsAt": 1795831500, "code": "trots"},
              {"venue": "Hillside", "no": 1, "jumpsAt": 1795829400, "code": "dogs"}
            ]}
            """
        XCTAssertThrowsError(try NextToGoReaders.decode(Data(text.utf8))) {
            let hint = ($0 as? RacingDecodingError)?.hint ?? ""
            for line in [
                "races: upcoming[]", "number: no", "meeting: venue", "start: jumpsAt",
                "2 start times: 1795831500 (Unix seconds, 2026-11-28 02:05 UTC)", "category: code"
            ] {
                XCTAssertTrue(hint.contains(line), "\(line) not in\n\(hint)")
            }
        }
    }

    func testTextThatIsNotJSONGetsNoGuess() {
        XCTAssertNil(refusal(Data("{\"a\": ".utf8))?.hint)
    }
}
