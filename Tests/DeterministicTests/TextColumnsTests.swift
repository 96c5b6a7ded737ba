import Deterministic
import XCTest

/// Every error counts a column one way: characters as the reader sees them, from 1.
final class TextColumnsTests: XCTestCase {
    func testColumnsCountCharactersNotScalarsOrBytes() {
        let line = "e\u{301}, 🏋️‍♀️, x"
        XCTAssertEqual(TextColumns.column(of: line.firstIndex(of: "x")!, in: line), 7)
        let bytes = Array(line.utf8)
        XCTAssertEqual(TextColumns.column(ofUTF8Offset: bytes.count - 1, lineStart: 0, in: bytes), 7)
        bytes.withUnsafeBytes { raw in
            XCTAssertEqual(TextColumns.column(ofUTF8Offset: bytes.count - 1, lineStart: 0, in: raw), 7)
        }
    }

    func testScalarColumnsAreCountedAsCharacters() {
        let line = "e\u{301}, 🏋️‍♀️, x"
        // libyaml's column of the x: after 2 + 2 + 5 + 2 scalars.
        XCTAssertEqual(TextColumns.column(ofScalarColumn: 12, in: line), 7)
        XCTAssertEqual(TextColumns.column(ofScalarColumn: 1, in: line), 1)
        XCTAssertEqual(TextColumns.column(ofScalarColumn: 14, in: "ab"), 14, "past the end stays past it")
        XCTAssertEqual(TextColumns.column(ofScalarColumn: 3, in: "ab"), 3)
    }

    func testTheCaretKeepsTabsAndTakesEachCharactersWidth() {
        XCTAssertEqual(TextColumns.caretLine(under: 4, of: "\tab\tc"), "\t  ^")
        XCTAssertEqual(TextColumns.caretLine(under: 3, of: "🏋️‍♀️éx"), "  ^")
        XCTAssertEqual(TextColumns.caretLine(under: 1, of: ""), "^")
        XCTAssertEqual(TextColumns.caretIndent(before: "a\u{1B}b") { $0 == "\u{1B}" ? 7 : 1 }, "         ")
    }
}
