import Foundation
import GazetteTestSupport
import XCTest

/// The bookmakers' other race formats through the binary, found by shape
/// (docs/reference/inputs.md): a Neds racecard response, a TAB race and TAB NZ's results after the
/// off lead their race pages with the result, and TAB's next-to-go list builds the next-to-go pages.
final class RaceFormatsCommandTests: XCTestCase {
    private func build(_ option: String, _ fixture: String, now: String) throws -> URL {
        let output = TestSupport.temporaryFolder().appendingPathComponent("site")
        let run = try TestSupport.run(
            TestSupport.gazette(),
            [
                "build", option, TestSupport.fixture("race-formats/" + fixture).path, "--output", output.path,
                "--now", now, "--quiet"
            ])
        XCTAssertEqual(run.status, 0, run.output)
        return output
    }

    /// The one race page of a card's build.
    private func racePage(_ output: URL) throws -> String {
        let folder = output.appendingPathComponent("race-card")
        let pages = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
            $0.hasSuffix(".html") && $0 != "index.html"
        }
        XCTAssertEqual(pages.count, 1, "\(pages)")
        return TestSupport.read(folder.appendingPathComponent(try XCTUnwrap(pages.first)))
    }

    /// Whether `first` comes before `second` on the page, both there.
    private func assertOrder(_ page: String, _ first: String, _ second: String, line: UInt = #line) throws {
        let one = try XCTUnwrap(page.range(of: first), first, line: line)
        let two = try XCTUnwrap(page.range(of: second), second, line: line)
        XCTAssertLessThan(one.lowerBound, two.lowerBound, "\(first) before \(second)", line: line)
    }

    func testANedsRacecardAfterTheOffLeadsWithItsResult() throws {
        let output = try build("--race-card", "neds-racecard-results.json", now: "2026-11-28T04:00:00Z")
        let page = try racePage(output)
        try assertOrder(page, "<h2 id=\"result-title\">Result</h2>", "<h2 id=\"summary-title\">")
        for text in [
            "<td>1st</td><td class=\"num\">3</td><th scope=\"row\">Ironbark Lass</th>",
            "<td>3rd (dead heat)</td><td class=\"num\">2</td>", "<td>3rd (dead heat)</td><td class=\"num\">5</td>",
            "<span class=\"race-dividend\">Win NSW $8.40</span><span class=\"race-dividend\">Win VIC $8.10</span>",
            "<span class=\"race-dividend\">Win Fixed $10.00</span>", "<li>Trifecta 3-1-5 NSW $55.40</li>",
            "<li>6 River Quartz: deductions win 7c, place 3c</li>", "<dd>Final</dd>"
        ] {
            XCTAssertTrue(page.contains(text), text)
        }
    }

    func testATabRaceAfterTheOffLeadsWithItsResult() throws {
        let output = try build("--race-card", "tab-race-final.json", now: "2026-11-28T05:00:00Z")
        let page = try racePage(output)
        try assertOrder(page, "<h2 id=\"result-title\">Result</h2>", "<h2 id=\"summary-title\">")
        for text in [
            "<td>1st</td><td class=\"num\">2</td><th scope=\"row\">Sandpiper Bay</th>",
            "<span class=\"race-dividend\">Win $3.10</span>", "<span class=\"race-dividend\">Win Fixed $2.90</span>",
            "<li>Exacta 2-1 $11.20</li>", "<li>4 Tidewater: deductions win 8c, place 3c</li>"
        ] {
            XCTAssertTrue(page.contains(text), text)
        }
    }

    func testATabNZResultsPageLeadsWithItsResult() throws {
        let output = try build("--race-card", "tab-nz-results.json", now: "2026-11-28T05:00:00Z")
        let page = try racePage(output)
        try assertOrder(page, "<h2 id=\"result-title\">Result</h2>", "<h2 id=\"summary-title\">")
        for text in [
            "<td>1st</td><td class=\"num\">3</td><th scope=\"row\">KAURI LASS</th>",
            "<span class=\"race-dividend\">Win $4.20</span>", "<li>Trifecta 3-6-1 $44.60</li>"
        ] {
            XCTAssertTrue(page.contains(text), text)
        }
    }

    func testTabsNextToGoList() throws {
        let output = try build("--next-to-go", "tab-next-to-go.json", now: "1795836600")
        let page = TestSupport.read(output.appendingPathComponent("next-to-go/index.html"))
        try assertOrder(page, "GLENROY VALE", "SALT CREEK")
        XCTAssertTrue(page.contains("started 30 seconds ago"))
        XCTAssertTrue(page.contains("KOOROOK DOWNS race 7, harness racing"))
    }
}
