import Foundation
import GazetteBuildTestSupport
import GazetteKindTestSupport
import GazetteTestSupport
import XCTest
@testable import SiteBuild
@testable import GazetteCore
@testable import Jobs

final class CreditScorePipelineTests: XCTestCase {
    private func creditSpec(_ url: URL, title: String? = nil) -> ReportSpec {
        ReportSpec(kind: .creditScore, title: title, sources: [.file(url)])
    }

    /// The figures themselves are checked on the report model (`CreditScoreReportTests`); a build
    /// writes them as report.json, the page, its charts and the front page's card.
    func testTheSampleReportBuildsItsPagesChartsAndCard() async throws {
        let output = TestSupport.temporaryFolder().appendingPathComponent("Output")
        let result = await TestSupport.build(
            [creditSpec(try TestSupport.sharedData("creditreport.json"))], output: output)
        XCTAssertEqual(result.exitCode, 0, result.summaryLine)
        let document = try TestSupport.reportDocument(output.appendingPathComponent("credit-score/report.json"))
        XCTAssertEqual(document.kind, .creditScore)
        XCTAssertEqual(document.generatedAt, 1_700_000_000)
        XCTAssertEqual(try document.data.creditScore().score, 514)

        let page = TestSupport.read(output.appendingPathComponent("credit-score/index.html"))
        XCTAssertTrue(page.contains("<strong>514</strong> out of 700"), "the score is the page's strong figure")
        XCTAssertTrue(page.contains("<dt>Limit</dt><dd>—</dd>"), "each card's figures are a description list")
        // The gauge (the report's thumbnail too) is a file; the other charts, shown on this page
        // alone, are written into it.
        XCTAssertEqual(page.components(separatedBy: "<svg class=\"i").count - 1, 3)
        for chart in ["score-gauge", "score-bands", "short-term-utilisation", "long-term-utilisation"] {
            XCTAssertEqual(
                FileManager.default.fileExists(
                    atPath: output.appendingPathComponent("credit-score/charts/\(chart).svg").path),
                chart == "score-gauge", chart)
            for suffix in ["-light.svg", "-dark.svg", "-light.png", "-light@2x.png", "-dark.png", "-dark@2x.png"] {
                XCTAssertFalse(
                    FileManager.default.fileExists(
                        atPath: output.appendingPathComponent("credit-score/charts/\(chart)\(suffix)").path),
                    "a web build writes no PNG: \(chart)\(suffix)")
            }
        }
        let index = TestSupport.read(output.appendingPathComponent("index.html"))
        XCTAssertTrue(index.contains("href=\"credit-score/index.html\""))
        XCTAssertTrue(index.contains("514 out of 700"), "the front page shows the report's card")
    }

    /// Reports called after the front page's own folders get other folders, so neither replaces
    /// the other.
    func testReportsNamedPagesOrSearchDoNotTakeTheFrontPagesFolders() async throws {
        let output = TestSupport.temporaryFolder().appendingPathComponent("Output")
        let input = try TestSupport.sharedData("creditreport.json")
        let result = await TestSupport.build(
            [creditSpec(input, title: "Pages"), creditSpec(input, title: "Search")], output: output)
        XCTAssertEqual(result.exitCode, 0, result.summaryLine)
        XCTAssertEqual(result.reports.map(\.slug), ["pages-2", "search-2"])
        XCTAssertTrue(FileManager.default.fileExists(atPath: output.appendingPathComponent("search/directory.js").path))
        XCTAssertTrue(
            FileManager.default.fileExists(atPath: output.appendingPathComponent("search-2/index.html").path))
    }

