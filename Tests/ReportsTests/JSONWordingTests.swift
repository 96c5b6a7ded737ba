import Foundation
import XCTest
import CreditScore
import JSONSupport
import Racing

/// Every JSON input words the same fault the same way, whichever kind reads it.
final class JSONWordingTests: XCTestCase {
    private func creditError(_ json: String) -> JSONInputError? {
        do {
            _ = try CreditReport.decode(from: Data(json.utf8))
            return nil
        } catch { return error }
    }

    private func raceCardError(_ json: String) -> JSONInputError? {
        do {
            _ = try RaceCard.decode(from: Data(json.utf8))
            return nil
        } catch { return error }
    }

    private let ride = #"{"cloth_number": 1, "horse": {"name": "A"}, "odds": "2/1", "form": ""}"#

    func testAWrongTypeSaysWhatWasExpectedAndWhatWasFound() throws {
        let credit = try XCTUnwrap(creditError(#"{"creditReportInfo": {"score": "514", "maxScoreValue": 700}}"#))
        XCTAssertEqual(credit.message, "expected an integer, found a string")
        let race = try XCTUnwrap(
            raceCardError(
                #"[{"race_summary": {"name": "R", "date": "2020-01-01", "time": "12:00", "ride_count": "9"}}]"#))
        XCTAssertEqual(race.keyPath, "[0].race_summary.ride_count")
        XCTAssertEqual(race.message, "expected an integer, found a string")
        XCTAssertEqual(race.line, 1)
    }

    func testAMissingKeySaysSoAndTheKeyPathNamesIt() throws {
        let credit = try XCTUnwrap(creditError(#"{"creditReportInfo": {"maxScoreValue": 700}}"#))
        XCTAssertEqual(credit, JSONInputError(keyPath: "creditReportInfo.score", message: "missing required key"))
        let race = try XCTUnwrap(raceCardError("[{\"rides\": [\(ride)]}]"))
        XCTAssertEqual(race, JSONInputError(keyPath: "[0].race_summary", message: "missing required key"))
    }

    func testNullForARequiredValueIsAWrongTypeFoundNull() throws {
        let credit = try XCTUnwrap(creditError(#"{"creditReportInfo": {"score": null, "maxScoreValue": 700}}"#))
        XCTAssertEqual(credit.message, "expected an integer, found null")
        let race = try XCTUnwrap(
            raceCardError(#"[{"race_summary": {"name": null, "date": "2020-01-01", "time": "12:00"}}]"#))
        XCTAssertEqual(race.message, "expected a string, found null")
    }
}

/// 8 and 9 of issue 10: what Foundation calls "not valid JSON" for the whole document, and a key
/// given twice, are errors with their key path, line and column in every kind.
final class JSONFaultPlaceTests: XCTestCase {
    private func raceCardError(_ data: Data) -> JSONInputError? {
        do {
            _ = try RaceCard.decode(from: data)
            return nil
        } catch { return error }
    }

    private func creditError(_ data: Data) -> JSONInputError? {
        do {
            _ = try CreditReport.decode(from: data)
            return nil
        } catch { return error }
    }

    private func card(cloth: String) -> Data {
        Data(
            "[{\"race_summary\": {\"name\": \"R\", \"date\": \"2020-01-01\", \"time\": \"12:00\"},\n \"rides\": [{\"cloth_number\": \(cloth), \"horse\": {\"name\": \"A\"}}]}]"
                .utf8)
    }

    func testNumbersFoundationCannotReadArePlaced() throws {
        let cases = [
            ("99999999999999999999", "expected an integer, found 1e+20, outside the integer range"),
            ("1.5", "expected an integer, found 1.5")
        ]
        for (cloth, message) in cases {
            let error = try XCTUnwrap(raceCardError(card(cloth: cloth)), cloth)
            XCTAssertEqual(
                error, JSONInputError(keyPath: "[0].rides[0].cloth_number", message: message, line: 2, column: 29),
                cloth)
        }
        let huge = try XCTUnwrap(raceCardError(card(cloth: "1e400")))
        XCTAssertEqual(huge.keyPath, "[0].rides[0].cloth_number")
        XCTAssertEqual(huge.line, 2)
        XCTAssertEqual(huge.column, 29)
        XCTAssertTrue(huge.message.contains("1e400 is too large to read"), huge.message)
    }

    func testTextThatIsNotUTF8OrHalfACharacterIsPlaced() throws {
        var bytes = Data(#"[{"race_summary": {"name": "R"#.utf8)
        bytes.append(contentsOf: [0xFF, 0xFE])
        bytes.append(Data(#"", "date": "2020-01-01", "time": "12:00"}}]"#.utf8))
        let notUTF8 = try XCTUnwrap(raceCardError(bytes))
        XCTAssertEqual(notUTF8.keyPath, "[0].race_summary.name")
        XCTAssertEqual(notUTF8.column, 30)
        XCTAssertTrue(notUTF8.message.contains("not UTF-8"), notUTF8.message)

        let surrogate = try XCTUnwrap(
            raceCardError(Data(#"[{"race_summary": {"name": "R\ud800", "date": "2020-01-01", "time": "12:00"}}]"#.utf8))
        )
        XCTAssertEqual(surrogate.keyPath, "[0].race_summary.name")
        XCTAssertTrue(surrogate.message.contains("half of a character"), surrogate.message)

        let credit = try XCTUnwrap(creditError(Data(#"{"creditReportInfo": {"score": 1e999}}"#.utf8)))
        XCTAssertEqual(credit.keyPath, "creditReportInfo.score")
        XCTAssertEqual(credit.line, 1)
    }

    func testAKeyGivenTwiceIsAnError() throws {
        let race = try XCTUnwrap(
            raceCardError(
                Data(#"[{"race_summary": {"name": "A", "name": "B", "date": "2020-01-01", "time": "12:00"}}]"#.utf8)))
        XCTAssertEqual(race.keyPath, "[0].race_summary.name")
        XCTAssertEqual(race.column, 33)
        XCTAssertTrue(race.message.contains("given twice"), race.message)
        let credit = try XCTUnwrap(
            creditError(Data("{\"creditReportInfo\": {\"score\": 1},\n \"creditReportInfo\": {}}".utf8)))
        XCTAssertEqual(credit.keyPath, "creditReportInfo")
        XCTAssertEqual(credit.line, 2)
    }

    func testKeyPathErrorsAlsoGetTheirLineAndColumn() throws {
        let error = try XCTUnwrap(
            creditError(Data("{\"creditReportInfo\": {\n  \"score\": \"514\", \"maxScoreValue\": 700}}".utf8)))
        XCTAssertEqual(
            error,
            JSONInputError(
                keyPath: "creditReportInfo.score", message: "expected an integer, found a string", line: 2, column: 12))
        // The place of the value, not of the key.
    }
}
