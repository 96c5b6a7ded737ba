import Deterministic
import Foundation
import XCTest
import GazetteTestSupport
import Graphics
@testable import Jobs
@testable import SiteBuild
import Workouts

/// `report.pdf` checked by the PDF tools people use: qpdf's structural check, pdffonts, pdfinfo
/// and pdftotext (Debian qpdf and poppler-utils, installed by `.ci/run`).
final class PDFReportTests: XCTestCase {
    /// The PDF tools, found on PATH before any assertion runs, so a missing one skips the test
    /// cleanly instead of failing inside an assertion.
    private struct PDFTools {
        private let paths: [String: URL]

        init() throws {
            var paths: [String: URL] = [:]
            for name in ["qpdf", "pdffonts", "pdfinfo", "pdftotext"] { paths[name] = try ToolOnPath.require(name) }
            self.paths = paths
        }

        func callAsFunction(_ name: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
            try TestSupport.run(paths[name]!, arguments)
        }
    }

    private func build(_ reports: [ReportSpec], paper: Paper = .a4, jobs: Int = 2) async -> (BuildResult, URL) {
        let output = TestSupport.temporaryFolder().appendingPathComponent("site")
        var options = BuildOptions(now: TestSupport.fixedNow, jobs: jobs)
        options.switches.insert("pdf")
        options.settings["paper", as: Paper.self] = paper
        let result = await Pipeline(job: Job(title: "Samples", output: output, reports: reports), options: options)
            .run()
        return (result, output)
    }

    private var samples: [ReportSpec] {
        [
            ReportSpec(
                kind: .creditScore, title: "Credit", sources: [.file(TestSupport.fixture("credit-report.json"))]),
            ReportSpec(kind: .workouts, title: "Lifts", sources: [.file(TestSupport.fixture("workouts.txt"))]),
            ReportSpec(kind: .raceCard, title: "Card", sources: [.file(TestSupport.fixture("race-card.json"))]),
            ReportSpec(kind: .nextToGo, title: "Next", sources: [.file(TestSupport.fixture("next-to-go.json"))])
        ]
    }

    func testEveryKindsPDFPassesTheToolsAndShowsItsHeadlineFigures() async throws {
        let tool = try PDFTools()
        let (result, output) = await build(samples)
        XCTAssertEqual(result.exitCode, 0, result.summaryLine)
        let figures = [
            "credit": ["468"], "lifts": ["459", "348", "245"],
            "card": ["Featured: 17:35 UTC Kestrel Downs", "Evensong"], "next": ["Next to go"]
        ]
        for report in result.reports {
            let pdf = output.appendingPathComponent("\(report.slug)/report.pdf").path
            let check = try tool("qpdf", ["--check", pdf])
            XCTAssertEqual(check.status, 0, check.output)
            XCTAssertTrue(check.output.contains("No syntax or stream encoding errors found"), check.output)

            let fonts = try tool("pdffonts", [pdf]).output.split(separator: "\n").dropFirst(2)
            XCTAssertFalse(fonts.isEmpty)
            for font in fonts {
                XCTAssertTrue(font.contains("DejaVuSans"), String(font))
                let columns = font.split(separator: " ", omittingEmptySubsequences: true)
                XCTAssertEqual(columns[columns.count - 5], "yes", "not embedded: \(font)")
            }

            let info = try tool("pdfinfo", [pdf]).output
            XCTAssertTrue(info.contains("Title:           \(report.title)\n"), info)
            XCTAssertTrue(info.contains("Subject:         \(report.title) — Samples\n"), info)
            XCTAssertTrue(info.contains("Creator:         Gazette\n"), info)
            XCTAssertTrue(info.contains("CreationDate:    Tue Nov 14 22:13:20 2023 UTC"), info)
            XCTAssertTrue(info.contains("Page size:       595.276 x 841.89 pts (A4)"), info)

            let text = try tool("pdftotext", ["-layout", pdf, "-"]).output
            for figure in figures[report.slug] ?? [] {
                XCTAssertTrue(text.contains(figure), "\(report.slug): \(figure) not in the PDF's text")
            }
            XCTAssertTrue(text.contains("\(report.title) · page 1 of "), "no page number")
        }
    }

    func testTwoBuildsGiveTheSameBytesWhateverTheWorkers() async throws {
        let (_, one) = await build(samples, jobs: 1)
        let (_, two) = await build(samples, jobs: 3)
        for slug in ["credit", "lifts", "card", "next"] {
            let first = try Data(contentsOf: one.appendingPathComponent("\(slug)/report.pdf"))
            XCTAssertEqual(first, try Data(contentsOf: two.appendingPathComponent("\(slug)/report.pdf")), slug)
            XCTAssertTrue(first.starts(with: Data("%PDF-1.5".utf8)))
        }
    }

    /// A log of 5,000 days of one exercise: its table runs over many pages, each starting with the
    /// table's header again.
    func testALongTableSpansPagesWithItsHeaderRepeated() async throws {
        let tool = try PDFTools()
        let log = TestSupport.temporaryFolder().appendingPathComponent("long.txt")
        TestSupport.writeFile(
            WorkoutLogGenerator.generate(
                seed: 3, exercises: ["Back Squat"], start: CivilDate(year: 2008, month: 1, day: 1),
                days: 5000, sessionsPerWeek: 7, exercisesPerSession: 1), to: log)
        let (result, output) = await build(
            [ReportSpec(kind: .workouts, title: "Long", sources: [.file(log)])], paper: .letter)
        XCTAssertEqual(result.exitCode, 0, result.summaryLine)
        let pdf = output.appendingPathComponent("long/report.pdf").path
        XCTAssertEqual(try tool("qpdf", ["--check", pdf]).status, 0)
        let info = try tool("pdfinfo", [pdf]).output
        XCTAssertTrue(info.contains("Page size:       612 x 792 pts (letter)"), info)
        let pages =
            Int(info.split(separator: "\n").first { $0.hasPrefix("Pages:") }?.split(separator: " ").last ?? "") ?? 0
        let text = try tool("pdftotext", ["-layout", pdf, "-"]).output
        let days = text.split(separator: "\n").filter {
            $0.range(of: #"^\s*\d{1,2} [A-Z][a-z]{2} \d{4}\s+1 ×"#, options: .regularExpression) != nil
        }
        XCTAssertGreaterThan(days.count, 3000, "the table's rows")
        XCTAssertGreaterThan(pages, 50)
        let continued = text.components(separatedBy: "Every day of Back Squat (continued)").count - 1
        let headers = text.split(separator: "\n").filter {
            $0.range(of: #"^\s*Date\s+Best set\s+1RM \(lb\)\s*$"#, options: .regularExpression) != nil
        }
        XCTAssertEqual(continued, pages - 1, "every page after the first continues the table")
        XCTAssertEqual(headers.count, pages, "the header row on every page")
        XCTAssertTrue(text.contains("Long · page \(pages) of \(pages)"))
    }
}
