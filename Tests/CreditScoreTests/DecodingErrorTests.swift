import CreditScore
import Foundation
import XCTest

/// Bad input is rejected with the key path at fault (SPEC §4).
final class DecodingErrorTests: XCTestCase {
    /// The error `decode` throws for `data` (its key path and words; where the value stands is
    /// checked in `InvalidJSONTests`), failing the test if it succeeds.
    private func decodingError(
        _ data: Data, file: StaticString = #filePath, line: UInt = #line
    ) -> CreditReportError? {
        do {
            let report = try CreditReport.decode(from: data)
            XCTFail("decoded \(report) but expected an error", file: file, line: line)
            return nil
        } catch {
            return CreditReportError(keyPath: error.keyPath, message: error.message)
        }
    }

    func testMinimalDocumentDecodes() throws {
        let report = try CreditReport.decode(from: Fixtures.document())
        XCTAssertEqual(report.score, 514)
        XCTAssertEqual(report.shortTerm, CreditSection())
        XCTAssertNil(report.daysUntilNextReport)
        XCTAssertNil(report.accountIDVStatus)
    }

    func testMissingScoreNamesItsKeyPath() {
        let error = decodingError(Fixtures.document(["score": nil]))
        XCTAssertEqual(error, CreditReportError(keyPath: "creditReportInfo.score", message: "missing required key"))
        XCTAssertEqual(error?.description, "creditReportInfo.score: missing required key")
    }

    func testEveryRequiredKeyIsRequired() {
        for (key, _) in Fixtures.validInfo {
            let error = decodingError(Fixtures.document([key: nil]))
            XCTAssertEqual(error?.keyPath, "creditReportInfo.\(key)")
            XCTAssertEqual(error?.message, "missing required key")
        }
    }

    func testNullRequiredKeyIsAnError() {
        let error = decodingError(Fixtures.document(["maxScoreValue": "null"]))
        XCTAssertEqual(
            error,
            CreditReportError(keyPath: "creditReportInfo.maxScoreValue", message: "expected an integer, found null")
        )
    }

    func testStringForIntegerIsAnError() {
        let error = decodingError(Fixtures.document(["score": "\"514\""]))
        XCTAssertEqual(
            error,
            CreditReportError(keyPath: "creditReportInfo.score", message: "expected an integer, found a string")
        )
    }

    func testOtherWrongTypesNameWhatWasFound() {
        let cases: [(json: String, found: String)] = [
            ("true", "true"), ("[4]", "an array"), ("{\"band\": 4}", "an object")
        ]
        for (json, found) in cases {
            XCTAssertEqual(
                decodingError(Fixtures.document(["scoreBand": json]))?.message,
                "expected an integer, found \(found)", json
            )
        }
    }

    func testFractionalNumberIsNotAnInteger() {
        let error = decodingError(Fixtures.document(["score": "514.5"]))
        XCTAssertEqual(
            error,
            CreditReportError(keyPath: "creditReportInfo.score", message: "expected an integer, found 514.5")
        )
    }

    func testNumberBeyondIntRangeIsNotAnInteger() {
        let error = decodingError(Fixtures.document(["score": "1e30"]))
        XCTAssertEqual(error?.keyPath, "creditReportInfo.score")
        XCTAssertEqual(error?.message, "expected an integer, found 1e+30, outside the integer range")
    }

    func testWholeNumberWrittenAsDecimalIsAccepted() throws {
        let report = try CreditReport.decode(from: Fixtures.document(["score": "514.0", "maxScoreValue": "7e2"]))
        XCTAssertEqual(report.score, 514)
        XCTAssertEqual(report.maxScore, 700)
    }

    func testOptionalKeysMayBeNullOrAbsent() throws {
        let report = try CreditReport.decode(
            from: Fixtures.document([
                "currentShortTermDebt": "null", "hasEverDefaulted": "null", "equifaxScoreBandDescription": "null"
            ]))
        XCTAssertNil(report.shortTerm.debt)
        XCTAssertNil(report.hasEverDefaulted)
        XCTAssertNil(report.bandDescription)
    }

