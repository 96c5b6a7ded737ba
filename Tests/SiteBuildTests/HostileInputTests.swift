import Deterministic
import Email
import Foundation
#if canImport(FoundationXML)
    import FoundationXML
#endif
import GazetteBuildTestSupport
import GazetteTestSupport
import ReportFacts
import XCTest
@testable import SiteBuild
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
        // A mailbox is parsed where it is given, and a line break is never one.
        for text in ["a@b\r\nBcc: c@d", "x@y\nX-Injected: 1", "Sam\r\nBcc: c@d <s@x.org>"] {
            XCTAssertThrowsError(try Mailbox.parse(text), text)
        }
        let message = EmailMessage(
            from: "a@b", to: ["x@y"], subject: "Hi\r\nBcc: e@f",
            date: TestSupport.fixedNow, identity: "r", contentDigest: "d", text: "t", html: "<p>h</p>", parts: []
        ).rendered()
        let headers = message.components(separatedBy: "\r\n\r\n")[0].components(separatedBy: "\r\n")
        XCTAssertFalse(headers.contains { $0.hasPrefix("Bcc:") || $0.hasPrefix("X-Injected:") }, "\(headers)")
    }

    func testControlCharactersNeverReachPagesOrSVGs() async throws {
        let dir = TestSupport.temporaryFolder()
        let log = dir.appendingPathComponent("log.txt")
        TestSupport.writeFile("Oct 11 2017,Squat,1,5,200\nOct 12 2017,Squat,1,5,210\n", to: log)
        // A control character in an exercise name is a broken file: an error at its column,
        // whose page quotes the line without the character (issue 40).
        let broken = dir.appendingPathComponent("broken.txt")
        TestSupport.writeFile("Oct 11 2017,Squat\u{01}\u{0B},1,5,200\n", to: broken)
        let output = dir.appendingPathComponent("Output")
        let result = await TestSupport.build(
            [
                ReportSpec(kind: .workouts, title: "Bad\u{07}bell", sources: [.file(log)]),
                ReportSpec(kind: .workouts, title: "Broken", sources: [.file(broken)])
            ], output: output)
        XCTAssertEqual(result.exitCode, 1, result.summaryLine)
        XCTAssertEqual(
            result.reports[1].error?.message, "the exercise name holds a control character (U+0001)")
        XCTAssertTrue(
            result.reports[1].error?.headline.hasSuffix(
                "broken.txt:1:18: error: the exercise name holds a control character (U+0001)") ?? false)
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
            guard case let .text(path, line, column, _, _)? = result.reports[0].error?.location else {
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

/// A file of garbage stays small in everything that quotes it: an error quotes at most the first
/// 200 characters of a line (or 200 around the column at fault), with "…" and the line's length,
/// in the record, the error page and the summary alike.
final class GarbageLineTests: XCTestCase {
    private static let megabytes = 10 * 1024 * 1024

    private func build(
        _ name: String, _ bytes: [UInt8], kind: ReportKind = .workouts,
        options: BuildOptions = BuildOptions(now: TestSupport.fixedNow)
    )
        async throws -> (result: BuildResult, folder: URL)
    {
        let dir = TestSupport.temporaryFolder()
        let input = dir.appendingPathComponent(name)
        try Data(bytes).write(to: input)
        let output = dir.appendingPathComponent("Output")
        let spec = ReportSpec(kind: kind, title: "Garbage", sources: [.file(input)])
        let result = await Pipeline(job: Job(title: "Site", output: output, reports: [spec]), options: options).run()
        return (result, output.appendingPathComponent("garbage"))
    }

    private func assertSmall(
        _ result: BuildResult, _ folder: URL, quoting expected: String, file: StaticString = #filePath,
        line: UInt = #line
    ) throws {
        XCTAssertEqual(result.exitCode, 1, file: file, line: line)
        let error = try XCTUnwrap(result.reports.first?.error, file: file, line: line)
        XCTAssertLessThan(error.description.utf8.count, 2_000, error.description, file: file, line: line)
        XCTAssertTrue(error.description.contains(expected), error.description, file: file, line: line)
        for name in ["index.html", "record.json"] {
            let size =
                (try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(name).path))[
                    .size] as? Int ?? .max
            XCTAssertLessThan(size, 64 * 1024, "\(name) holds \(size) bytes", file: file, line: line)
        }
        for format in SummaryFormat.allCases {
            let summary = format.render(result, title: "Site")
            XCTAssertLessThan(summary.utf8.count, 8_000, "\(format)", file: file, line: line)
        }
    }

    func testAFileOfOneLongLineOfGarbage() async throws {
        var generator = SystemRandomNumberGenerator()
        let letters = Array("abcdefghij ;:!".utf8)
        let bytes = (0..<Self.megabytes).map { _ in letters.randomElement(using: &generator)! }
        let (result, folder) = try await build("garbage.txt", bytes)
        try assertSmall(result, folder, quoting: "the first line runs past 64 KB without a line end")
    }

    func testALongLineAfterAGoodOneIsQuotedAroundItsColumn() async throws {
        let bytes =
            Array("Oct 11 2017,Back Squat,1,10,45\n".utf8)
            + [UInt8](repeating: UInt8(ascii: "7"), count: Self.megabytes)
            + Array("\n".utf8)
        let (result, folder) = try await build("log.txt", bytes)
        try assertSmall(result, folder, quoting: "7 (line of \(Self.megabytes) characters)")
        let error = try XCTUnwrap(result.reports.first?.error)
        guard case let .text(_, line, _, sourceLine?, cut?) = error.location else {
            return XCTFail("\(error.location)")
        }
        XCTAssertEqual(line, 2)
        XCTAssertEqual(sourceLine.count, 200)
        XCTAssertEqual(cut.length, Self.megabytes)
    }

    func testAnExerciseNameOfTenMegabytesIsAnErrorAtItsLine() async throws {
        let bytes =
            Array("Date,Exercise Name,Set Order,Weight,Reps\n2020-01-01,".utf8)
            + [UInt8](repeating: UInt8(ascii: "a"), count: Self.megabytes) + Array(",1,100,5\n".utf8)
        let (result, folder) = try await build("strong.csv", bytes)
        try assertSmall(result, folder, quoting: "2:12: error: the exercise name is longer than 200 characters")
    }

    /// A JSON input of one 10 MB line that breaks at its start: the error quotes the line's first
    /// 200 characters with its length, for every JSON kind, and stays small everywhere.
    func testAOneLineJSONFileOfGarbageIsQuotedCutForEveryJSONKind() async throws {
        let bytes = Array("{\"a\": ".utf8) + [UInt8](repeating: UInt8(ascii: "z"), count: Self.megabytes)
        for kind in [ReportKind.creditScore, .raceCard, .nextToGo] {
            let (result, folder) = try await build("garbage.json", bytes, kind: kind)
            try assertSmall(result, folder, quoting: "… (line of \(bytes.count) characters)")
            let error = try XCTUnwrap(result.reports.first?.error)
            guard case let .text(_, line, _, sourceLine?, cut?) = error.location else {
                XCTFail("\(kind): \(error.location)")
                continue
            }
            XCTAssertEqual(line, 1)
            XCTAssertEqual(sourceLine.count, LineCut.width, "\(kind)")
            XCTAssertEqual(cut.length, bytes.count, "\(kind)")
        }
    }

    /// Minified JSON that breaks near its end: the 200 characters around the column are quoted.
    func testAOneLineJSONFileBrokenNearItsEndIsQuotedAroundTheColumn() async throws {
        let filler = [UInt8](repeating: UInt8(ascii: "q"), count: Self.megabytes)
        let bytes = Array("{\"a\": \"".utf8) + filler + Array("\", \"b\": ]}".utf8)
        for kind in [ReportKind.creditScore, .raceCard, .nextToGo] {
            let (result, folder) = try await build("minified.json", bytes, kind: kind)
            try assertSmall(result, folder, quoting: "(line of \(bytes.count) characters)")
            let error = try XCTUnwrap(result.reports.first?.error)
            guard case let .text(_, _, _, sourceLine?, cut?) = error.location else {
                XCTFail("\(kind): \(error.location)")
                continue
            }
            XCTAssertGreaterThan(cut.start, 0, "\(kind)")
            XCTAssertTrue(sourceLine.contains("]"), "\(kind): \(sourceLine)")
        }
    }
}
