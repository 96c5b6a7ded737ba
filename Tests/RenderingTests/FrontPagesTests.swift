import Foundation
import GazetteCore
import GazetteTestSupport
@testable import Rendering
import ReportFacts
import Reports
import SiteOutput
import Localization
import XCTest

/// The front page of a site of any size: pages of `FrontPages.cardsPerPage` cards linked to one
/// another, and a search index of small pieces; no file of it past 200 KB at 100,000 reports.
final class FrontPagesTests: XCTestCase {
    /// Renders the front page of `count` generated athletes into a fresh folder through the build's
    /// own writer.
    static func render(_ count: Int, title: String = "Athletes") throws -> URL {
        let folder = TestSupport.temporaryFolder().appendingPathComponent("Output")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let site = SiteFacts(
            title: title, now: TestSupport.fixedNow, inputs: [], jobFile: "athletes.yml", conventions: .standard)
        let renderer = PageRenderer(templates: try TemplateLibrary(), site: site, workers: 1)
        try renderer.renderIndex(GeneratedReports(count: count), writer: FolderWriter(folder: folder))
        return folder
    }

    /// Every file under `folder` by its path in the site, with its size.
    static func files(_ folder: URL) -> [String: Int] {
        var sizes: [String: Int] = [:]
        let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.fileSizeKey])
        while let url = walker?.nextObject() as? URL {
            guard let size = try? url.resourceValues(forKeys: [.fileSizeKey]).fileSize, !url.hasDirectoryPath else {
                continue
            }
            sizes[String(url.path.dropFirst(folder.path.count + 1))] = size
        }
        return sizes
    }

    /// The front page of 100,000 athletes, rendered once for the tests that read it.
    static let hundredThousand = Result { () throws -> URL in
        let started = Date()
        let folder = try render(100_000)
        let written = files(folder)
        func largest(_ prefix: String) -> String {
            let (path, size) = written.filter { $0.key.hasPrefix(prefix) }.max { $0.value < $1.value }!
            return "\(path) \(size) bytes"
        }
        let pieces = written.keys.filter { $0.hasPrefix("search/") }
        print(
            "100,000 cards: \(written.count) files in \(String(format: "%.1f", Date().timeIntervalSince(started))) s;"
                + " largest page \(largest("pages/")), largest of the \(pieces.count) search files"
                + " \(largest("search/")), search/directory.js \(written["search/directory.js"]!) bytes")
        return folder
    }

    func testAHundredThousandReportsMakeAThousandPagesAndNoFileOver200KB() throws {
        let folder = try Self.hundredThousand.get()
        let files = Self.files(folder)
        for (path, size) in files.sorted(by: { $0.key < $1.key }) {
            XCTAssertLessThanOrEqual(size, 200 * 1024, path)
        }
        // (The browser tests put their copies of pages beside them, under other names.)
        let pages = Set(files.keys.filter { $0.hasPrefix("pages/") && Int($0.dropFirst(6).dropLast(5)) != nil })
        XCTAssertEqual(pages.count, 999)
        XCTAssertTrue(pages == Set((2...1000).map { "pages/\($0).html" }), "pages 2 to 1,000")
        XCTAssertNotNil(files["index.html"])
        XCTAssertNotNil(files["assets/search.js"])
        XCTAssertNotNil(files["search/directory.js"])
        XCTAssertGreaterThan(files.keys.filter { $0.hasPrefix("search/words-") }.count, 1)
        XCTAssertGreaterThan(files.keys.filter { $0.hasPrefix("search/entries-") }.count, 1)

        // Page 513 holds athletes 51,201 to 51,300; its links lead to them, to the assets and to
        // every other page, each an existing file.
        let page = TestSupport.read(folder.appendingPathComponent("pages/513.html"))
        XCTAssertTrue(page.contains(#"<a href="../athlete-51234/index.html">Athlete 51234</a>"#))
        XCTAssertEqual(Self.cards(page), 100)
        XCTAssertTrue(page.contains(#"<p class="page-range">Page 513 of 1,000: reports 51,201 to 51,300.</p>"#))
        XCTAssertTrue(page.contains(#"<link rel="stylesheet" href="../assets/style.css">"#))
        XCTAssertTrue(page.contains(#"<script src="../assets/search.js" defer></script>"#))
        XCTAssertTrue(page.contains(#"data-index="../search/""#))
        XCTAssertTrue(page.contains(#"<a href="512.html" rel="prev">Previous</a>"#))
        XCTAssertTrue(page.contains(#"<a href="514.html" rel="next">Next</a>"#))
        XCTAssertTrue(page.contains(#"<a href="../index.html">1</a>"#))
        XCTAssertTrue(page.contains(#"<a href="513.html" aria-current="page">513</a>"#))
        XCTAssertTrue(page.contains(#"<a href="1000.html">1,000</a>"#))
        XCTAssertTrue(page.contains(#"<summary>All 1,000 pages</summary>"#))
        XCTAssertTrue(page.contains("<li><code>athlete-51234.csv</code></li>"), "the inputs of its own cards")
        XCTAssertFalse(page.contains("athlete-51301.csv"))
        // The stylesheet and the icon are the build's (Pipeline.writeAssets), the feed is written
        // with the front page (SiteFinish); the rest is here.
        let written = Set(files.keys).union(["assets/style.css", "favicon.svg", "feed.xml"])
        for link in Self.links(page) where !link.hasPrefix("#") {
            let path = SitePath.resolve(link, from: "pages/") ?? "?"
            if path.hasPrefix("athlete-") {
                XCTAssertTrue(path.hasPrefix("athlete-512") || path.hasPrefix("athlete-513"), link)
            } else {
                XCTAssertTrue(written.contains(path), "pages/513.html links \(link)")
            }
        }

        let first = TestSupport.read(folder.appendingPathComponent("index.html"))
        XCTAssertTrue(first.contains(#"<a href="athlete-1/index.html">Athlete 1</a>"#))
        XCTAssertTrue(first.contains(#"<a href="pages/2.html" rel="next">Next</a>"#))
        XCTAssertTrue(first.contains(#"<a href="index.html" aria-current="page">1</a>"#))
        XCTAssertFalse(first.contains(#"rel="prev""#))
        XCTAssertTrue(first.contains("<title>Athletes</title>"))
        let last = TestSupport.read(folder.appendingPathComponent("pages/1000.html"))
        XCTAssertEqual(Self.cards(last), 100)
        XCTAssertTrue(last.contains("<title>Page 1,000 of 1,000 · Athletes</title>"))
        XCTAssertFalse(last.contains(#"rel="next""#))
    }

    func testASmallSiteIsOnePageWithoutNavigation() throws {
        let folder = try Self.render(100)
        let files = Self.files(folder)
        XCTAssertFalse(files.keys.contains { $0.hasPrefix("pages/") })
        let page = TestSupport.read(folder.appendingPathComponent("index.html"))
        XCTAssertEqual(Self.cards(page), 100)
        XCTAssertFalse(page.contains("<nav"))
        XCTAssertFalse(page.contains("page-range"))
        XCTAssertTrue(page.contains(#"<search class="search" hidden"#), "hidden until the script shows it")
        XCTAssertEqual(files.keys.filter { $0.hasPrefix("search/") }.sorted().first, "search/directory.js")

        let two = Self.files(try Self.render(101))
        XCTAssertEqual(two.keys.filter { $0.hasPrefix("pages/") }, ["pages/2.html"])
    }

    /// Pages that stand alone carry no script: they are paginated alike, with no search box.
    func testSelfContainedPagesArePaginatedWithoutSearch() throws {
        let folder = TestSupport.temporaryFolder().appendingPathComponent("Output")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let site = SiteFacts(
            title: "Athletes", now: TestSupport.fixedNow, inputs: [], jobFile: nil, conventions: .standard)
        let renderer = try PageRenderer(templates: try TemplateLibrary(), site: site, workers: 1)
            .standalone(.selfContained)
        try renderer.renderIndex(GeneratedReports(count: 150), writer: FolderWriter(folder: folder))
        XCTAssertEqual(Set(Self.files(folder).keys), ["index.html", "pages/2.html"])
        let second = TestSupport.read(folder.appendingPathComponent("pages/2.html"))
        XCTAssertEqual(Self.cards(second), 50)
        XCTAssertFalse(second.contains("<search"))
        XCTAssertFalse(second.contains("<script"))
        XCTAssertTrue(second.contains(#"<a href="../index.html" rel="prev">Previous</a>"#))
        XCTAssertTrue(second.contains(#"<a href="../athlete-101/index.html">Athlete 101</a>"#))
    }

    /// The index the script reads: a common word runs over several pieces, each piece's ids start
    /// whole, and the directory names each piece's first and last word.
    func testTheSearchIndexSplitsACommonWordOverPieces() throws {
        let folder = try Self.hundredThousand.get()
        let directory = TestSupport.read(folder.appendingPathComponent("search/directory.js"))
        XCTAssertTrue(directory.hasPrefix(#"window.GazetteSearch.directory({"count":100000,"words":[["#))
        XCTAssertGreaterThanOrEqual(directory.components(separatedBy: #"["athlete","athlete"]"#).count - 1, 3)
        let words = Self.files(folder).keys.filter { $0.hasPrefix("search/words-") }.sorted()
        var athletes: [Int] = []
        for name in words {
            let text = TestSupport.read(folder.appendingPathComponent(name))
            guard let start = text.range(of: #"["athlete",["#) else { continue }
            let steps = text[start.upperBound...].prefix { $0 != "]" }.split(separator: ",").map { Int($0)! }
            var id = 0
            for (index, step) in steps.enumerated() {
                id = index == 0 ? step : id + step
                athletes.append(id)
            }
        }
        XCTAssertEqual(athletes, Array(0..<100_000))
    }

    func testWordsAreFoldedAsTheScriptFoldsThem() {
        XCTAssertEqual(SearchIndex.words("Athlete 51234"), ["athlete", "51234"])
        XCTAssertEqual(SearchIndex.words("Deadlift 461 lb · Back Squat"), ["deadlift", "461", "lb", "back", "squat"])
        XCTAssertEqual(SearchIndex.words("ＡＢＣ１２３ Straße ΟΔΟΣ"), ["abc123", "straße", "οδοσ"])
        XCTAssertEqual(SearchIndex.words("トレーニング記録：アレックス"), ["トレーニング記録", "アレックス"])
        XCTAssertEqual(SearchIndex.words(String(repeating: "a", count: 40)), [String(repeating: "a", count: 32)])
        // Text of ASCII and the cards' punctuation takes a shorter way to the same words.
        let pieces = [
            "Lift", "004", "371", "lb", " · ", " — ", "–", "×", "−", "Back Squat", "ÄB", "x", "-", "_", "'", " "
        ]
        for first in pieces {
            for second in pieces {
                for third in pieces {
                    let text = first + second + third
                    XCTAssertEqual(SearchIndex.words(text), SearchIndex.foldedWords(text), text)
                }
            }
        }
        XCTAssertEqual(
            SearchIndex.words(String(repeating: "B", count: 40) + "·c"), [String(repeating: "b", count: 32), "c"])
    }

    static func cards(_ page: String) -> Int {
        page.components(separatedBy: #"<li class="card">"#).count - 1
    }

    /// Every `href` and `src` of a page.
    static func links(_ page: String) -> [String] {
        var links: [String] = []
        for attribute in [#"href=""#, #"src=""#] {
            for part in page.components(separatedBy: attribute).dropFirst() {
                links.append(String(part.prefix { $0 != "\"" }))
            }
        }
        return links
    }
}

/// Athletes 1 to `count`, each a built workouts report with a realistic card and thumbnail; made
/// when asked for, as the build's ledger gives them.
struct GeneratedReports: RandomAccessCollection {
    let count: Int
    var startIndex: Int { 0 }
    var endIndex: Int { count }

    subscript(position: Int) -> BuiltReport {
        let number = position + 1
        let slug = "athlete-\(number)"
        let deadlift = 300 + number % 250
        let squat = 250 + number % 200
        let bench = 150 + number % 150
        return BuiltReport(
            outcome: ReportOutcome(
                title: "Athlete \(number)", slug: slug, kind: .workouts, warnings: [], error: nil,
                headline: nil),
            card: ReportCard(
                headline: "Deadlift \(deadlift) lb · Back Squat \(squat) lb · Bench Press \(bench) lb",
                detail: "\(1000 + number % 900) sets over \(20 + number % 30) weeks, to \(number % 28 + 1) May 2024",
                thumbnail: ChartRef(drawn: "deadlift")),
            thumbnail: DrawnChart(
                stem: "\(slug)/charts/deadlift", alt: "Estimated one-rep max of Deadlift over time", width: 320,
                height: 160),
            sources: ["\(slug).csv"])
    }
}
