import ChartDrawing
import Foundation
import GazetteTestSupport
import XCTest
@testable import GazetteCore
@testable import Jobs
@testable import Loading
@testable import Rendering
@testable import Reports

/// Issue 63, 1: a message's identity takes each chart's data, never the code that draws it.
final class EmailIdentityTests: XCTestCase {
    private func content(_ json: String) throws -> ReportContent {
        let bytes = Array(json.utf8)
        let input = ReportInput(
            kind: .creditScore, title: "Credit score", slug: "credit-score",
            sources: [LoadedInput(source: .embedded(name: "credit.json", bytes: bytes), bytes: bytes)],
            now: TestSupport.fixedNow, seed: 7, conventions: .standard)
        return try CreditScoreKind.build(input, options: CreditScoreOptions())
    }

    func testTheSameWordsWithOtherChartDataAreANewMessage() throws {
        let json = TestSupport.read(TestSupport.fixture("credit-report.json"))
        let report = try content(json)
        let other = try content(
            json.replacingOccurrences(
                of: "\"currentShortTermCreditUtilisation\": 25", with: "\"currentShortTermCreditUtilisation\": 26"))
        let words = "the same words for both"
        let digest = try EmailRenderer.contentDigest(report, text: words)
        XCTAssertEqual(try EmailRenderer.contentDigest(report, text: words), digest, "made the same way twice")

        // The first report's words with one chart of the other's: a section's chart whose data moved.
        var mixed = report
        let shown = Set(report.digest.sections.compactMap(\.chart))
        let index = try XCTUnwrap(mixed.charts.firstIndex { $0.name.contains("short-term") && shown.contains($0.ref) })
        let replacement = try XCTUnwrap(other.charts.first { $0.name == mixed.charts[index].name })
        XCTAssertNotEqual(
            try ChartRenderer.identityBytes(replacement.chart),
            try ChartRenderer.identityBytes(mixed.charts[index].chart),
            "the two charts' data differ")
        mixed.charts[index] = replacement
        XCTAssertNotEqual(try EmailRenderer.contentDigest(mixed, text: words), digest, "other chart data")
    }
}
