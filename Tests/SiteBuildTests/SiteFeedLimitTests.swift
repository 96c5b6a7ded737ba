import Foundation
import GazetteTestSupport
import Jobs
import Rendering
import XCTest
@testable import SiteBuild

/// The site's feed lists the reports whose figures changed last, at most
/// `PageRenderer.siteFeedEntries` of them, in job order: a tie goes to the earlier report, and a
/// later build with nothing changed writes the same feed whether or not it still has its stat file.
final class SiteFeedLimitTests: XCTestCase {
    func testNewestSelectionBreaksTiesByJobOrderAndListsInJobOrder() {
        let times: [(time: Int64, index: Int)] = [(5, 0), (9, 1), (5, 2), (7, 3), (9, 4)]
        XCTAssertEqual(PageRenderer.newest(times, count: 3), [1, 3, 4])
        XCTAssertEqual(PageRenderer.newest(times, count: 4), [0, 1, 3, 4])
        XCTAssertEqual(PageRenderer.newest(times, count: 9), [0, 1, 2, 3, 4])
    }

    func testTheFeedListsTheReportsThatChangedLast() async throws {
        let folder = TestSupport.temporaryFolder()
        let output = folder.appendingPathComponent("site")
        let count = PageRenderer.siteFeedEntries + 3
        func log(_ index: Int) -> URL { folder.appendingPathComponent("lifter-\(index).txt") }
        for index in 0..<count { TestSupport.writeFile("Nov 12 2023,Deadlift,1,5,\(100 + index)\n", to: log(index)) }
        let reports = (0..<count).map { ReportSpec(kind: .workouts, title: "Lifter \($0)", sources: [.file(log($0))]) }
        let day: TimeInterval = 86_400

        // Every report new at one clock: a tie throughout, so the first reports in job order.
        let first = await TestSupport.build(reports, output: output)
        XCTAssertEqual(first.exitCode, 0, first.summaryLine)
        XCTAssertEqual(try feedSlugs(output), (0..<PageRenderer.siteFeedEntries).map { "lifter-\($0)" })

        // The last two reports' figures change a day later: they are the newest, and the three
        // reports before them in job order drop out.
        for index in [count - 2, count - 1] {
            TestSupport.writeFile(
                "Nov 12 2023,Deadlift,1,5,\(100 + index)\nNov 13 2023,Deadlift,1,5,300\n", to: log(index))
        }
        let second = await TestSupport.build(reports, output: output, now: TestSupport.fixedNow + day)
        XCTAssertEqual(second.exitCode, 0, second.summaryLine)
        let expected =
            (0..<(PageRenderer.siteFeedEntries - 2)).map { "lifter-\($0)" } + [
                "lifter-\(count - 2)", "lifter-\(count - 1)"
            ]
        XCTAssertEqual(try feedSlugs(output), expected)

        // A day later again, nothing changed: the same reports (the times from the stat file)…
        let third = await TestSupport.build(reports, output: output, now: TestSupport.fixedNow + 2 * day)
        XCTAssertEqual(third.exitCode, 0, third.summaryLine)
        XCTAssertEqual(try feedSlugs(output), expected)
        let feed = try Data(contentsOf: output.appendingPathComponent(PageRenderer.feedPath))
        // …and, on a runner that forgot its cache, from the records: the same feed.
        let stats = try XCTUnwrap(StatFile.location(of: output))
        try FileManager.default.removeItem(at: stats)
        let fourth = await TestSupport.build(reports, output: output, now: TestSupport.fixedNow + 2 * day)
        XCTAssertEqual(fourth.exitCode, 0, fourth.summaryLine)
        XCTAssertEqual(try Data(contentsOf: output.appendingPathComponent(PageRenderer.feedPath)), feed)
    }

    /// The report folders the site's feed links, in its order.
    private func feedSlugs(_ output: URL) throws -> [String] {
        let feed = try String(contentsOf: output.appendingPathComponent(PageRenderer.feedPath), encoding: .utf8)
        return feed.components(separatedBy: "\n").compactMap { line -> String? in
            guard line.hasPrefix("    <link "), let range = line.range(of: "href=\"") else { return nil }
            return String(line[range.upperBound...].prefix { $0 != "/" })
        }
    }
}
