import Foundation
import GazettePictureTestSupport
import GazetteTestSupport
import XCTest
@testable import SiteBuild
@testable import GazetteCore
@testable import Jobs

/// Builds the recorded single-race card (a non-runner, `foaled` ages, shared prices) and
/// compares its race page, report page and data with golden files. (The market chart's
/// pictures are the chart's own tests' business.)
/// Record with `GAZETTE_RECORD_GOLDENS=1`.
final class RacePageGoldenTests: XCTestCase {
    private func buildSite() async throws -> URL {
        let sample = try SampleData.url("racecard_single_race_object.json")
        let output = Goldens.outputFolder()
        let job = Job(
            title: "Golden races", output: output,
            reports: [ReportSpec(kind: .raceCard, title: "Race card", sources: [.file(sample)])])
        let options = BuildOptions(now: Date(timeIntervalSince1970: 1_700_000_000), seed: 1, jobs: 2)
        let result = await Pipeline(job: job, options: options).run()
        XCTAssertEqual(result.exitCode, 0, result.summaryLine)
        return output
    }

    private func text(_ output: URL, _ path: String) throws -> String {
        try String(contentsOf: output.appendingPathComponent(path), encoding: .utf8)
    }

    func testRacePageMatchesItsGolden() async throws {
        let output = try await buildSite()
        Goldens.harness.assertText(
            try text(output, "race-card/1045-vaal-maiden-plate-f-m.html"), "race-card/1045-vaal-maiden-plate-f-m.html")
    }

    func testReportPageAndDataMatchTheirGoldens() async throws {
        let output = try await buildSite()
        for path in ["index.html", "report.json"] {
            Goldens.harness.assertText(try text(output, "race-card/\(path)"), "race-card/\(path)")
        }
    }
}
