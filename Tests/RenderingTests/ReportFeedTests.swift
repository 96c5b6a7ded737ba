import Foundation
import GazetteCore
import GazetteTestSupport
@testable import Rendering
import ReportFacts
import Reports
import SiteOutput
import XCTest

/// Issue 50: "a report's feed lists the newest 100 builds", held by a test.
final class ReportFeedTests: XCTestCase {
    func testAReportsFeedKeepsItsNewest100EntriesNewestFirst() throws {
        let folder = TestSupport.temporaryFolder().appendingPathComponent("Output")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let site = SiteFacts(
            title: "Scores", now: TestSupport.fixedNow, inputs: [], jobFile: nil, conventions: .standard,
            baseURL: "https://example.org/")
        let renderer = PageRenderer(templates: try TemplateLibrary(), site: site, workers: 1)
        // 150 builds a day apart, each with a new score: each one an entry of the history.
        var history = ReportHistory()
        for day in 0..<150 {
            history = history.continued(
                with: HeadlineFigures(CreditFigures(score: 300 + day, band: 2, utilisation: nil)),
                at: 1_600_000_000 + Int64(day) * 86_400, summary: "Score \(300 + day)")
        }
        XCTAssertEqual(history.entries.count, 150, "the history itself keeps every build here")
        try renderer.renderReportFeed(history, title: "Credit", slug: "credit", writer: FolderWriter(folder: folder))
        let feed = TestSupport.read(folder.appendingPathComponent("credit/feed.xml"))
        let titles = try NSRegularExpression(pattern: "<summary[^>]*>([^<]*)</summary>")
            .matches(in: feed, range: NSRange(feed.startIndex..., in: feed))
            .compactMap { Range($0.range(at: 1), in: feed).map { String(feed[$0]) } }
        XCTAssertEqual(PageRenderer.reportFeedEntries, 100)
        XCTAssertEqual(feed.components(separatedBy: "<entry>").count - 1, 100)
        XCTAssertEqual(titles.first, "Score 449", "newest first")
        XCTAssertEqual(titles.last, "Score 350", "the oldest of the newest 100")
    }
}
