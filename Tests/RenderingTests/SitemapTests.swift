import XCTest
@testable import Rendering

/// Issue 50: a sitemap lists at most 50,000 pages a file; past that, numbered parts and an index.
final class SitemapTests: XCTestCase {
    private let sitemap = Sitemap(baseURL: "https://example.org/s/")

    func testOneFileUpToFiftyThousandPages() {
        let pages = (1...50_000).map { "r\($0)/index.html" }
        let files = sitemap.files(pages: pages)
        XCTAssertEqual(files.map(\.path), ["sitemap.xml"])
        XCTAssertEqual(files[0].text.components(separatedBy: "<url>").count - 1, 50_000)
        XCTAssertTrue(files[0].text.hasPrefix(#"<?xml version="1.0" encoding="UTF-8"?>"#))
    }

    func testPastFiftyThousandPartsAndAnIndex() {
        let pages = (1...120_001).map { "r\($0)/index.html" }
        let files = sitemap.files(pages: pages)
        XCTAssertEqual(files.map(\.path), ["sitemap-1.xml", "sitemap-2.xml", "sitemap-3.xml", "sitemap.xml"])
        XCTAssertEqual(
            files.dropLast().map { $0.text.components(separatedBy: "<url>").count - 1 }, [50_000, 50_000, 20_001])
        XCTAssertTrue(files[2].text.contains("<loc>https://example.org/s/r120001/index.html</loc>"))
        let index = files[3].text
        XCTAssertTrue(index.contains("<sitemapindex"))
        XCTAssertEqual(index.components(separatedBy: "<sitemap>").count - 1, 3)
        XCTAssertTrue(index.contains("<loc>https://example.org/s/sitemap-2.xml</loc>"))
    }

    func testPathsAreEncodedAndEscaped() {
        XCTAssertEqual(Sitemap.location("notes/a b&c.html"), "notes/a%20b%26c.html")
        XCTAssertEqual(Sitemap.location("café.html"), "caf%C3%A9.html")
        XCTAssertTrue(Sitemap.writes("sitemap.xml") && Sitemap.writes("sitemap-12.xml"))
        XCTAssertFalse(Sitemap.writes("report/sitemap.xml.html"))
    }
}
