import Foundation
import GazetteTestSupport
import XCTest
@testable import GazetteCore
@testable import Jobs
@testable import SiteBuild

/// The opt-in JSON Feed channel (`json-feed: true` on a report, or `--json-feed`): a
/// `SLUG/feed.json` of JSON Feed 1.1 beside the Atom feed, linked from the report's pages, and
/// nothing of it unless asked.
final class JSONFeedTests: XCTestCase {
    private func demo(_ options: (inout BuildOptions) -> Void = { _ in }) async -> URL {
        let output = TestSupport.temporaryFolder().appendingPathComponent("Output")
        var settings = BuildOptions(now: TestSupport.fixedNow, jobs: 2)
        options(&settings)
        let result = await Pipeline(job: DemoJob.make(output: output, now: TestSupport.fixedNow), options: settings)
            .run()
        XCTAssertEqual(result.exitCode, 0, result.summaryLine)
        return output
    }

    private static let link = #"type="application/feed+json""#

    func testNoJSONFeedIsWrittenOrLinkedUnlessAsked() async throws {
        let output = await demo()
        let files = TestSupport.snapshot(output)
        XCTAssertFalse(files.keys.contains { $0.hasSuffix("feed.json") })
        for (path, data) in files where path.hasSuffix(".html") {
            XCTAssertFalse(String(decoding: data, as: UTF8.self).contains(Self.link), path)
        }
    }

    func testTheFlagWritesAJSONFeed11BesideEachAtomFeedAndThePagesLinkIt() async throws {
        let output = await demo {
            $0.switches.insert("json-feed")
            $0.baseURL = "https://example.org/r/"
        }
        let files = TestSupport.snapshot(output)
        let atomFeeds = files.keys.filter { $0.hasSuffix("/feed.xml") }.sorted()
        XCTAssertFalse(atomFeeds.isEmpty)
        XCTAssertEqual(
            files.keys.filter { $0.hasSuffix("/feed.json") }.sorted(),
            atomFeeds.map { $0.replacingOccurrences(of: "feed.xml", with: "feed.json") })
        for path in atomFeeds {
            let slug = String(path.prefix { $0 != "/" })
            let feed = try TestSupport.jsonObject(output.appendingPathComponent("\(slug)/feed.json"))
            XCTAssertEqual(feed["version"] as? String, "https://jsonfeed.org/version/1.1")
            XCTAssertFalse((feed["title"] as? String ?? "").isEmpty)
            XCTAssertEqual(feed["home_page_url"] as? String, "https://example.org/r/\(slug)/index.html")
            XCTAssertEqual(feed["feed_url"] as? String, "https://example.org/r/\(slug)/feed.json")
            XCTAssertEqual(feed["language"] as? String, "en-GB")
            XCTAssertNotNil((feed["authors"] as? [[String: Any]])?.first?["name"] as? String)
            let items = try XCTUnwrap(feed["items"] as? [[String: Any]], slug)
            XCTAssertFalse(items.isEmpty, slug)
            for item in items {
                XCTAssertFalse((item["id"] as? String ?? "").isEmpty, slug)
                XCTAssertNotNil(item["content_text"] as? String, slug)
                XCTAssertEqual(item["url"] as? String, "https://example.org/r/\(slug)/index.html")
                let published = try XCTUnwrap(item["date_published"] as? String, slug)
                XCTAssertNotNil(ISO8601DateFormatter().date(from: published), "RFC 3339: \(published)")
            }
            let page = TestSupport.read(output.appendingPathComponent("\(slug)/index.html"))
            XCTAssertTrue(
                page.contains(#"<link rel="alternate" type="application/feed+json" href="feed.json" title=""#), slug)
            // After the Atom feeds, site's first.
            let atom = try XCTUnwrap(page.range(of: #"href="feed.xml""#), slug)
            XCTAssertLessThan(atom.lowerBound, try XCTUnwrap(page.range(of: Self.link)).lowerBound, slug)
        }
        // The site's pages link the site's Atom feed only.
        XCTAssertFalse(TestSupport.read(output.appendingPathComponent("index.html")).contains(Self.link))
    }

    func testAReportsJobKeyAsksForItsOwnFeedOnly() async throws {
        let dir = TestSupport.temporaryFolder()
        try FileManager.default.copyItem(
            at: TestSupport.fixture("credit-report.json"), to: dir.appendingPathComponent("credit.json"))
        try FileManager.default.copyItem(
            at: TestSupport.fixture("workouts.txt"), to: dir.appendingPathComponent("log.txt"))
        TestSupport.writeFile(
            """
            title: Feeds
            reports:
              - kind: credit-score
                title: Score
                input: credit.json
                json-feed: true
              - kind: workouts
                title: Lifts
                input: log.txt
            """, to: dir.appendingPathComponent("job.yml"))
        let job = try JobFileLoader().load(dir.appendingPathComponent("job.yml"))
        XCTAssertEqual(job.reports.map { $0.switches["json-feed"] }, [true, nil])
        let result = await Pipeline(job: job, options: BuildOptions(now: TestSupport.fixedNow, jobs: 2)).run()
        XCTAssertEqual(result.exitCode, 0, result.summaryLine)
        let files = TestSupport.snapshot(job.output)
        XCTAssertEqual(files.keys.filter { $0.hasSuffix("feed.json") }, ["score/feed.json"])
        // Without the site's address its links are left out: a JSON Feed's URLs are whole.
        let feed = try TestSupport.jsonObject(job.output.appendingPathComponent("score/feed.json"))
        XCTAssertNil(feed["home_page_url"])
        XCTAssertNil(feed["feed_url"])
        XCTAssertTrue(TestSupport.read(job.output.appendingPathComponent("score/index.html")).contains(Self.link))
        XCTAssertFalse(TestSupport.read(job.output.appendingPathComponent("lifts/index.html")).contains(Self.link))
    }

    func testItsKeyAndFlagAreTheChannelsOwnInTheSchemaAndTheLoader() throws {
        XCTAssertTrue(
            OutputChannels.switches.contains { $0.name == "json-feed" && $0.key == .report && $0.flag != nil })
        let schema = JobSchema.json
        XCTAssertTrue(schema.contains("\"json-feed\""))
        XCTAssertThrowsError(
            try JobFileLoader().parse(
                "reports:\n  - kind: credit-score\n    input: c.json\n    json-feed: maybe\n",
                file: URL(fileURLWithPath: "/tmp/job.yml"))
        ) { error in
            XCTAssertTrue((error as? BuildError)?.description.contains("json-feed must be true or false") == true)
        }
    }
}
