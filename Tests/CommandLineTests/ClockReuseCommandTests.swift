import Foundation
import GazetteTestSupport
import XCTest

/// Publishing only what changed on a real clock (issue 67, point 4), through the binary: the
/// clock is no part of a workouts or credit report's key, so a build a day later with no input
/// changed takes every report whole and leaves its folder byte-identical; only the front page and
/// the manifest name the new build. One input changed, and only that report's files and the
/// site's own (front page, feed, search index, manifest) differ, which is all `rsync --checksum`
/// sends. (`rclone sync --checksum` is tested against a real S3 server, moto's, by
/// `.ci/deploy-test.py`, with GitHub Pages' artifact.)
final class ClockReuseCommandTests: XCTestCase {
    private var folder: URL!
    private var gazette: URL!
    private var environment: [String: String] = [:]
    /// Three athletes' logs and two credit reports.
    private let slugs = ["alex", "blair", "casey", "credit-ana", "credit-ben"]

    override func setUpWithError() throws {
        folder = TestSupport.temporaryFolder()
        gazette = try TestSupport.gazette()
        environment = TestSupport.environmentWithOwnCache()
        let log = TestSupport.read(TestSupport.fixture("workouts.txt"))
        let credit = TestSupport.read(TestSupport.fixture("credit-report.json"))
        for name in ["alex", "blair", "casey"] {
            TestSupport.writeFile(log, to: folder.appendingPathComponent("\(name).txt"))
        }
        for name in ["ana", "ben"] {
            TestSupport.writeFile(credit, to: folder.appendingPathComponent("credit-\(name).json"))
        }
        TestSupport.writeFile(
            """
            title: Daily
            base-url: https://reports.example.org/daily
            reports:
              - {kind: workouts, title: Alex, input: alex.txt}
              - {kind: workouts, title: Blair, input: blair.txt}
              - {kind: workouts, title: Casey, input: casey.txt}
              - {kind: credit-score, title: Credit Ana, input: credit-ana.json}
              - {kind: credit-score, title: Credit Ben, input: credit-ben.json}
            """, to: folder.appendingPathComponent("job.yml"))
    }

    @discardableResult
    private func build(_ now: String) throws -> String {
        let result = try TestSupport.run(
            gazette, ["build", "job.yml", "--now", now, "--output", "site", "--jobs", "2", "--verbose"],
            environment: environment, in: folder)
        XCTAssertEqual(result.status, 0, result.output)
        return result.output
    }

    private var site: URL { folder.appendingPathComponent("site") }

    /// A heavier deadlift at the end of Blair's log: Blair's report alone changes.
    private func changeBlair() {
        let url = folder.appendingPathComponent("blair.txt")
        TestSupport.writeFile(TestSupport.read(url) + "Nov 20 2023,Deadlift,1,1,500\n", to: url)
    }

    /// The paths that differ between two snapshots of the site.
    private static func differing(_ one: [String: Data], _ other: [String: Data]) -> [String] {
        Set(one.keys).union(other.keys).filter { one[$0] != other[$0] }.sorted()
    }

    /// Whether `path` is one of the site's own files, which every build that publishes may rewrite
    /// (`freshness.json` when a report's data time moves, as Blair's does with a new session).
    private static func isSiteWide(_ path: String) -> Bool {
        ["index.html", "manifest.json", "feed.xml", "sitemap.xml", "freshness.json"].contains(path)
            || path.hasPrefix("search/")
            || path.hasPrefix("pages/")
    }

    /// Days 1 and 2 settle the histories (day 2 says "no change since" once); days 3 and 4 find
    /// nothing to make, and a changed input on day 5 makes only its own report.
    func testADayLaterEveryReportIsReusedAndOnlyAChangedOneIsMade() throws {
        try build("2026-12-01T06:00:00Z")
        let second = try build("2026-12-02T06:00:00Z")
        XCTAssertTrue(second.contains("reports: 0 of 5 reused whole"), "day 2 says \"no change since\": \(second)")
        XCTAssertTrue(
            TestSupport.read(site.appendingPathComponent("credit-ana/index.html")).contains("1 December 2026"))
        let settled = TestSupport.snapshot(site)

        let third = try build("2026-12-03T06:00:00Z")
        XCTAssertTrue(third.contains("reports: 5 of 5 reused whole"), third)
        let dayThree = TestSupport.snapshot(site)
        XCTAssertEqual(
            Self.differing(settled, dayThree), ["index.html", "manifest.json"],
            "the front page and the manifest name the build; no report's file moved with the clock")
        let page = TestSupport.read(site.appendingPathComponent("alex/index.html"))
        XCTAssertTrue(page.contains("2 December 2026"), "a reused page names the build that made it")
        XCTAssertTrue(
            TestSupport.read(site.appendingPathComponent("index.html")).contains("3 December 2026"),
            "the front page names this build")

        changeBlair()
        let fifth = try build("2026-12-04T06:00:00Z")
        XCTAssertTrue(fifth.contains("reports: 4 of 5 reused whole"), fifth)
        let changed = Self.differing(dayThree, TestSupport.snapshot(site))
        XCTAssertTrue(changed.contains("blair/index.html"), "\(changed)")
        XCTAssertTrue(changed.contains("index.html"), "\(changed)")
        XCTAssertEqual(
            changed.filter { !Self.isSiteWide($0) && !$0.hasPrefix("blair/") }, [],
            "only Blair's files and the site's own differ")
    }

    /// rsync with checksums, as a deploy runs it: a day later with nothing changed it sends the
    /// front page and the manifest; with Blair's log changed, Blair's files and the site's own,
    /// nothing of the four reports that did not change.
    func testRsyncChecksumSendsOnlyTheChangedReportAndTheFrontPages() throws {
        let rsync = try ToolOnPath.require("rsync")
        let target = folder.appendingPathComponent("deployed")
        try build("2026-12-01T06:00:00Z")
        try build("2026-12-02T06:00:00Z")
        let all = try sync(rsync, to: target)
        XCTAssertGreaterThan(all.count, 50, "the first deploy sends every file")
        try build("2026-12-03T06:00:00Z")
        XCTAssertEqual(try sync(rsync, to: target).sorted(), ["index.html", "manifest.json"])
        changeBlair()
        try build("2026-12-04T06:00:00Z")
        let sent = try sync(rsync, to: target)
        XCTAssertTrue(sent.contains("blair/index.html"), "\(sent)")
        XCTAssertTrue(sent.contains("index.html"), "\(sent)")
        XCTAssertEqual(sent.filter { !Self.isSiteWide($0) && !$0.hasPrefix("blair/") }, [], "\(sent)")
        XCTAssertLessThan(sent.count, all.count / 3, "\(sent.count) of \(all.count) files sent: \(sent)")
        TestSupport.assertSameTree(site, target)
    }

    /// The files rsync sent (`>f` in its itemized changes), by path.
    private func sync(_ rsync: URL, to target: URL) throws -> [String] {
        let result = try TestSupport.run(
            rsync, ["-a", "--checksum", "--delete", "--itemize-changes", site.path + "/", target.path + "/"],
            environment: environment, in: folder)
        XCTAssertEqual(result.status, 0, result.output)
        return result.output.split(separator: "\n").filter { $0.hasPrefix(">f") }.map {
            String($0.split(separator: " ", maxSplits: 1)[1])
        }
    }
}
