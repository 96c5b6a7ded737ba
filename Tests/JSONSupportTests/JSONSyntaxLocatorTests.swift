import Foundation
import JSONSupport
import XCTest

/// The first syntax fault of a JSON text, with what is wrong and where (line and column, 1-based).
/// Moved from CreditScoreTests with the locator itself; CreditScoreTests keep the cases that
/// involve the credit report (key paths, the error's description).
final class JSONSyntaxLocatorTests: XCTestCase {
    /// `text` has exactly this first fault at this position.
    private func assertSyntaxError(
        _ text: String, _ reason: String, line: Int, column: Int,
        file: StaticString = #filePath, sourceLine: UInt = #line
    ) {
        let fault = JSONSyntaxLocator.firstError(in: Data(text.utf8))
        XCTAssertEqual(fault?.reason, reason, file: file, line: sourceLine)
        XCTAssertEqual(fault?.line, line, "line", file: file, line: sourceLine)
        XCTAssertEqual(fault?.column, column, "column", file: file, line: sourceLine)
        XCTAssertEqual(
            fault?.message, "invalid JSON: \(reason) (line \(line), column \(column))",
            file: file, line: sourceLine)
    }

    /// Foundation's own verdict on `text`: true when it parses.
    private func foundationAccepts(_ text: String) -> Bool {
        (try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])) != nil
    }

    func testEmptyInput() {
        assertSyntaxError("", "the document is empty", line: 1, column: 1)
        assertSyntaxError(" \n ", "the document is empty", line: 2, column: 2)
    }

    func testTruncatedDocument() {
        assertSyntaxError(
            #"{"creditReportInfo": {"score": 514,"#,
            "unexpected end of input, expected a string key", line: 1, column: 36
        )
        assertSyntaxError("[1,\n 2", "unexpected end of input, expected ',' or ']'", line: 2, column: 3)
    }

    func testBadLiteralOnALaterLine() {
        let text = "{\n  \"creditReportInfo\": {\n    \"hasEverDefaulted\": tru\n  }\n}"
        assertSyntaxError(text, "invalid literal (expected true)", line: 3, column: 25)
    }

    func testCRLFLineEndsCountOnce() {
        assertSyntaxError("{\r\n\"a\": x}", "expected a value, found 'x'", line: 2, column: 6)
    }

    func testMissingColonOrComma() {
        assertSyntaxError(#"{"a" 1}"#, "expected ':' after the key, found '1'", line: 1, column: 6)
        assertSyntaxError("[1 2]", "expected ',' or ']', found '2'", line: 1, column: 4)
    }

    func testColumnsCountCharactersNotBytes() {
        assertSyntaxError(#"{"é": x}"#, "expected a value, found 'x'", line: 1, column: 7)
        // As the reader sees them (`TextColumns`): an e and its combining accent are one column.
        assertSyntaxError("{\"e\u{301}\": x}", "expected a value, found 'x'", line: 1, column: 7)
        assertSyntaxError("\u{FEFF}[\"🏋️‍♀️\" 2]", "expected ',' or ']', found '2'", line: 1, column: 6)
    }

    func testUnterminatedStringPointsAtItsStart() {
        assertSyntaxError(#"{"creditReportInfo": "abc"#, "unterminated string", line: 1, column: 22)
    }

    func testNotANumber() {
        assertSyntaxError(#"{"a": NaN}"#, "expected a value, found 'N'", line: 1, column: 7)
    }

    func testMalformedNumber() {
        assertSyntaxError(#"{"score": 1.}"#, "expected a digit after '.', found '}'", line: 1, column: 13)
        assertSyntaxError("[1e]", "expected a digit in the exponent, found ']'", line: 1, column: 4)
    }

    func testBadEscapeInAString() {
        assertSyntaxError(#"{"a": "x\qy"}"#, "invalid escape sequence in a string", line: 1, column: 9)
        assertSyntaxError(#"["\u12"]"#, "\\u must be followed by four hex digits", line: 1, column: 3)
    }

    func testControlCharacterInAString() {
        assertSyntaxError("[\"a\tb\"]", "control character in a string (escape it)", line: 1, column: 4)
    }

    func testInvisibleCharactersAreNamedByCodePoint() {
        assertSyntaxError("[\u{A0}]", "expected a value, found U+A0", line: 1, column: 2)
    }

    func testByteOrderMarkIsAllowedAndNotCounted() {
        assertSyntaxError("\u{FEFF}{x}", "expected a string key, found 'x'", line: 1, column: 2)
        XCTAssertNil(JSONSyntaxLocator.firstError(in: Data("\u{FEFF}{}".utf8)))
    }

    func testTextAfterTheDocument() {
        assertSyntaxError("{} {}", "unexpected text after the JSON value", line: 1, column: 4)
    }

    func testNestingBeyondFoundationsLimit() {
        let deep = String(repeating: "[", count: 600) + String(repeating: "]", count: 600)
        assertSyntaxError(deep, "arrays and objects nested deeper than 512 levels", line: 1, column: 513)
        XCTAssertEqual(JSONSyntaxLocator.maxDepth, 512)
        let allowed = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        XCTAssertNil(JSONSyntaxLocator.firstError(in: Data(allowed.utf8)))
    }

    func testWellFormedTextHasNoFault() {
        for text in [
            "{}", "[]", "0", "-1.5e+3", #""text""#, "true", "null", #"{"a": [1, {"b": null}], "c": "\u00e9\n"}"#
        ] {
            XCTAssertTrue(foundationAccepts(text), text)
            XCTAssertNil(JSONSyntaxLocator.firstError(in: Data(text.utf8)), text)
        }
    }

    func testTrailingCommasAreAcceptedLikeFoundationDoes() {
        for text in [#"{"a": 1,}"#, "[1, 2,]", #"{"a": [1,],}"#] {
            XCTAssertNil(JSONSyntaxLocator.firstError(in: Data(text.utf8)), text)
        }
    }

    /// Whatever Foundation refuses, the locator finds a fault in (so a syntax error is never
    /// reported without a position).
    func testEveryTextFoundationRefusesHasAFault() {
        for text in ["", "{", "[1,", #"{"a""#, #"{"a":}"#, "tru", "01x", "[1 2]", #"{"a": 1 "b": 2}"#, "{} x"] {
            XCTAssertFalse(foundationAccepts(text), text)
            XCTAssertNotNil(JSONSyntaxLocator.firstError(in: Data(text.utf8)), text)
        }
    }

    func testPositionOfAnOffset() {
        let bytes = Array("ab\ncé\nd".utf8)
        XCTAssertTrue(JSONSyntaxLocator.position(of: 0, in: bytes) == (1, 1))
        XCTAssertTrue(JSONSyntaxLocator.position(of: 3, in: bytes) == (2, 1))
        // After the two-byte é: column 3, not 4.
        XCTAssertTrue(JSONSyntaxLocator.position(of: 6, in: bytes) == (2, 3))
        XCTAssertTrue(JSONSyntaxLocator.position(of: 7, in: bytes) == (3, 1))
        // Past the end clamps to the end.
        XCTAssertTrue(JSONSyntaxLocator.position(of: 99, in: bytes) == (3, 2))
        XCTAssertTrue(JSONSyntaxLocator.position(of: 3, in: [0xEF, 0xBB, 0xBF, UInt8(ascii: "x")]) == (1, 1))
    }

    func testErrorValue() {
        let fault = JSONSyntaxError(reason: "r", offset: 4, line: 2, column: 3)
        XCTAssertEqual(fault.description, "invalid JSON: r (line 2, column 3)")
        XCTAssertEqual(
            JSONSyntaxLocator.firstError(in: Data("[1 2]".utf8)),
            JSONSyntaxError(reason: "expected ',' or ']', found '2'", offset: 3, line: 1, column: 4))
    }
}
