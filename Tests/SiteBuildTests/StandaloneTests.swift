import Canvas
import Foundation
import GazetteBuildTestSupport
import GazetteTestSupport
import XCTest
@testable import SiteBuild
@testable import GazetteCore
@testable import Jobs
@testable import Reports
@testable import Rendering

/// Self-contained pages, e-mail messages and build summaries.
final class StandaloneTests: XCTestCase {
    private func demoBuild(selfContained: Bool = false, email: Bool = false) async -> (URL, BuildResult) {
        let output = TestSupport.temporaryFolder().appendingPathComponent("Output")
        let job = DemoJob.make(output: output, now: TestSupport.fixedNow)
        var options = BuildOptions(
            now: TestSupport.fixedNow, jobs: 2, selfContained: selfContained, switches: email ? ["email"] : [])
        // As `gazette build --summary` asks: every report's headline and summary in the result.
        options.completeOutcomes = true
        let result = await Pipeline(job: job, options: options).run()
        return (output, result)
    }

    func testSelfContainedPagesReferToNothingOutsideThemselves() async throws {
        let (output, result) = await demoBuild(selfContained: true)
        XCTAssertEqual(result.exitCode, 0, result.summaryLine)
        let pages = TestSupport.snapshot(output).keys.filter { $0.hasSuffix(".html") }.sorted()
        XCTAssertGreaterThan(pages.count, 10)
        for page in pages {
            let html = TestSupport.read(output.appendingPathComponent(page))
            XCTAssertTrue(html.contains("<style>"), page)
            XCTAssertFalse(html.contains("<link rel=\"stylesheet\""), page)
            XCTAssertFalse(html.contains("<script"), page)
            for attribute in ["src=\"", "srcset=\""] {
                var rest = html[...]
                while let range = rest.range(of: " " + attribute) {
                    let value = rest[range.upperBound...].prefix { $0 != "\"" }
                    XCTAssertTrue(
                        value.hasPrefix("data:image/svg+xml;base64,"), "\(page): \(attribute)\(value.prefix(60))")
                    rest = rest[range.upperBound...]
                }
            }
            XCTAssertFalse(html.contains("href=\"charts/"), "\(page) links a chart file")
        }
    }

    /// A self-contained build writes its single-file pages and its data files, and nothing that
    /// no page needs: no chart files, no stylesheet or script, no scratch left beside the output.
    func testSelfContainedBuildsLeaveNoOrphanedFiles() async throws {
        let (output, result) = await demoBuild(selfContained: true)
        XCTAssertEqual(result.exitCode, 0, result.summaryLine)
        let files = TestSupport.snapshot(output).keys.sorted()
        // The feeds and the histories are data for feed readers and later builds, as report.json is;
        // freshness.json is for a monitor.
        let data: Set<String> = [
            "manifest.json", "record.json", "report.json", "report.eml", "report.pdf", "history.json", "feed.xml",
            "freshness.json"
        ]
        let orphans = files.filter { !$0.hasSuffix(".html") && !data.contains(($0 as NSString).lastPathComponent) }
        XCTAssertEqual(orphans, [])
        // Every page linked from another page exists; nothing else is there to be linked.
        let siblings = try FileManager.default.contentsOfDirectory(atPath: output.deletingLastPathComponent().path)
        XCTAssertEqual(siblings.filter { $0.contains(".building-") }, [], "no staging or scratch folder is left")
        XCTAssertEqual(try TestSupport.manifestPaths(output), Set(files).subtracting(["manifest.json"]))
    }

    func testSitePathsResolveFromThePagesFolderAndStayInsideTheSite() {
        XCTAssertEqual(SitePath.resolve("charts/a@2x.png", from: "report/"), "report/charts/a@2x.png")
        XCTAssertEqual(SitePath.resolve("../index.html", from: "report/"), "index.html")
        XCTAssertEqual(SitePath.resolve("./x/../y.png", from: ""), "y.png")
        XCTAssertNil(SitePath.resolve("../../x", from: "report/"))
        XCTAssertNil(SitePath.resolve("https://x/y.png", from: ""))
        XCTAssertNil(SitePath.resolve("/etc/passwd", from: ""))
    }

