import Foundation
import ReportFacts
import XCTest
import GazetteBuildTestSupport
import GazetteTestSupport
@testable import SiteBuild
@testable import GazetteCore
@testable import Rendering
@testable import Jobs
@testable import Reports

/// What fuzzing and fault tests found (issue 10): each case at the level a user meets it — the
/// build's exit status and a located, readable message, in bounded time.
final class HardeningTests: XCTestCase {
    private func buildWithTemplates(_ files: [String: String]) async -> BuildResult {
        let dir = TestSupport.temporaryFolder()
        let templates = dir.appendingPathComponent("templates")
        for (name, text) in files { TestSupport.writeFile(text, to: templates.appendingPathComponent(name)) }
        let input = dir.appendingPathComponent("credit.json")
        try? FileManager.default.copyItem(at: TestSupport.fixture("credit-report.json"), to: input)
        let job = Job(
            title: "T", output: dir.appendingPathComponent("Output"),
            reports: [ReportSpec(kind: .creditScore, sources: [.file(input)])])
        return await Pipeline(
            job: job, options: BuildOptions(now: TestSupport.fixedNow, jobs: 1, templatesFolder: templates)
        ).run()
    }

    // 1. A day of twenty digits once overflowed Int and killed the build.
    func testAHugeDayInALogLineIsALocatedErrorNotACrash() async throws {
        let dir = TestSupport.temporaryFolder()
        let log = dir.appendingPathComponent("log.txt")
        TestSupport.writeFile("Aug 33333333333333333333,,,,\n", to: log)
        let result = await TestSupport.build(
            [ReportSpec(kind: .workouts, sources: [.file(log)])], output: dir.appendingPathComponent("Output"))
        XCTAssertEqual(result.exitCode, 1)
        let error = try XCTUnwrap(result.reports[0].error)
        guard case let .text(_, line, column, _, _) = error.location else { return XCTFail("\(error)") }
        XCTAssertEqual(line, 1)
        XCTAssertEqual(column, 1)
    }

    // 2. Tags that name nothing once crashed the checker.
    func testTagsThatNameNothingAreTemplateErrorsWithTheirPlace() async {
        for tag in ["{{}}", "{{ }}", "{{#}}x{{/}}", "{{&}}", "{{..}}", "{{a..b}}"] {
            let result = await buildWithTemplates(["credit-score.mustache": "<p>\(tag)</p>\n"])
            XCTAssertEqual(result.exitCode, ExitStatus.template, tag)
            guard case let .text(path, line, _, _, _)? = result.fatal?.location else {
                XCTFail("\(tag): \(String(describing: result.fatal))")
                continue
            }
            XCTAssertTrue(path.hasSuffix("credit-score.mustache"), path)
            XCTAssertEqual(line, 1, tag)
        }
    }

    // 4. Partials that include each other ten times, twelve levels deep, once ran for minutes.
    func testAnExplodingPartialChainIsStoppedWithItsChain() async throws {
        var files = ["credit-score.mustache": String(repeating: "{{> p1}}", count: 10) + "\n"]
        for level in 1...12 {
            files["p\(level).mustache"] =
                level == 12 ? "x\n" : String(repeating: "{{> p\(level + 1)}}", count: 10) + "\n"
        }
        let started = Date()
        let result = await buildWithTemplates(files)
        XCTAssertLessThan(Date().timeIntervalSince(started), 30)
        XCTAssertEqual(result.exitCode, ExitStatus.template)
        let message = try XCTUnwrap(result.fatal?.message)
        XCTAssertTrue(message.contains("more than \(TemplateChecker.inclusionLimit) times"), message)
        XCTAssertTrue(message.contains("credit-score → p1 → p2"), message)
    }

    // 11. A missing partial is named at its tag; an object shown as text is an error.
    func testAMissingPartialIsReportedAtItsTag() async {
        let result = await buildWithTemplates(["credit-score.mustache": "<p>\n  {{> nosuch}}</p>\n"])
        XCTAssertEqual(result.exitCode, ExitStatus.template)
        guard case let .text(_, line, column, _, _)? = result.fatal?.location else {
            return XCTFail("\(String(describing: result.fatal))")
        }
        XCTAssertEqual(line, 2)
        XCTAssertEqual(column, 3)
        XCTAssertTrue(result.fatal?.message.contains("no template named \"nosuch\"") ?? false)
    }

    func testAnObjectShownAsTextIsAnError() async {
        let result = await buildWithTemplates(["credit-score.mustache": "<p>{{#shortTerm}}{{.}}{{/shortTerm}}</p>\n"])
        XCTAssertEqual(result.exitCode, ExitStatus.template)
        XCTAssertTrue(
            result.fatal?.message.contains("is an object, not a text") ?? false, "\(String(describing: result.fatal))")
    }

