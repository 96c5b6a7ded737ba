import Foundation
import GazettePictureTestSupport
import GazetteTestSupport
import XCTest
@testable import SiteBuild
@testable import GazetteCore
@testable import Jobs

/// Builds a whole site from the project's own credit report and compares it with golden files.
final class CreditScoreSiteTests: XCTestCase {
    static let sample = Fixture.url("credit-report.json")

    private func buildSite(email: Bool = false) async throws -> URL {
        let output = Goldens.outputFolder()
        let job = Job(
            title: "Golden site", output: output,
            reports: [ReportSpec(kind: .creditScore, title: "Credit score", sources: [.file(Self.sample)])])
        let result = await Pipeline(
            job: job,
            options: BuildOptions(
                now: Date(timeIntervalSince1970: 1_700_000_000), jobs: 2, switches: email ? ["email"] : [])
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

    /// The gauge, the report's thumbnail too, is a file; the other charts are shown on the
    /// report's page alone, so they are written into it (its golden holds them), not files.
    func testChartSVGsMatchTheirGoldens() async throws {
        let output = try await buildSite()
        let path = "credit-score/charts/score-gauge.svg"
        let svg = try text(output, path)
        XCTAssertTrue(svg.contains("role=\"img\""), path)
        XCTAssertTrue(svg.contains("@media (prefers-color-scheme:dark){"), path)
        Goldens.harness.assertSVG(Array(svg.utf8), "credit-score-site/\(path)")
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(
                atPath: output.appendingPathComponent("credit-score/charts").path),
            ["score-gauge.svg"])
        let page = try text(output, "credit-score/index.html")
        for (number, title) in ["Credit score bands", "Short-term credit utilisation", "Long-term credit utilisation"]
            .enumerated()
        {
            XCTAssertTrue(
                page.contains("<svg class=\"i\(number + 1)r\""), "inline chart \(number + 1) with its own prefix")
            XCTAssertTrue(page.contains("<title>\(title)</title>"), title)
        }
        XCTAssertEqual(page.components(separatedBy: "@media (prefers-color-scheme:dark){").count - 1, 3)
    }

    /// Only e-mail carries PNGs: the message's pictures (the charts its sections show, light, at
    /// twice their size) match their goldens pixel by pixel, and the site has none.
    func testTheMessagesChartPNGsMatchTheirGoldensPixelByPixel() async throws {
        let output = try await buildSite(email: true)
        let files = try FileManager.default.subpathsOfDirectory(atPath: output.path)
        XCTAssertEqual(files.filter { $0.hasSuffix(".png") }, [])
        let message = try MIMEReader.parse(try text(output, "credit-score/report.eml"))
        let related = try XCTUnwrap(message.parts.first { $0.contentType.hasPrefix("multipart/related") })
        let pictures = related.parts.filter { $0.contentType.hasPrefix("image/png") }
        XCTAssertEqual(
            pictures.compactMap { $0.headers["content-id"] },
            ["score-gauge", "short-term-utilisation", "long-term-utilisation"].map {
                "<\($0)-light-at-2x-png@gazette.invalid>"
            })
        for (picture, chart) in zip(pictures, ["score-gauge", "short-term-utilisation", "long-term-utilisation"]) {
            let bytes = try XCTUnwrap(Data(base64Encoded: picture.body.filter { !$0.isWhitespace }))
            Goldens.harness.assertPNG(bytes, "credit-score-site/credit-score/charts/\(chart)-light@2x.png")
        }
    }

    func testTheManifestIsStableAcrossBuilds() async throws {
        let first = try await buildSite()
        let second = try await buildSite()
        XCTAssertEqual(try text(first, "manifest.json"), try text(second, "manifest.json"))
    }
}
