import Foundation
import GazetteTestSupport
import XCTest

/// The front page of 100,000 reports in a real browser (headless Chromium) from `file://`: the
/// search box finds a report by a word of its title, loading a few pieces of the index as
/// `<script>` files, and a page without JavaScript is still the plain list of its cards.
final class FrontPageBrowserTests: XCTestCase {
    /// What the page's live region says.
    private func status(_ dom: String) -> String {
        guard let start = dom.range(of: #"<p class="search-status" role="status">"#) else { return "?" }
        return String(dom[start.upperBound...].prefix { $0 != "<" })
    }

    /// The index's pieces the page loaded, by name (`words-12`).
    private func loadedPieces(_ dom: String, root: String) -> [String] {
        dom.components(separatedBy: #"<script src=""# + root + "search/").dropFirst().map {
            String($0.prefix { $0 != "." })
        }
    }

    func testTheSearchFindsAnAthleteByTheNumberInItsTitle() throws {
        let browser = try HeadlessChromium()
        let folder = try FrontPagesTests.hundredThousand.get()
        let page = try HeadlessChromium.typing(
            "athlete 51234", into: folder.appendingPathComponent("pages/2.html"), name: "typed.html")
        let dom = try browser.dom(page, budget: 3000)
        XCTAssertTrue(dom.contains(#"<search class="search" data-index"#), "the script showed the box")
        XCTAssertEqual(status(dom), "1 report found.")
        XCTAssertTrue(
            dom.contains(#"<li><a href="../athlete-51234/index.html">Athlete 51234</a><p>Deadlift"#), "the result links"
        )
        XCTAssertTrue(dom.contains(#"<div class="front-cards" hidden="">"#), "the cards make way for the results")
        let pieces = loadedPieces(dom, root: "../")
        XCTAssertEqual(pieces.first, "directory")
        XCTAssertEqual(pieces.filter { $0.hasPrefix("words-") }.count, 1, "only the rarer word's piece: \(pieces)")
        XCTAssertEqual(pieces.filter { $0.hasPrefix("entries-") }.count, 1, "\(pieces)")
    }

    /// A word of every title runs over several pieces: the search reads only the first few and
    /// says it listed the first matches.
    func testACommonWordLoadsABoundedPartOfTheIndex() throws {
        let browser = try HeadlessChromium()
        let folder = try FrontPagesTests.hundredThousand.get()
        let page = try HeadlessChromium.typing(
            "Athlete", into: folder.appendingPathComponent("index.html"), name: "typed.html")
        let dom = try browser.dom(page, budget: 3000)
        XCTAssertEqual(status(dom), "The first 50 matching reports are listed; add a word to narrow the search.")
        XCTAssertEqual(dom.components(separatedBy: #"<li><a href="athlete-"#).count - 1, 50)
        XCTAssertTrue(dom.contains(#"<li><a href="athlete-1/index.html">Athlete 1</a>"#))
        let pieces = loadedPieces(dom, root: "")
        XCTAssertEqual(pieces.filter { $0.hasPrefix("words-") }.count, 4, "\(pieces)")
        XCTAssertEqual(pieces.filter { $0.hasPrefix("entries-") }.count, 1, "\(pieces)")

        let none = try browser.dom(
            try HeadlessChromium.typing("zebra", into: folder.appendingPathComponent("index.html"), name: "none.html"),
            budget: 3000)
        XCTAssertEqual(status(none), "No report matches “zebra”.")
        XCTAssertTrue(none.contains(#"<ol class="search-results" hidden="">"#))
    }

    func testWithoutJavaScriptThePagesListTheCardsAndNoSearchBox() throws {
        let browser = try HeadlessChromium()
        let folder = try FrontPagesTests.hundredThousand.get()
        let page = try HeadlessChromium.withoutScripts(
            folder.appendingPathComponent("pages/513.html"), name: "plain.html")
        let dom = try browser.dom(page, budget: 1000)
        XCTAssertTrue(dom.contains(#"<search class="search" hidden="""#))
        XCTAssertEqual(FrontPagesTests.cards(dom), 100)
        XCTAssertTrue(dom.contains(#"<a href="../athlete-51234/index.html">Athlete 51234</a>"#))
        XCTAssertFalse(dom.contains(#"search/directory.js"#))
    }
}