    // 15. A template that is not UTF-8 is a broken template (65), not an I/O fault (74).
    func testATemplateThatIsNotUTF8IsATemplateError() async throws {
        let dir = TestSupport.temporaryFolder()
        let templates = dir.appendingPathComponent("templates")
        try FileManager.default.createDirectory(at: templates, withIntermediateDirectories: true)
        try Data([0x3C, 0x70, 0x3E, 0xFF, 0xFE, 0x0A]).write(
            to: templates.appendingPathComponent("credit-score.mustache"))
        let job = Job(title: "T", output: dir.appendingPathComponent("Output"), reports: [])
        let result = await Pipeline(
            job: job, options: BuildOptions(now: TestSupport.fixedNow, templatesFolder: templates)
        ).run()
        XCTAssertEqual(result.exitCode, ExitStatus.template)
    }

    // 14. The Markdown summary escapes what would be HTML in a CI job summary.
    func testTheMarkdownSummaryEscapesHTML() {
        let outcome = ReportOutcome(
            title: "<img src=x onerror=alert(1)>", slug: "r", kind: .creditScore, warnings: [],
            error: BuildError(.input, .file("a.json"), "bad <script>"))
        let result = BuildResult(reports: [outcome], fatal: nil, output: URL(fileURLWithPath: "/tmp/o"))
        let markdown = SummaryFormat.markdown.render(result, title: "Site <b>")
        XCTAssertFalse(markdown.contains("<img"), markdown)
        XCTAssertFalse(markdown.contains("<script>"), markdown)
        XCTAssertFalse(markdown.contains("<b>"), markdown)
        XCTAssertTrue(markdown.contains("&lt;img src=x onerror=alert(1)&gt;"), markdown)
    }
}

/// 6. A build removes only what its previous manifest lists.
final class ForeignFilesTests: XCTestCase {
    private func creditSpec(_ dir: URL, title: String = "Credit score") -> ReportSpec {
        let input = dir.appendingPathComponent("credit.json")
        if !FileManager.default.fileExists(atPath: input.path) {
            try? FileManager.default.copyItem(at: TestSupport.fixture("credit-report.json"), to: input)
        }
        return ReportSpec(kind: .creditScore, title: title, sources: [.file(input)])
    }

    func testFilesGazetteDidNotWriteSurviveTheNextBuild() async throws {
        let dir = TestSupport.temporaryFolder()
        let output = dir.appendingPathComponent("Output")
        let first = await TestSupport.build([creditSpec(dir)], output: output)
        XCTAssertEqual(first.exitCode, 0)
        let mine = [
            "CNAME": "reports.example.org\n", ".git/config": "[core]\n", "notes/todo.txt": "x\n",
            "credit-score/my-notes.md": "kept\n", "job.yml": "reports: []\n"
        ]
        for (path, text) in mine { TestSupport.writeFile(text, to: output.appendingPathComponent(path)) }
        try FileManager.default.createDirectory(
            at: output.appendingPathComponent("empty"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: output.appendingPathComponent("latest").path, withDestinationPath: "credit-score")

        let second = await TestSupport.build([creditSpec(dir)], output: output)
        XCTAssertEqual(second.exitCode, 0, second.summaryLine)
        for (path, text) in mine { XCTAssertEqual(TestSupport.read(output.appendingPathComponent(path)), text, path) }
        XCTAssertTrue(FileManager.default.fileExists(atPath: output.appendingPathComponent("empty").path))
        XCTAssertEqual(
            try FileManager.default.destinationOfSymbolicLink(atPath: output.appendingPathComponent("latest").path),
            "credit-score")
        // The user's files stay the user's: the new manifest does not claim them.
        let manifest = TestSupport.read(output.appendingPathComponent("manifest.json"))
        XCTAssertFalse(manifest.contains("CNAME") || manifest.contains("my-notes"), manifest)

        // A report removed from the job takes only its own files with it.
        let third = await TestSupport.build([creditSpec(dir, title: "Renamed")], output: output)
        XCTAssertEqual(third.exitCode, 0)
        XCTAssertFalse(
            FileManager.default.fileExists(atPath: output.appendingPathComponent("credit-score/index.html").path))
        XCTAssertEqual(TestSupport.read(output.appendingPathComponent("credit-score/my-notes.md")), "kept\n")
    }

    func testAUsersFileWhereTheBuildWritesIsAnErrorAndTheOutputStays() async throws {
        let dir = TestSupport.temporaryFolder()
        let output = dir.appendingPathComponent("Output")
        _ = await TestSupport.build([creditSpec(dir)], output: output)
        let before = TestSupport.snapshot(output)
        TestSupport.writeFile("<p>mine</p>\n", to: output.appendingPathComponent("second/index.html"))
        let result = await TestSupport.build([creditSpec(dir), creditSpec(dir, title: "Second")], output: output)
        XCTAssertEqual(result.exitCode, ExitStatus.usage)
        XCTAssertEqual(
            result.fatal?.location, .file(output.appendingPathComponent("second/index.html").standardizedFileURL.path))
        XCTAssertEqual(TestSupport.read(output.appendingPathComponent("second/index.html")), "<p>mine</p>\n")
        var after = TestSupport.snapshot(output)
        after["second/index.html"] = nil
        XCTAssertEqual(after, before)
    }
}

/// 5, 10 and 15 of issue 10: job files.
final class JobFileHardeningTests: XCTestCase {
    private let file = URL(fileURLWithPath: "/jobs/site/job.yml")