    func testAMalformedInputFailsThatReportOnlyAndKeepsThePreviousPages() async throws {
        let dir = TestSupport.temporaryFolder()
        let output = dir.appendingPathComponent("Output")
        let input = dir.appendingPathComponent("credit.json")
        let good = try String(contentsOf: TestSupport.fixture("credit-report.json"), encoding: .utf8)
        TestSupport.writeFile(good, to: input)
        let other = dir.appendingPathComponent("other.json")
        TestSupport.writeFile(good, to: other)
        let specs = [creditSpec(input, title: "Mine"), creditSpec(other, title: "Other")]
        let first = await TestSupport.build(specs, output: output)
        XCTAssertEqual(first.exitCode, 0)
        let before = TestSupport.snapshot(output.appendingPathComponent("mine"))

        TestSupport.writeFile(good.replacingOccurrences(of: "\"score\": 468,", with: ""), to: input)
        let second = await TestSupport.build(specs, output: output, now: Date(timeIntervalSince1970: 1_800_000_000))
        XCTAssertEqual(second.exitCode, 1)
        XCTAssertEqual(second.builtCount, 1)
        let error = try XCTUnwrap(second.reports[0].error)
        XCTAssertEqual(error.kind, .input)
        XCTAssertEqual(error.location, .json(path: input.path, keyPath: "creditReportInfo.score"))
        XCTAssertTrue(error.description.contains("creditReportInfo.score"))
        // The failed report keeps its pages, each with a notice at the layout's mark and
        // otherwise as it was; the other one was rebuilt with the new clock.
        let kept = TestSupport.snapshot(output.appendingPathComponent("mine"))
        XCTAssertEqual(Set(kept.keys), Set(before.keys))
        for (path, bytes) in before {
            if path == "record.json" {
                // The record now says why the report failed, and is no longer offered for reuse.
                let record = try TestSupport.jsonObject(output.appendingPathComponent("mine/record.json"))
                XCTAssertNotNil(record["error"])
                XCTAssertEqual(record["key"] as? String, "")
                continue
            }
            guard path.hasSuffix(".html") else {
                XCTAssertEqual(kept[path], bytes, path)
                continue
            }
            let page = String(decoding: kept[path]!, as: UTF8.self)
            XCTAssertEqual(page.components(separatedBy: "These figures are not the latest").count, 2, path)
            XCTAssertTrue(
                page.contains(
                    "They are from the build of <time datetime=\"2023-11-14T22:13:20Z\">14 November 2023 at 22:13 UTC</time>; the latest build, of <time datetime=\"2027-01-15T08:00:00Z\">15 January 2027 at 08:00 UTC</time>, failed:"
                ), path)
            XCTAssertTrue(page.contains("creditReportInfo.score"), path)
            XCTAssertEqual(
                Self.withoutNotice(page), String(decoding: bytes, as: UTF8.self),
                "\(path): the rest of the page is unchanged")
        }
        let rebuilt = try TestSupport.reportDocument(output.appendingPathComponent("other/report.json"))
        XCTAssertEqual(rebuilt.generatedAt, 1_800_000_000)
        let index = TestSupport.read(output.appendingPathComponent("index.html"))
        XCTAssertTrue(index.contains("creditReportInfo.score"), "the front page names the failure")
        // Failing again: the notice is replaced (one, with the newer failure), not added to.
        _ = await TestSupport.build(specs, output: output, now: Date(timeIntervalSince1970: 1_900_000_000))
        let twice = TestSupport.read(output.appendingPathComponent("mine/index.html"))
        XCTAssertEqual(twice.components(separatedBy: "These figures are not the latest").count, 2)
        XCTAssertTrue(twice.contains("2030-03-17T17:46:40Z"), "the latest failure's time")
        XCTAssertTrue(twice.contains("datetime=\"2023-11-14T22:13:20Z\""), "still the time the figures were made")
        XCTAssertEqual(Self.withoutNotice(twice), String(decoding: before["index.html"]!, as: UTF8.self))
    }

    /// A page with the kept-page notice taken out from after the layout's mark.
    private static func withoutNotice(_ page: String) -> String {
        guard let mark = page.range(of: "<!--gazette:notice-->\n"), let end = page.range(of: "<!--/gazette:notice-->\n")
        else { return page }
        return String(page[..<mark.upperBound]) + String(page[end.upperBound...])
    }

    /// 8 of issue 23: kept pages are checked against the previous manifest, as the cache checks
    /// what it reuses; a page changed since is not published as Gazette's.
    func testAFailedReportKeepsOnlyPagesThatMatchThePreviousManifest() async throws {
        let dir = TestSupport.temporaryFolder()
        let output = dir.appendingPathComponent("Output")
        let input = dir.appendingPathComponent("credit.json")
        let good = try String(contentsOf: TestSupport.fixture("credit-report.json"), encoding: .utf8)
        TestSupport.writeFile(good, to: input)
        let first = await TestSupport.build([creditSpec(input, title: "Mine")], output: output)
        XCTAssertEqual(first.exitCode, 0)
        TestSupport.writeFile("<p>changed by hand</p>", to: output.appendingPathComponent("mine/index.html"))

        TestSupport.writeFile(good.replacingOccurrences(of: "\"score\": 468,", with: ""), to: input)
        let second = await TestSupport.build(
            [creditSpec(input, title: "Mine")], output: output, now: Date(timeIntervalSince1970: 1_800_000_000))
        XCTAssertEqual(second.exitCode, 1)
        let page = TestSupport.read(output.appendingPathComponent("mine/index.html"))
        XCTAssertFalse(page.contains("changed by hand"), "an unverified page is not kept")
        XCTAssertTrue(page.contains("could not be built"), "the error page instead")
        XCTAssertFalse(
            FileManager.default.fileExists(atPath: output.appendingPathComponent("mine/report.json").path),
            "nothing of a half-verified report is kept")
    }

