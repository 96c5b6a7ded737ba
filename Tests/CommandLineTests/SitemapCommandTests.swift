import Foundation
import GazetteTestSupport
import XCTest

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Issue 50: `sitemap.xml` when the site has an address, and `index: false` for a site that
/// asks search engines to stay away.
final class SitemapCommandTests: XCTestCase {
    private func build(_ job: String, _ arguments: [String] = []) throws -> URL {
        let folder = TestSupport.temporaryFolder()
        try FileManager.default.copyItem(
            at: TestSupport.fixture("credit-report.json"), to: folder.appendingPathComponent("credit.json"))
        try FileManager.default.copyItem(
            at: TestSupport.fixture("workouts.txt"), to: folder.appendingPathComponent("log.txt"))
        try FileManager.default.copyItem(
            at: TestSupport.fixture("race-card.json"), to: folder.appendingPathComponent("card.json"))
        let reports = """
            reports:
              - {kind: credit-score, input: credit.json}
              - {kind: workouts, title: Lifts, input: log.txt}
              - {kind: race-card, input: card.json}
            """
        try (job + "\n" + reports).write(
            to: folder.appendingPathComponent("job.yml"), atomically: true, encoding: .utf8)
        let output = folder.appendingPathComponent("site")
        let run = try TestSupport.run(
            TestSupport.gazette(),
            ["build", folder.appendingPathComponent("job.yml").path, "--output", output.path, "--quiet"] + arguments)
        XCTAssertEqual(run.status, 0, run.output)
        return output
    }

    /// The `<loc>`s of a sitemap file, which must be well-formed XML.
    private func locations(_ url: URL) throws -> [String] {
        let data = try Data(contentsOf: url)
        XCTAssertTrue(XMLParser(data: data).parse(), url.lastPathComponent)
        let text = String(decoding: data, as: UTF8.self)
        return try NSRegularExpression(pattern: "<loc>([^<]*)</loc>")
            .matches(in: text, range: NSRange(text.startIndex..., in: text))
            .compactMap { Range($0.range(at: 1), in: text).map { String(text[$0]) } }
    }

    func testTheSitemapListsEveryPageOfTheManifestOnce() throws {
        let output = try build("title: Mapped\nbase-url: https://example.org/club/")
        let pages = try TestSupport.manifestPaths(output).filter { $0.hasSuffix(".html") }.sorted()
        XCTAssertGreaterThan(pages.count, 8)
        let listed = try locations(output.appendingPathComponent("sitemap.xml"))
        XCTAssertEqual(listed.count, Set(listed).count, "each page once")
        XCTAssertEqual(listed.sorted(), pages.map { "https://example.org/club/" + $0 }.sorted())
        XCTAssertEqual(listed.first, "https://example.org/club/index.html")
        XCTAssertTrue(try TestSupport.manifestPaths(output).contains("sitemap.xml"), "the manifest lists it")
        XCTAssertFalse(FileManager.default.fileExists(atPath: output.appendingPathComponent("robots.txt").path))
        XCTAssertFalse(TestSupport.read(output.appendingPathComponent("index.html")).contains("noindex"))
    }

    func testASiteWithoutAnAddressHasNoSitemap() throws {
        let output = try build("title: Unmapped")
        XCTAssertFalse(FileManager.default.fileExists(atPath: output.appendingPathComponent("sitemap.xml").path))
    }

    func testIndexFalseWritesRobotsAndANoindexMetaOnEveryPage() throws {
        for arguments in [[], ["--self-contained"]] {
            let output = try build("title: Private\nindex: false", arguments)
            XCTAssertEqual(
                TestSupport.read(output.appendingPathComponent("robots.txt")), "User-agent: *\nDisallow: /\n")
            let pages = try TestSupport.manifestPaths(output).filter { $0.hasSuffix(".html") }
            XCTAssertGreaterThan(pages.count, 8)
            for page in pages {
                let html = TestSupport.read(output.appendingPathComponent(page))
                XCTAssertTrue(html.contains(#"<meta name="robots" content="noindex">"#), page)
            }
        }
    }
}