    private func error(_ text: String) -> BuildError? {
        do {
            _ = try JobFileLoader().parse(text, file: file)
            return nil
        } catch { return error }
    }

    func testAnAliasRepeatingAHugeValueIsRefusedAtOnce() throws {
        let big = String(repeating: "a", count: 1_000_000)
        let text =
            "title: T\nreports:\n  - kind: workouts\n    inputs:\n      - &big \(big)\n"
            + String(repeating: "      - *big\n", count: 200)
        let started = Date()
        let failure = try XCTUnwrap(error(text))
        XCTAssertLessThan(Date().timeIntervalSince(started), 10)
        XCTAssertEqual(failure.kind, .usage)
        guard case let .text(_, line, column, _, _) = failure.location else { return XCTFail("\(failure)") }
        XCTAssertEqual([line, column], [5, 9])
        XCTAssertTrue(failure.message.contains("at most \(NodeReader.maximumTextLength)"), failure.message)
        XCTAssertLessThan(failure.description.count, 2000, "the error does not quote the megabyte")
    }

    func testADuplicateKeyIsNamedAtItsSecondPlace() throws {
        let failure = try XCTUnwrap(error("title: A\nreports: []\ntitle: B\n"))
        XCTAssertEqual(failure.location, .text(path: file.path, line: 3, column: 1, sourceLine: "title: B"))
        XCTAssertEqual(failure.message, "duplicate key \"title\"")
    }

    func testANulByteIsNamedAtItsPlace() throws {
        let failure = try XCTUnwrap(error("title: A\u{0}B\nreports: []\n"))
        guard case let .text(_, line, column, _, _) = failure.location else { return XCTFail("\(failure)") }
        XCTAssertEqual([line, column], [1, 9])
    }

    func testLoneCarriageReturnsQuoteTheRightLine() throws {
        let failure = try XCTUnwrap(error("title: A\rreports:\r  - kind: nosuch\r    input: x.json\r"))
        XCTAssertEqual(failure.location, .text(path: file.path, line: 3, column: 11, sourceLine: "  - kind: nosuch"))
    }

    func testInputPatternsMatchFilesOnly() throws {
        let dir = TestSupport.temporaryFolder()
        TestSupport.writeFile("{}", to: dir.appendingPathComponent("data/a.json"))
        TestSupport.writeFile("x", to: dir.appendingPathComponent("data/Output/index.html"))
        XCTAssertEqual(Glob.expand(dir.appendingPathComponent("data/*")).map(\.lastPathComponent), ["a.json"])
    }
}

/// 7 of issue 10: a read-only output folder is replaced and its old copy removed, as a user who
/// is not root (root ignores permissions, so as root the build runs as `nobody` through setpriv).
final class ReadOnlyOutputTests: XCTestCase {
    /// How the build is started: as `nobody` through setpriv when the tests run as root. Found
    /// before any assertion, so a missing setpriv skips the test rather than failing inside one.
    private func launcher() throws -> (URL, [String]) {
        let binary = try TestSupport.gazette()
        guard getuid() == 0 else { return (binary, []) }
        return (try ToolOnPath.require("setpriv"), ["--reuid=65534", "--regid=65534", "--clear-groups", binary.path])
    }

    private func run(_ launcher: (URL, [String]), _ arguments: [String], in folder: URL) throws -> Int32 {
        let process = Process()
        process.executableURL = launcher.0
        process.arguments = launcher.1 + arguments
        process.currentDirectoryURL = folder
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    func testAReadOnlyOutputIsReplacedAndLeavesNothingBehind() throws {
        let binary = try launcher()
        let folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent(
            "gazette-readonly-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer {
            chmod(folder.appendingPathComponent("Output").path, 0o755)
            try? FileManager.default.removeItem(at: folder)
        }
        chmod(folder.path, 0o777)
        try FileManager.default.copyItem(
            at: TestSupport.fixture("credit-report.json"), to: folder.appendingPathComponent("credit.json"))
        TestSupport.writeFile(
            "title: T\nreports:\n  - kind: credit-score\n    input: credit.json\n",
            to: folder.appendingPathComponent("job.yml"))
        chmod(folder.appendingPathComponent("credit.json").path, 0o644)
        chmod(folder.appendingPathComponent("job.yml").path, 0o644)

        XCTAssertEqual(try run(binary, ["build", "job.yml", "--now", "1700000000", "-q"], in: folder), 0)
        chmod(folder.appendingPathComponent("Output").path, 0o555)
        XCTAssertEqual(try run(binary, ["build", "job.yml", "--now", "1700000100", "-q"], in: folder), 0)
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix(".Output") }
        XCTAssertEqual(left, [], "no old copy stays beside the output")
        XCTAssertTrue(
            TestSupport.read(folder.appendingPathComponent("Output/credit-score/report.json")).contains("1700000100"))
    }
}
