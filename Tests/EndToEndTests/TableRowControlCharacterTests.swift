import Foundation
import XCTest
import GazetteTestSupport
@testable import Jobs
@testable import SiteBuild

/// A runner's name with control characters reaches a race page's table rows, which are written as
/// bytes: they are replaced there as everywhere else.
final class ControlCharactersInTableRowsTests: XCTestCase {
    func testARunnersControlCharactersAreReplacedInItsRows() async throws {
        let dir = TestSupport.temporaryFolder()
        let card = try String(contentsOf: TestSupport.fixture("race-card.json"), encoding: .utf8)
            .replacingOccurrences(of: "\"Copper Lantern\"", with: "\"Copper\\u0001Lan\\u0085tern\"")
        let input = dir.appendingPathComponent("card.json")
        try card.write(to: input, atomically: true, encoding: .utf8)
        let output = dir.appendingPathComponent("out")
        let result = await Pipeline(
            job: Job(
                title: "T", output: output,
                reports: [ReportSpec(kind: .raceCard, title: "Races", sources: [.file(input)])]),
            options: BuildOptions(now: TestSupport.fixedNow, jobs: 2)
        ).run()
        XCTAssertEqual(result.exitCode, 0, result.summaryLine)
        var found = false
        for (path, bytes) in TestSupport.snapshot(output) where path.hasSuffix(".html") {
            let page = String(decoding: bytes, as: UTF8.self)
            XCTAssertFalse(page.unicodeScalars.contains { $0.value == 1 || $0.value == 0x85 }, path)
            if page.contains("Copper\u{FFFD}Lan\u{FFFD}tern") { found = true }
        }
        XCTAssertTrue(found, "the runner's name is shown with replacement characters")
    }
}