    func testAFailedReportWithNoPreviousPagesGetsAnErrorPage() async throws {
        let dir = TestSupport.temporaryFolder()
        let input = dir.appendingPathComponent("credit.json")
        TestSupport.writeFile("{\"creditReportInfo\": {\"score\": \"high\"}}", to: input)
        let output = dir.appendingPathComponent("Output")
        let result = await TestSupport.build([creditSpec(input)], output: output)
        XCTAssertEqual(result.exitCode, 1)
        let page = TestSupport.read(output.appendingPathComponent("credit-score/index.html"))
        XCTAssertTrue(page.contains("could not be built"))
        XCTAssertTrue(page.contains("creditReportInfo.score"))
        XCTAssertFalse(
            FileManager.default.fileExists(atPath: output.appendingPathComponent("credit-score/report.json").path))
    }

    func testAMissingFileIsAnInputErrorNamingThePath() async {
        let output = TestSupport.temporaryFolder().appendingPathComponent("Output")
        let missing = URL(fileURLWithPath: "/nonexistent/credit.json")
        let result = await TestSupport.build([creditSpec(missing)], output: output)
        XCTAssertEqual(result.exitCode, 1)
        XCTAssertEqual(result.reports[0].error, BuildError(.input, .file("/nonexistent/credit.json"), "no such file"))
    }

    func testInputTextIsEscaped() async throws {
        let dir = TestSupport.temporaryFolder()
        let input = dir.appendingPathComponent("credit.json")
        let good = try String(contentsOf: TestSupport.fixture("credit-report.json"), encoding: .utf8)
        TestSupport.writeFile(good, to: input)
        let output = dir.appendingPathComponent("Output")
        let result = await TestSupport.build([creditSpec(input, title: "<script>alert(1)</script>")], output: output)
        XCTAssertEqual(result.exitCode, 0)
        let slug = result.reports[0].slug
        XCTAssertEqual(slug, "script-alert-1-script")
        let page = TestSupport.read(output.appendingPathComponent("\(slug)/index.html"))
        XCTAssertFalse(page.contains("<script>alert(1)</script>"))
        XCTAssertTrue(page.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        XCTAssertFalse(TestSupport.read(output.appendingPathComponent("index.html")).contains("<script>alert"))
    }

    func testBuildsAreByteIdenticalAcrossRunsAndJobCounts() async throws {
        let dir = TestSupport.temporaryFolder()
        let spec = creditSpec(TestSupport.fixture("credit-report.json"))
        let one = dir.appendingPathComponent("one")
        let four = dir.appendingPathComponent("four")
        _ = await TestSupport.build([spec], output: one, jobs: 1)
        _ = await TestSupport.build([spec], output: four, jobs: 4)
        let a = TestSupport.snapshot(one)
        let b = TestSupport.snapshot(four)
        XCTAssertEqual(a.keys.sorted(), b.keys.sorted())
        for key in a.keys { XCTAssertEqual(a[key], b[key], key) }
    }

    func testTheManifestListsEveryWrittenFile() async throws {
        let output = TestSupport.temporaryFolder().appendingPathComponent("Output")
        _ = await TestSupport.build([creditSpec(TestSupport.fixture("credit-report.json"))], output: output)
        let written = TestSupport.snapshot(output).keys.filter { $0 != "manifest.json" }
        XCTAssertEqual(try TestSupport.manifestPaths(output), Set(written))
        let manifest = try TestSupport.jsonObject(output.appendingPathComponent("manifest.json"))
        XCTAssertEqual(
            (manifest["files"] as? [[String: Any]])?.compactMap { $0["path"] as? String },
            [
                "assets/countdown.js", "assets/freshness.js", "assets/racecard.js", "assets/search.js",
                "assets/style.css", "favicon.svg", "feed.xml", "freshness.json", "index.html",
                "search/directory.js", "search/entries-0.js", "search/words-0.js"
            ],
            "the manifest lists the files outside report folders; each record lists its folder's")
    }
}
