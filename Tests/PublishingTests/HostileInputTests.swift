import Foundation
#if canImport(FoundationXML)
    import FoundationXML
#endif
import GazetteTestSupport
import XCTest
@testable import Publishing
@testable import GazetteCore
@testable import Rendering
@testable import Jobs
@testable import Reports

/// Inputs meant to break things: each gets a clear error or a safe page, never a crash or a leak.
final class HostileInputTests: XCTestCase {
    private let folder = URL(fileURLWithPath: "/jobs/site")

    func testAnAbsoluteOutputInAJobIsUsedAsWritten() throws {
        let job = try JobFileLoader().parse(
            "output: /srv/reports\nreports:\n  - kind: credit-score\n    input: c.json\n",
            file: folder.appendingPathComponent("job.yml"))
        XCTAssertEqual(job.output.path, "/srv/reports")
    }

    func testTimesBeyondYear9999AreRefused() {
        XCTAssertNil(TimeParser.parse("1e300"))
        XCTAssertNil(TimeParser.parse("-1e300"))
        XCTAssertNil(TimeParser.parse("99999999999999999999"))
        XCTAssertNotNil(TimeParser.parse("253402300799"))
        XCTAssertNil(TimeParser.parse("253402300800"))
        XCTAssertThrowsError(
            try JobFileLoader().parse("now: 1e300\nreports: []\n", file: folder.appendingPathComponent("job.yml")))
        XCTAssertThrowsError(
            try JobFileLoader().parse(
                "reports:\n  - kind: next-to-go\n    input: f.json\n    max-age: 1e300h\n",
                file: folder.appendingPathComponent("job.yml")))
    }

    func testEmailHeadersCannotBeInjected() throws {
        XCTAssertThrowsError(
            try JobFileLoader().parse(
                """
                reports:
                  - kind: credit-score
                    input: c.json
                    email: {from: "me@example.com\\r\\nBcc: victim@example.org"}
                """, file: folder.appendingPathComponent("job.yml"))
        ) { error in
            XCTAssertTrue("\(error)".contains("without control characters"), "\(error)")
        }
        let message = EmailMessage(
            from: "a@b\r\nBcc: c@d", to: ["x@y\nX-Injected: 1"], subject: "Hi\r\nBcc: e@f",
            date: TestSupport.fixedNow, identity: "r", text: "t", html: "<p>h</p>", parts: []
        ).rendered()
        let headers = message.components(separatedBy: "\r\n\r\n")[0].components(separatedBy: "\r\n")
        XCTAssertFalse(headers.contains { $0.hasPrefix("Bcc:") || $0.hasPrefix("X-Injected:") }, "\(headers)")
    }

    func testControlCharactersNeverReachPagesOrSVGs() async throws {
        let dir = TestSupport.temporaryFolder()
        let log = dir.appendingPathComponent("log.txt")
        TestSupport.writeFile("Oct 11 2017,Squat\u{01}\u{0B},1,5,200\nOct 12 2017,Squat\u{01}\u{0B},1,5,210\n", to: log)
        let output = dir.appendingPathComponent("Output")
        let result = await TestSupport.build(
            [ReportSpec(kind: .workouts, title: "Bad\u{07}bell", sources: [.file(log)])], output: output)
        XCTAssertEqual(result.exitCode, 0, result.summaryLine)
        for (path, data) in TestSupport.snapshot(output) where path.hasSuffix(".html") || path.hasSuffix(".svg") {
            let text = String(decoding: data, as: UTF8.self)
            XCTAssertFalse(
                text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\t" && $0 != "\n" && $0 != "\r" }, path)
            if path.hasSuffix(".svg") {
                let parser = XMLParser(data: data)
                XCTAssertTrue(parser.parse(), "\(path): \(String(describing: parser.parserError))")
            }
        }
    }

    func testAMissingTemplatesFolderIsAUsageError() async {
        let job = Job(title: "T", output: TestSupport.temporaryFolder().appendingPathComponent("Output"), reports: [])
        let result = await Pipeline(
            job: job,
            options: BuildOptions(
                now: TestSupport.fixedNow,
                templatesFolder: URL(fileURLWithPath: "/nonexistent/templates"))
        ).run()
        XCTAssertEqual(result.exitCode, ExitStatus.usage)
        XCTAssertEqual(result.fatal?.location, .file("/nonexistent/templates"))
    }

    func testPagesNameFailedInputsByFileNameOnly() async throws {
        let dir = TestSupport.temporaryFolder()
        let input = dir.appendingPathComponent("broken.json")
        TestSupport.writeFile("{\"creditReportInfo\": {}}", to: input)
        let output = dir.appendingPathComponent("Output")
        let result = await TestSupport.build([ReportSpec(kind: .creditScore, sources: [.file(input)])], output: output)
        XCTAssertEqual(result.exitCode, 1)
        XCTAssertTrue(result.reports[0].error!.description.contains(dir.path), "the terminal gets the whole path")
        for page in ["index.html", "credit-score/index.html"] {
            let html = TestSupport.read(output.appendingPathComponent(page))
            XCTAssertTrue(html.contains("broken.json"), page)
            XCTAssertFalse(html.contains(dir.path), "\(page) shows the machine's folders")
        }
    }

    func testOneReportPerFileKeepsDotsInNames() throws {
        let dir = TestSupport.temporaryFolder()
        for name in ["alex.2016.txt", "alex.2017.txt"] {
            TestSupport.writeFile("x", to: dir.appendingPathComponent(name))
        }
        let job = try JobFileLoader().parse(
            "reports:\n  - kind: workouts\n    inputs: ['alex.*.txt']\n    each: true\n",
            file: dir.appendingPathComponent("job.yml"))
        XCTAssertEqual(job.reports.map(\.title), ["alex.2016", "alex.2017"])
    }

    func testBrokenJSONIsReportedAtItsLineAndColumnForEveryKind() async throws {
        let dir = TestSupport.temporaryFolder()
        let samples: [(ReportKind, String)] = [
            (.creditScore, "credit-report.json"), (.raceCard, "race-card.json"),
            (.nextToGo, "next-to-go.json")
        ]
        for (kind, name) in samples {
            let text = try String(contentsOf: TestSupport.fixture(name), encoding: .utf8)
            let input = dir.appendingPathComponent("cut-\(name)")
            TestSupport.writeFile(String(text.prefix(300)), to: input)
            let result = await TestSupport.build(
                [ReportSpec(kind: kind, sources: [.file(input)])],
                output: dir.appendingPathComponent("out-\(name)"))
            XCTAssertEqual(result.exitCode, 1)
            guard case let .text(path, line, column, _)? = result.reports[0].error?.location else {
                XCTFail("\(kind): \(String(describing: result.reports[0].error))")
                continue
            }
            XCTAssertEqual(path, input.path)
            XCTAssertGreaterThan(line, 0)
            XCTAssertGreaterThan(column, 0)
            XCTAssertTrue(result.reports[0].error!.message.contains("invalid JSON"), "\(result.reports[0].error!)")
        }
    }
}
