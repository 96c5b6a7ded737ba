import Foundation
import GazetteTestSupport
import XCTest

/// A Betfair exchange stream file built through the binary, found by its shape: the closed
/// market's winner leads the race page, and the withdrawn runner's factors show as deductions
/// (`race-formats/betfair-stream.jsonl`, worked in `BetfairStreamReaderTests`).
final class ExchangeStreamCommandTests: XCTestCase {
    func testTheStreamBuildsAndItsRacePageShowsTheResultFirst() throws {
        let output = TestSupport.temporaryFolder().appendingPathComponent("site")
        let run = try TestSupport.run(
            TestSupport.gazette(),
            [
                "build", "--race-card", TestSupport.fixture("race-formats/betfair-stream.jsonl").path,
                "--output", output.path, "--now", "1795835100", "--quiet"
            ])
        XCTAssertEqual(run.status, 0, run.output)
        let folder = output.appendingPathComponent("race-card")
        let pages = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
            $0.hasSuffix(".html") && $0 != "index.html"
        }
        XCTAssertEqual(pages.count, 1, "\(pages)")
        let page = TestSupport.read(folder.appendingPathComponent(try XCTUnwrap(pages.first)))
        let result = try XCTUnwrap(page.range(of: "<h2 id=\"result-title\">Result</h2>"), page)
        let summary = try XCTUnwrap(page.range(of: "<h2 id=\"summary-title\">"))
        XCTAssertLessThan(result.lowerBound, summary.lowerBound, "the result first, then the field")
        XCTAssertTrue(page.contains("<td>1st</td><td class=\"num\">3</td><th scope=\"row\">Salt Marsh</th>"), page)
        XCTAssertTrue(page.contains("Tin Whistle: deductions win 12.5c"), page)
    }
}
