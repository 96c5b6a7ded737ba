import Foundation
import GazetteTestSupport
import XCTest

/// Issue 50: a self-contained build writes pages that stand alone and the site's record, and no
/// file that no page links (no feed, chart file, stylesheet, script or search index).
final class SelfContainedFilesTests: XCTestCase {
    func testEveryFileIsALinkedPageOrTheSitesRecord() throws {
        let output = TestSupport.temporaryFolder().appendingPathComponent("site")
        let gazette = try TestSupport.gazette()
        // Two builds a day apart, so every report with a history has had a feed's worth of it.
        for now in ["2023-11-04T05:50:00Z", "2023-11-05T05:50:00Z"] {
            let run = try TestSupport.run(
                gazette, ["build", "--self-contained", "--output", output.path, "--quiet", "--now", now])
            XCTAssertEqual(run.status, 0, run.output)
        }
        let files = try FileManager.default.subpathsOfDirectory(atPath: output.path).filter { path in
            var folder: ObjCBool = false
            FileManager.default.fileExists(atPath: output.appendingPathComponent(path).path, isDirectory: &folder)
            return !folder.boolValue
        }
        let record: Set<String> = ["report.json", "record.json", "history.json", "manifest.json", "freshness.json"]
        let pages = files.filter { $0.hasSuffix(".html") }
        let others = files.filter { !$0.hasSuffix(".html") && !record.contains(($0 as NSString).lastPathComponent) }
        XCTAssertEqual(others, [], "files that are neither a page nor the site's record")
        XCTAssertTrue(files.contains { $0.hasSuffix("history.json") }, "the reports remember")
        // Every page but the front page is linked from a page.
        var linked: Set<String> = ["index.html"]
        let href = try NSRegularExpression(pattern: ##"href="([^"#:?]+\.html)"##)
        for page in pages {
            let html = TestSupport.read(output.appendingPathComponent(page))
            let folder = (page as NSString).deletingLastPathComponent
            for match in href.matches(in: html, range: NSRange(html.startIndex..., in: html)) {
                guard let range = Range(match.range(at: 1), in: html) else { continue }
                let target = ((folder as NSString).appendingPathComponent(String(html[range])) as NSString)
                    .standardizingPath
                linked.insert(target)
            }
        }
        XCTAssertEqual(Set(pages).subtracting(linked), [], "pages no page links")
    }
}
