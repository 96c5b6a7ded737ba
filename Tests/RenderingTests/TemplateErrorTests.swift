import Foundation
import XCTest
@testable import GazetteCore
@testable import Rendering
import GazetteTestSupport

/// 12 of issue 29: a broken template is told in words at the tag to fix, and lines are counted
/// one way (at LF) by the scanner, the parser's errors and the quoted line.
final class TemplateErrorTests: XCTestCase {
    private func error(_ text: String) -> BuildError? {
        let dir = TestSupport.temporaryFolder()
        TestSupport.writeFile(text, to: dir.appendingPathComponent("workouts.mustache"))
        do {
            _ = try TemplateLibrary(overrides: dir)
            return nil
        } catch {
            return error
        }
    }

    private func place(_ error: BuildError?) -> (line: Int, column: Int, source: String?)? {
        guard case let .text(_, line, column, source, _)? = error?.location else { return nil }
        return (line, column, source)
    }

    func testAnUnclosedSectionNamesItsOpeningTag() throws {
        let error = try XCTUnwrap(error("<h1>{{title}}</h1>\n{{#exercises}}\n<p>x</p>\n\n"))
        XCTAssertEqual(error.kind, .template)
        XCTAssertEqual(error.message, "the section {{#exercises}} is never closed: add {{/exercises}} where it ends")
        XCTAssertEqual(place(error)?.line, 2)
        XCTAssertEqual(place(error)?.column, 1)
        XCTAssertEqual(place(error)?.source, "{{#exercises}}")
        XCTAssertTrue(error.description.hasSuffix("{{#exercises}}\n^"), error.description)
    }

    func testAMisplacedOrStrayCloseIsNamedAtTheClose() throws {
        let crossed = try XCTUnwrap(error("{{#a}}{{#b}}{{/a}}{{/b}}\n"))
        XCTAssertEqual(
            crossed.message,
            "{{/a}} does not close the innermost open section, {{#b}} at line 1, column 7: close that one first with {{/b}}"
        )
        XCTAssertEqual(place(crossed)?.column, 13)
        let stray = try XCTUnwrap(error("ok\n{{^x}}{{/x}}{{/x}}\n"))
        XCTAssertEqual(stray.message, "{{/x}} closes no section: no {{#x}} or {{^x}} is open here")
        XCTAssertEqual(place(stray)?.line, 2)
        XCTAssertEqual(place(stray)?.column, 13)
    }

    func testALoneCRVTOrFFIsPartOfItsLine() throws {
        for separator in ["\r", "\u{0B}", "\u{0C}"] {
            let scanned = try XCTUnwrap(error("\(separator){{#x}}\n"))
            XCTAssertEqual(place(scanned)?.line, 1, separator.debugDescription)
            XCTAssertEqual(place(scanned)?.column, 2, separator.debugDescription)
            XCTAssertEqual(place(scanned)?.source, "\(separator){{#x}}")
        }
        // CRLF files: lines at LF, the CR not quoted.
        let crlf = try XCTUnwrap(error("a\r\nb\r\n{{#x}}\r\n"))
        XCTAssertEqual(place(crlf)?.line, 3)
        XCTAssertEqual(place(crlf)?.source, "{{#x}}")
        // An error only the parser finds is mapped to the same counting, and said in words.
        let parsed = try XCTUnwrap(error("x\r\u{0C}{{%NOPE}}\nnext\r{{%NOPE}}\n"))
        XCTAssertEqual(parsed.message, "a {{%…}} tag must be {{% NAME: value }}, such as {{% CONTENT_TYPE: HTML }}")
        XCTAssertEqual(place(parsed)?.line, 1)
        XCTAssertEqual(place(parsed)?.source, "x\r\u{0C}{{%NOPE}}")
    }

    func testTheParsersCountingIsMapped() {
        // swift-mustache: line 3 (CR and LF both end lines), column 2 counted from the last LF.
        let text = "a\rb\n{{x}}\n"
        XCTAssertEqual(
            TemplateLines.location(parserLine: 3, parserColumn: 2, in: text, origin: "t"),
            .text(path: "t", line: 2, column: 2, sourceLine: "{{x}}"))
        XCTAssertEqual(
            TemplateLines.location(parserLine: 2, parserColumn: 3, in: text, origin: "t"),
            .text(path: "t", line: 1, column: 3, sourceLine: "a\rb"))
    }
}
