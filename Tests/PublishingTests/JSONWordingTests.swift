import Foundation
import XCTest
import CreditScore
import JSONSupport
import Racing

/// Every JSON input words the same fault the same way, whichever kind reads it.
final class JSONWordingTests: XCTestCase {
    private func creditError(_ json: String) -> JSONInputError? {
        do { _ = try CreditReport.decode(from: Data(json.utf8)); return nil } catch { return error }
    }

    private func raceCardError(_ json: String) -> JSONInputError? {
        do { _ = try RaceCard.decode(from: Data(json.utf8)); return nil } catch { return error }
    }

    private let ride = #"{"cloth_number": 1, "horse": {"name": "A"}, "odds": "2/1", "form": ""}"#

    func testAWrongTypeSaysWhatWasExpectedAndWhatWasFound() throws {
        let credit = try XCTUnwrap(creditError(#"{"creditReportInfo": {"score": "514", "maxScoreValue": 700}}"#))
        XCTAssertEqual(credit.message, "expected an integer, found a string")
        let race = try XCTUnwrap(raceCardError(#"[{"race_summary": {"name": "R", "date": "2020-01-01", "time": "12:00", "ride_count": "9"}}]"#))
        XCTAssertEqual(race, JSONInputError(keyPath: "[0].race_summary.ride_count", message: "expected an integer, found a string"))
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
        let race = try XCTUnwrap(raceCardError(#"[{"race_summary": {"name": null, "date": "2020-01-01", "time": "12:00"}}]"#))
        XCTAssertEqual(race.message, "expected a string, found null")
    }
}
