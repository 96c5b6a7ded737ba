import Foundation
import GazetteTestSupport
import XCTest
@testable import SiteBuild
@testable import GazetteCore
@testable import Jobs

/// Builds a whole site from the project's own credit report and compares it with golden files.
final class CreditScoreSiteTests: XCTestCase {
    static let sample = Fixture.url("credit-report.json")

    private func buildSite() async throws -> URL {
        let output = Goldens.outputFolder()
        let job = Job(
            title: "Golden site", output: output,
            reports: [ReportSpec(kind: .creditScore, title: "Credit score", sources: [.file(Self.sample)])])
        let result = await Pipeline(
            job: job, options: BuildOptions(now: Date(timeIntervalSince1970: 1_700_000_000), jobs: 2)
        ).run()
        XCTAssertEqual(result.exitCode, 0, result.summaryLine)
        return output
    }

    private func text(_ output: URL, _ path: String) throws -> String {
        try String(contentsOf: output.appendingPathComponent(path), encoding: .utf8)
    }

    func testPagesAndDataMatchTheirGoldens() async throws {
        let output = try await buildSite()
        for path in ["index.html", "credit-score/index.html", "credit-score/report.json"] {
            Goldens.harness.assertText(try text(output, path), "credit-score-site/\(path)")
        }
    }

    func testChartSVGsMatchTheirGoldens() async throws {
        let output = try await buildSite()
        for chart in ["score-gauge", "score-bands", "short-term-utilisation", "long-term-utilisation"] {
            for theme in ["light", "dark"] {
                let path = "credit-score/charts/\(chart)-\(theme).svg"
                let svg = try text(output, path)
                XCTAssertTrue(svg.contains("role=\"img\""), path)
                Goldens.harness.assertSVG(Array(svg.utf8), "credit-score-site/\(path)")
            }
        }
    }

    func testChartPNGsMatchTheirGoldensPixelByPixel() async throws {
        let output = try await buildSite()
        for chart in ["score-gauge", "score-bands", "short-term-utilisation", "long-term-utilisation"] {
            for variant in ["light", "dark", "light@2x"] {
                let path = "credit-score/charts/\(chart)-\(variant).png"
                Goldens.harness.assertPNG(
                    try Data(contentsOf: output.appendingPathComponent(path)), "credit-score-site/\(path)")
            }
        }
    }

    func testTheManifestIsStableAcrossBuilds() async throws {
        let first = try await buildSite()
        let second = try await buildSite()
        XCTAssertEqual(try text(first, "manifest.json"), try text(second, "manifest.json"))
    }
}