    func testSelfContainedPagesEmbedEachChartOnceAsSVG() async throws {
        let (output, _) = await demoBuild(selfContained: true)
        let html = TestSupport.read(output.appendingPathComponent("credit-score/index.html"))
        // Four charts, each once, as SVG carrying both schemes: sharp at any density, so no 1× or
        // 2× copies. (The site's icon is one more, in the page's head.)
        let embedded = html.components(separatedBy: "src=\"data:image/svg+xml;base64,").dropFirst()
        XCTAssertEqual(embedded.count, 4)
        XCTAssertEqual(html.components(separatedBy: "srcset=\"data:image/svg+xml;base64,").count - 1, 0)
        XCTAssertFalse(html.contains("image/png"))
        for picture in embedded {
            let base64 = String(picture.prefix { $0 != "\"" })
            let svg = String(decoding: try XCTUnwrap(Data(base64Encoded: base64)), as: UTF8.self)
            XCTAssertTrue(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""), String(svg.prefix(80)))
            XCTAssertTrue(svg.hasSuffix("</svg>\n"))
            XCTAssertTrue(svg.contains("@media (prefers-color-scheme:dark){"), "both schemes in one picture")
        }
    }

    /// A self-contained front page carries every card's thumbnail, drawn in this build: a
    /// rebuild after one input changed draws the other reports' thumbnails too, not only the
    /// changed one's (the output has no chart files to take them from).
    func testASelfContainedRebuildEmbedsEveryThumbnail() async throws {
        let folder = TestSupport.temporaryFolder()
        let log = try String(contentsOf: TestSupport.fixture("workouts.txt"), encoding: .utf8)
        let first = folder.appendingPathComponent("first.txt"), second = folder.appendingPathComponent("second.txt")
        try log.write(to: first, atomically: true, encoding: .utf8)
        try log.write(to: second, atomically: true, encoding: .utf8)
        let output = folder.appendingPathComponent("Output")
        let job = Job(
            title: "Two", output: output,
            reports: [
                ReportSpec(kind: .workouts, title: "First", sources: [.file(first)]),
                ReportSpec(kind: .workouts, title: "Second", sources: [.file(second)])
            ])
        let options = BuildOptions(now: TestSupport.fixedNow, jobs: 2, selfContained: true)
        var result = await Pipeline(job: job, options: options).run()
        XCTAssertEqual(result.exitCode, 0, result.summaryLine)
        try (log + "Nov 13 2023,Deadlift,1,5,190\n").write(to: second, atomically: true, encoding: .utf8)
        result = await Pipeline(job: job, options: options).run()
        XCTAssertEqual(result.exitCode, 0, result.summaryLine)
        let index = TestSupport.read(output.appendingPathComponent("index.html"))
        let sources = Self.attributeValues("src", in: index)
        XCTAssertEqual(sources.count, 2, "a thumbnail a card")
        for source in sources {
            XCTAssertTrue(source.hasPrefix("data:image/svg+xml;base64,"), String(source.prefix(60)))
        }
    }

    /// Only e-mail needs raster pictures: an e-mail build draws the PNGs its messages carry, and
    /// publishes none of them.
    func testAnEmailBuildCarriesPNGsAndPublishesNone() async throws {
        let (output, result) = await demoBuild(email: true)
        XCTAssertEqual(result.exitCode, 0)
        XCTAssertEqual(TestSupport.snapshot(output).keys.filter { $0.hasSuffix(".png") }, [])
        let raw = TestSupport.read(output.appendingPathComponent("credit-score/report.eml"))
        let related = try XCTUnwrap(
            try MIMEReader.parse(raw).parts.first { $0.contentType.hasPrefix("multipart/related") })
        let pictures = related.parts.filter { $0.contentType.hasPrefix("image/png") }
        XCTAssertEqual(pictures.count, 3)
        let html = try XCTUnwrap(related.parts.first { $0.contentType.hasPrefix("text/html") }).decodedText
        for picture in pictures {
            let bitmap = try Bitmap(
                png: Array(try XCTUnwrap(Data(base64Encoded: picture.body.filter { !$0.isWhitespace }))))
            // Shown at its width (the charts here fit the column), drawn at twice it.
            let id = String(try XCTUnwrap(picture.headers["content-id"]).dropFirst().dropLast())
            let tag = try XCTUnwrap(
                html.range(of: "src=\"cid:\(id)\"").map { html[$0.upperBound...].prefix { $0 != ">" } })
            XCTAssertEqual(Self.attributeNumbers("width", in: String(tag)).map { $0 * 2 }, [bitmap.width], String(tag))
        }
    }

    func testEveryReportGetsAMessageWhoseCidsAllResolve() async throws {
        let (output, result) = await demoBuild(email: true)
        XCTAssertEqual(result.exitCode, 0)
        for report in result.reports {
            let raw = TestSupport.read(output.appendingPathComponent("\(report.slug)/report.eml"))
            let message = try MIMEReader.parse(raw)
            XCTAssertEqual(message.headers["mime-version"], "1.0")
            XCTAssertEqual(message.headers["date"], "Tue, 14 Nov 2023 22:13:20 +0000")
            XCTAssertEqual(message.headers["from"], "Gazette <gazette@localhost>")
            XCTAssertNotNil(message.headers["message-id"])
            XCTAssertTrue(message.contentType.hasPrefix("multipart/alternative"))
            XCTAssertEqual(message.parts.count, 2)
            let text = try XCTUnwrap(message.parts.first { $0.contentType.hasPrefix("text/plain") })
            XCTAssertTrue(text.decodedText.contains(report.headline ?? "?"), report.title)
            let related = try XCTUnwrap(message.parts.first { $0.contentType.hasPrefix("multipart/related") })
            let html = try XCTUnwrap(related.parts.first { $0.contentType.hasPrefix("text/html") }).decodedText
            let ids = Set(
                related.parts.compactMap { $0.headers["content-id"] }.map { String($0.dropFirst().dropLast()) })
            var rest = html[...]
            var references = 0
            while let range = rest.range(of: "cid:") {
                let id = rest[range.upperBound...].prefix { $0 != "\"" }
                XCTAssertTrue(ids.contains(String(id)), "\(report.slug): cid:\(id) has no part")
                references += 1
                rest = rest[range.upperBound...]
            }
            XCTAssertFalse(html.contains("data:image"), "mail programs block data URIs")
            // Strict mail programs drop style sheets, custom properties, grid and flex.
            XCTAssertFalse(html.contains("<style"), report.slug)
            XCTAssertFalse(html.contains("var("), report.slug)
            XCTAssertFalse(html.contains("display:flex") || html.contains("display:grid"), report.slug)
            XCTAssertFalse(html.contains("<link"), report.slug)
            for width in Self.attributeNumbers("width", in: html) { XCTAssertLessThanOrEqual(width, 600, report.slug) }
            for line in raw.components(separatedBy: "\r\n") {
                XCTAssertLessThanOrEqual(line.count, 78, "\(report.slug): \(line)")
            }
            if report.kind == .creditScore {
                XCTAssertEqual(references, 3, "the gauge and the two credit lines")
                XCTAssertTrue(text.decodedText.contains("Score 468 out of 700"))
                // The headline figure once in the text of the page (the gauge's alt text aside).
                let visible = html.replacingOccurrences(of: #"alt="[^"]*""#, with: "", options: .regularExpression)
                XCTAssertEqual(visible.components(separatedBy: ">468<").count - 1, 1)
            }
        }
    }

    /// The values of `name="…"` attributes.
    static func attributeValues(_ name: String, in html: String) -> [String] {
        var values: [String] = []
        var rest = html[...]
        while let range = rest.range(of: " \(name)=\"") {
            values.append(String(rest[range.upperBound...].prefix { $0 != "\"" }))
            rest = rest[range.upperBound...]
        }
        return values
    }

    /// Numbers in `name="…"` attributes, such as every `width` of a page.
    static func attributeNumbers(_ name: String, in html: String) -> [Int] {
        var numbers: [Int] = []
        var rest = html[...]
        while let range = rest.range(of: " \(name)=\"") {
            let value = rest[range.upperBound...].prefix { $0 != "\"" }
            if let number = Int(value) { numbers.append(number) }
            rest = rest[range.upperBound...]
        }
        return numbers
    }

    func testMessagesAreDeterministicAndUseTheJobsOptions() async throws {
        let dir = TestSupport.temporaryFolder()
        var spec = ReportSpec(
            kind: .creditScore, title: "Crédit", sources: [.file(TestSupport.fixture("credit-report.json"))])
        spec.settings["email", as: EmailOptions.self] = EmailOptions(
            from: "Reports <r@example.com>", to: ["a@example.com", "b@example.com"], subject: "Your score — été")
        let first = await TestSupport.build([spec], output: dir.appendingPathComponent("a"))
        _ = await TestSupport.build([spec], output: dir.appendingPathComponent("b"))
        XCTAssertEqual(first.exitCode, 0)
        let a = TestSupport.read(dir.appendingPathComponent("a/credit/report.eml"))
        XCTAssertEqual(a, TestSupport.read(dir.appendingPathComponent("b/credit/report.eml")))
        let message = try MIMEReader.parse(a)
        XCTAssertEqual(message.headers["to"], "a@example.com, b@example.com")
        XCTAssertEqual(message.headers["from"], "Reports <r@example.com>")
        XCTAssertTrue(message.headers["subject"]!.hasPrefix("=?UTF-8?B?"))
        XCTAssertEqual(MIMEReader.decodeWords(message.headers["subject"]!), "Your score — été")
    }

    func testSummariesListEveryReport() async throws {
        let (_, result) = await demoBuild()
        let markdown = SummaryFormat.markdown.render(result, title: "Gazette demo")
        let rows = markdown.components(separatedBy: "\n").filter { $0.hasPrefix("| ") && !$0.hasPrefix("| Report") }
        XCTAssertEqual(rows.count, result.reports.count)
        XCTAssertTrue(markdown.contains("| Credit score | Credit score | 468 out of 700 | built |"))
        let text = SummaryFormat.text.render(result, title: "Gazette demo")
        XCTAssertTrue(text.contains("Score 468 out of 700 (range 0–700), band Good"))
        let json =
            try JSONSerialization.jsonObject(with: Data(SummaryFormat.json.render(result, title: "T").utf8))
            as! [String: Any]
        XCTAssertEqual((json["reports"] as! [Any]).count, result.reports.count)
        XCTAssertEqual(json["exitCode"] as? Int, 0)
    }

    /// --summary json gives an error as fields: file, line, column, key path, URL, message.
    func testJSONSummariesGiveErrorsAsFields() async throws {
        let folder = TestSupport.temporaryFolder()
        let log = folder.appendingPathComponent("bad.txt")
        TestSupport.writeFile("Oct 04 2017,Back Squat,1,ten,175.0\n", to: log)
        let credit = folder.appendingPathComponent("credit.json")
        TestSupport.writeFile(#"{"accountIDVStatus": "PASS", "creditReportInfo": {"score": "high"}}"#, to: credit)
        let result = await TestSupport.build(
            [
                ReportSpec(kind: .workouts, title: "Log", sources: [.file(log)]),
                ReportSpec(kind: .creditScore, title: "Credit", sources: [.file(credit)])
            ], output: folder.appendingPathComponent("site"))
        let json =
            try JSONSerialization.jsonObject(with: Data(SummaryFormat.json.render(result, title: "T").utf8))
            as! [String: Any]
        let reports = json["reports"] as! [[String: Any]]
        let logError = try XCTUnwrap(reports[0]["error"] as? [String: Any])
        XCTAssertEqual(logError["file"] as? String, log.standardizedFileURL.path)
        XCTAssertEqual(logError["line"] as? Int, 1)
        XCTAssertEqual(logError["column"] as? Int, 26)
        XCTAssertEqual(logError["kind"] as? String, "input")
        XCTAssertEqual(logError["text"] as? String, result.reports[0].error?.description)
        let creditError = try XCTUnwrap(reports[1]["error"] as? [String: Any])
        XCTAssertNotNil(creditError["keyPath"] ?? creditError["line"], "\(creditError)")
        XCTAssertEqual(creditError["message"] as? String, result.reports[1].error?.message)
        XCTAssertTrue(json["fatal"] is NSNull)

        // The same build for GitHub Actions: one annotation per error, and nothing else.
        let github = SummaryFormat.github.render(result, title: "T")
        let commands = github.split(separator: "\n").filter { $0.hasPrefix("::") }
        XCTAssertEqual(commands.count, 2, github)
        XCTAssertEqual(
            String(commands[0]),
            "::error file=\(log.standardizedFileURL.path),line=1,col=26,title=Gazette: Log::\(result.reports[0].error!.message)"
                .replacingOccurrences(of: "title=Gazette: Log", with: "title=Gazette%3A Log"))
        XCTAssertTrue(commands[1].hasPrefix("::error file=\(credit.standardizedFileURL.path)"), String(commands[1]))
        XCTAssertEqual(github.split(separator: "\n").count, 2, github)
    }
}
