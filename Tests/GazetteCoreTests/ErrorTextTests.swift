import GazetteCore
import XCTest

/// Where an error points: the quoted line and a caret under the column.
final class CaretTests: XCTestCase {
    /// A tab before the fault is repeated in the caret line, so the caret stands under the field
    /// whatever width the terminal gives a tab.
    func testTheCaretKeepsTheLinesTabs() {
        let line = "Oct 11 2017,\tSquat,0,5,100"
        let error = BuildError(
            .input, .text(path: "log.txt", line: 3, column: 20, sourceLine: line), "sets must be 1 or more")
        XCTAssertEqual(
            error.description,
            "log.txt:3:20: error: sets must be 1 or more\n" + line + "\n"
                + String(repeating: " ", count: 12) + "\t" + String(repeating: " ", count: 6) + "^")
    }

    func testACaretPastTheEndOfTheLine() {
        let error = BuildError(.input, .text(path: "log.txt", line: 1, column: 6, sourceLine: "\tab"), "missing field")
        XCTAssertTrue(error.description.hasSuffix("\tab\n\t    ^"), error.description)
    }

    // 12 and 13. Errors show a window of a long line, and escape control characters.
    func testALongBadLineShowsAWindowAroundTheColumn() {
        let line = String(repeating: "a", count: 1_000_000) + "X" + String(repeating: "b", count: 1_000_000)
        let error = BuildError(.input, .text(path: "log.txt", line: 3, column: 1_000_001, sourceLine: line), "bad")
        let lines = error.description.components(separatedBy: "\n")
        XCTAssertEqual(lines.count, 3)
        // The window with "…" each side, and the whole line's length after it.
        XCTAssertTrue(lines[1].hasSuffix("b… (line of 2000001 characters)"), lines[1])
        XCTAssertLessThanOrEqual(lines[1].count, VisibleText.windowWidth + 2 + " (line of 2000001 characters)".count)
        let caret = lines[2].count - 1
        XCTAssertEqual(Array(lines[1])[caret], "X", "the caret stands under the column at fault")
    }

    func testControlCharactersInErrorsAreEscapedForTheTerminal() {
        let error = BuildError(
            .input, .text(path: "log.txt", line: 1, column: 6, sourceLine: "\u{1B}[2J\tx,y"),
            "unknown name \u{1B}]0;pwned\u{07}")
        let text = error.description
        XCTAssertFalse(text.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 }, text)
        XCTAssertTrue(text.contains("\\u{1B}[2J"), text)
        let lines = text.components(separatedBy: "\n")
        // The tab stays a tab, so the caret lines up in a terminal: "\u{1B}[2J" is 9 characters.
        XCTAssertEqual(lines[2], String(repeating: " ", count: 9) + "\t" + "^")
    }
}