    func testOptionalKeyOfWrongTypeIsAnError() {
        XCTAssertEqual(
            decodingError(Fixtures.document(["currentLongTermDebt": "\"a lot\""])),
            CreditReportError(
                keyPath: "creditReportInfo.currentLongTermDebt", message: "expected an integer, found a string"
            )
        )
        XCTAssertEqual(
            decodingError(Fixtures.document(["hasEverDefaulted": "0"])),
            CreditReportError(
                keyPath: "creditReportInfo.hasEverDefaulted", message: "expected true or false, found 0"
            )
        )
        XCTAssertEqual(
            decodingError(Fixtures.document(["equifaxScoreBandDescription": "4"])),
            CreditReportError(
                keyPath: "creditReportInfo.equifaxScoreBandDescription", message: "expected a string, found 4"
            )
        )
    }

    func testTopLevelOptionalStringOfWrongTypeIsAnError() {
        XCTAssertEqual(
            decodingError(Fixtures.document(topLevel: #""personaType": 3"#)),
            CreditReportError(keyPath: "personaType", message: "expected a string, found 3")
        )
    }

    func testUnknownKeysAreIgnored() throws {
        let report = try CreditReport.decode(
            from: Fixtures.document([
                "clientRef": "\"CS-1\"", "equifaxScoreBand": "\"four\"", "nested": "{\"deep\": [1, {\"x\": null}]}"
            ]))
        XCTAssertEqual(report.score, 514)
    }

    func testMissingCreditReportInfo() {
        XCTAssertEqual(
            decodingError(Data(#"{"accountIDVStatus": "PASS"}"#.utf8)),
            CreditReportError(keyPath: "creditReportInfo", message: "missing required key")
        )
    }

    func testCreditReportInfoMustBeAnObject() {
        XCTAssertEqual(
            decodingError(Data(#"{"creditReportInfo": null}"#.utf8)),
            CreditReportError(keyPath: "creditReportInfo", message: "expected an object, found null")
        )
        XCTAssertEqual(
            decodingError(Data(#"{"creditReportInfo": [1, 2]}"#.utf8))?.message,
            "expected an object, found an array"
        )
    }

    func testTopLevelMustBeAnObject() {
        let error = decodingError(Data("[1, 2]".utf8))
        let message = "expected a JSON object at the top level, found an array"
        XCTAssertEqual(error, CreditReportError(keyPath: "", message: message))
        XCTAssertEqual(error?.description, message)
    }

    func testMinimumEqualToMaximumIsAnError() {
        XCTAssertEqual(
            decodingError(Fixtures.document(["minScoreValue": "700", "maxScoreValue": "700"])),
            CreditReportError(
                keyPath: "creditReportInfo", message: "minScoreValue (700) must be less than maxScoreValue (700)"
            )
        )
    }

    func testMinimumAboveMaximumIsAnError() {
        XCTAssertEqual(
            decodingError(Fixtures.document(["minScoreValue": "700", "maxScoreValue": "0"]))?.message,
            "minScoreValue (700) must be less than maxScoreValue (0)"
        )
    }

    func testPublicInitialiserChecksTheRangeToo() {
        XCTAssertThrowsError(
            try CreditReport(score: 1, minScore: 5, maxScore: 5, band: .fair, positiveFactors: 0, negativeFactors: 0)
        ) { error in
            XCTAssertEqual(
                (error as? CreditReportError)?.message, "minScoreValue (5) must be less than maxScoreValue (5)"
            )
        }
    }

    func testKeyPathIncludesWhereTheReportIsNested() {
        struct Job: Decodable { let reports: [CreditReport] }
        let valid = String(decoding: Fixtures.document(), as: UTF8.self)
        let json = #"{"reports": [\#(valid), {"creditReportInfo": {"score": "x"}}]}"#
        XCTAssertThrowsError(try JSONDecoder().decode(Job.self, from: Data(json.utf8))) { error in
            XCTAssertEqual(
                error as? CreditReportError,
                CreditReportError(
                    keyPath: "reports[1].creditReportInfo.score", message: "expected an integer, found a string"
                )
            )
        }
    }
}
