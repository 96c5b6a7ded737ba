import CreditScore
import Foundation
import XCTest

/// Malformed JSON is reported with what is wrong and where (line and column, 1-based).
/// The locator's grammar is tested in JSONSupportTests; these cases check how a credit report
/// carries its result (message, position, key path).
final class InvalidJSONTests: XCTestCase {
    /// Decoding `text` fails with exactly this reason at this position.
    private func assertSyntaxError(
        _ text: String, _ reason: String, line: Int, column: Int, keyPath: String = "",
        file: StaticString = #filePath, sourceLine: UInt = #line
    ) {
        XCTAssertThrowsError(try CreditReport.decode(from: Data(text.utf8)), file: file, line: sourceLine) { error in
            XCTAssertEqual(
                error as? CreditReportError,
                CreditReportError(
                    keyPath: keyPath, message: "invalid JSON: \(reason) (line \(line), column \(column))",
                    line: line, column: column
                ),
                file: file, line: sourceLine
            )
        }
    }

    func testEmptyInput() {
        assertSyntaxError("", "the document is empty", line: 1, column: 1)
        assertSyntaxError(" \n ", "the document is empty", line: 2, column: 2)
    }

    func testDescriptionOfASyntaxErrorIsItsMessage() {
        XCTAssertThrowsError(try CreditReport.decode(from: Data())) { error in
            XCTAssertEqual("\(error)", "invalid JSON: the document is empty (line 1, column 1)")
        }
    }

    func testTruncatedDocument() {
        assertSyntaxError(
            #"{"creditReportInfo": {"score": 514,"#,
            "unexpected end of input, expected a string key", line: 1, column: 36, keyPath: "creditReportInfo"
        )
    }

    /// Foundation checks a number only when it is read, so the fault is also tied to its key.
    func testMalformedNumberInAReadKeyIsLocatedAndNamesTheKey() {
        assertSyntaxError(
            #"{"creditReportInfo": {"score": 1.}}"#,
            "expected a digit after '.', found '}'", line: 1, column: 34, keyPath: "creditReportInfo.score"
        )
    }

    func testBadEscapeInAStringIsLocated() {
        let text = String(decoding: Fixtures.document(["equifaxScoreBandDescription": #""a\xb""#]), as: UTF8.self)
        let column = text.distance(from: text.startIndex, to: text.firstIndex(of: "\\")!) + 1
        assertSyntaxError(
            text, "invalid escape sequence in a string", line: 1, column: column,
            keyPath: "creditReportInfo.equifaxScoreBandDescription"
        )
    }

    func testByteOrderMarkIsAllowedAndNotCounted() throws {
        assertSyntaxError("\u{FEFF}{x}", "expected a string key, found 'x'", line: 1, column: 2)
        XCTAssertEqual(try CreditReport.decode(from: Data("\u{FEFF}".utf8) + Fixtures.document()).score, 514)
    }

    func testTrailingCommasAreAcceptedLikeFoundationDoes() throws {
        var text = String(decoding: Fixtures.document(), as: UTF8.self)
        text = text.replacingOccurrences(of: "}}", with: ",},}")
        XCTAssertEqual(try CreditReport.decode(from: Data(text.utf8)).score, 514)
    }
}
