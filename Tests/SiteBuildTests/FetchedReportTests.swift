import Foundation
import GazetteBuildTestSupport
import GazetteKindTestSupport
import GazetteTestSupport
import XCTest
@testable import Jobs
@testable import SiteBuild

/// A report whose input is a URL is fetched and built like a file's.
final class FetchedReportTests: XCTestCase {
    func testAFetchedCreditReportIsBuilt() async throws {
        let sample = try Data(contentsOf: TestSupport.fixture("credit-report.json"))
        let server = try LocalHTTPServer { _ in LocalHTTPServer.Response(body: [UInt8](sample)) }
        defer { server.stop() }
        let output = TestSupport.temporaryFolder().appendingPathComponent("Output")
        let result = await TestSupport.build(
            [ReportSpec(kind: .creditScore, sources: [.url(server.url("/report"))])], output: output)
        XCTAssertEqual(result.exitCode, 0, result.summaryLine)
        let document = try TestSupport.reportDocument(output.appendingPathComponent("credit-score/report.json"))
        XCTAssertEqual(try document.data.creditScore().score, 468)
        XCTAssertTrue(
            TestSupport.read(output.appendingPathComponent("index.html")).contains(server.url("/report").absoluteString)
        )
    }
}
