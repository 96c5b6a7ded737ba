import Foundation
import GazetteTestSupport
import XCTest

/// The bookmakers' race formats through the binary: a resulted PointsBet response and a resulted
/// Sportsbet racecard, each found by its shape, build with exit 0 and their race page leads with
/// the result (docs/reference/inputs.md, "PointsBet's race response", "Sportsbet's racecard").
final class BookmakerRaceFormatsCommandTests: XCTestCase {
    /// 2026-11-28 05:00 UTC: both races are off (02:05 and 04:00 UTC).
    private let now = "1795842000"

    /// The race page of a fixture built alone, found by the slug of its race's name.
    private func racePage(_ fixture: String, slug: String) throws -> String {
        let output = TestSupport.temporaryFolder().appendingPathComponent("site")
        let run = try TestSupport.run(
            TestSupport.gazette(),
            [
                "build", "--race-card", TestSupport.fixture(fixture).path, "--output", output.path, "--now", now,
                "--quiet"
            ])
        XCTAssertEqual(run.status, 0, run.output)
        let folder = output.appendingPathComponent("race-card")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        let name = try XCTUnwrap(names.first { $0.hasSuffix(slug + ".html") }, "\(names)")
        return TestSupport.read(folder.appendingPathComponent(name))
    }

    private func assertResultFirst(_ page: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let result = try XCTUnwrap(page.range(of: "<h2 id=\"result-title\">Result</h2>"), file: file, line: line)
        let summary = try XCTUnwrap(page.range(of: "<h2 id=\"summary-title\">"), file: file, line: line)
        XCTAssertLessThan(result.lowerBound, summary.lowerBound, "the result first", file: file, line: line)
    }

    func testPointsBetResultLeadsItsRacePage() throws {
        let page = try racePage("race-formats/pointsbet-race.json", slug: "kowhai-sprint-handicap")
        try assertResultFirst(page)
        for text in [
            "<td>1st</td><td class=\"num\">2</td><th scope=\"row\">Kauri Gold</th>",
            "<td>2nd (dead heat)</td><td class=\"num\">4</td>", "<td>2nd (dead heat)</td><td class=\"num\">6</td>"
        ] {
            XCTAssertTrue(page.contains(text), text)
        }
    }

    func testSportsbetResultLeadsItsRacePage() throws {
        let page = try racePage("race-formats/sportsbet-racecard.json", slug: "saltbush-cup")
        try assertResultFirst(page)
        for text in [
            "<td>1st</td><td class=\"num\">2</td><th scope=\"row\">Mulga Mist</th>",
            "<td>3rd (dead heat)</td><td class=\"num\">4</td>", "<td>3rd (dead heat)</td><td class=\"num\">5</td>"
        ] {
            XCTAssertTrue(page.contains(text), text)
        }
    }
}
