import Foundation
import XCTest
import GazetteTestSupport

/// Items 7 and 8 of issue 29, as a new user meets them: a job found by convention, `gazette init`,
/// `gazette templates` and `gazette man`.
final class GettingStartedTests: XCTestCase {
    private func gazette(_ arguments: [String], in folder: URL) throws -> (
        status: Int32, standardOutput: String, standardError: String
    ) {
        try TestSupport.runApart(try TestSupport.gazette(), arguments, in: folder)
    }

    func testInitWritesAStarterThatBuildsEveryKindByConvention() throws {
        let folder = TestSupport.temporaryFolder()
        let made = try gazette(["init", "demo", "--now", "1700000000"], in: folder)
        XCTAssertEqual(made.status, 0, made.standardError)
        let demo = folder.appendingPathComponent("demo")
        let job = TestSupport.read(demo.appendingPathComponent("gazette.yml"))
        XCTAssertTrue(job.hasPrefix("# yaml-language-server: $schema=gazette.schema.json\n"), job)
        XCTAssertEqual(
            TestSupport.read(demo.appendingPathComponent("gazette.schema.json")),
            try gazette(["schema"], in: folder).standardOutput)
        for kind in ["credit-score", "race-card", "next-to-go", "workouts"] {
            XCTAssertTrue(job.contains("  - kind: \(kind)\n"), kind)
        }
        // The workouts report shows the keys an app's export needs (docs/guide/workouts.md).
        XCTAssertTrue(job.contains("    # weights-in: kg\n") && job.contains("    # max-reps: 12\n"), job)
        XCTAssertTrue(FileManager.default.fileExists(atPath: demo.appendingPathComponent("static/robots.txt").path))

        // `gazette build` with no arguments in that folder builds gazette.yml, not the demo.
        let built = try gazette(["build", "--now", "1700000600"], in: demo)
        XCTAssertEqual(built.status, 0, built.standardError)
        XCTAssertFalse(built.standardError.contains("demo site"), built.standardError)
        // The starter's race card is a sample of races run long ago, with no results: stale.
        XCTAssertTrue(built.standardError.contains("warning: No new data since 14 November 2023"), built.standardError)
        XCTAssertTrue(
            built.standardOutput.range(
                of:
                    #"Built 5 of 5 reports into \#(demo.path)/Output: 1[0-9]{2} files, [0-9.]+ MB \(1 warning, 0 errors\)\."#,
                options: .regularExpression) != nil,
            built.standardOutput)
        let index = TestSupport.read(demo.appendingPathComponent("Output/index.html"))
        XCTAssertTrue(index.contains("My reports"))
        for slug in ["credit-score", "kestrel-downs-races", "next-to-go", "training-log-alex", "training-log-sam"] {
            XCTAssertTrue(
                FileManager.default.fileExists(atPath: demo.appendingPathComponent("Output/\(slug)/index.html").path),
                slug)
        }
        XCTAssertEqual(TestSupport.read(demo.appendingPathComponent("Output/robots.txt")), "User-agent: *\nAllow: /\n")

        // init replaces nothing: every clash named, exit 64, no file touched.
        TestSupport.writeFile("mine\n", to: demo.appendingPathComponent("data/credit-report.json"))
        let again = try gazette(["init", "demo"], in: folder)
        XCTAssertEqual(again.status, 64)
        XCTAssertTrue(
            again.standardError.contains(
                "\(demo.path)/gazette.yml: error: already exists; gazette init replaces nothing"),
            again.standardError)
        XCTAssertEqual(TestSupport.read(demo.appendingPathComponent("data/credit-report.json")), "mine\n")
    }

    func testWithoutAJobFileBuildSaysItBuildsTheDemoAndTwoJobFilesAreAUsageError() throws {
        let folder = TestSupport.temporaryFolder()
        let demo = try gazette(["build", "--now", "1700000000"], in: folder)
        XCTAssertEqual(demo.status, 0, demo.standardError)
        XCTAssertTrue(
            demo.standardError.contains("no job file given and no gazette.yml here, so this is the demo site"),
            demo.standardError)
        XCTAssertTrue(demo.standardOutput.contains("reports into \(folder.path)/Output"), demo.standardOutput)

        TestSupport.writeFile("reports: []\n", to: folder.appendingPathComponent("gazette.yml"))
        TestSupport.writeFile("{\"reports\": []}\n", to: folder.appendingPathComponent("gazette.json"))
        let both = try gazette(["build"], in: folder)
        XCTAssertEqual(both.status, 64, both.standardError)
        XCTAssertTrue(both.standardError.contains("gazette.yml and gazette.json are both here"), both.standardError)
    }

    func testTemplatesWritesTheBuiltInOnesAndABuildWithThemIsTheSame() throws {
        let folder = TestSupport.temporaryFolder()
        let written = try gazette(["templates", "theme"], in: folder)
        XCTAssertEqual(written.status, 0, written.standardError)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("theme").path)
        let shipped = try FileManager.default.contentsOfDirectory(
            atPath: TestSupport.repoRoot.appendingPathComponent("Templates").path)
        XCTAssertEqual(Set(names), Set(shipped))
        for name in shipped {
            XCTAssertEqual(
                TestSupport.read(folder.appendingPathComponent("theme/\(name)")),
                TestSupport.read(TestSupport.repoRoot.appendingPathComponent("Templates/\(name)")), name)
        }
        let plain = try gazette(["build", "--now", "1700000000", "--output", "plain", "-q"], in: folder)
        let themed = try gazette(
            ["build", "--now", "1700000000", "--output", "themed", "--templates", "theme"], in: folder)
        XCTAssertEqual(plain.status, 0)
        XCTAssertEqual(themed.status, 0)
        XCTAssertFalse(themed.standardError.contains("warning"), themed.standardError)
        // The manifest and the records hold keys, which name the templates' folder's catalogs: the rest is the same.
        let sameFiles = { (name: String) in
            TestSupport.snapshot(folder.appendingPathComponent(name)).filter {
                !$0.key.hasSuffix("manifest.json") && !$0.key.hasSuffix("record.json")
            }
        }
        XCTAssertEqual(sameFiles("plain"), sameFiles("themed"))
    }

    func testManPrintsAPageOfEveryCommandAndOption() throws {
        let folder = TestSupport.temporaryFolder()
        let page = try gazette(["man"], in: folder)
        XCTAssertEqual(page.status, 0)
        XCTAssertTrue(page.standardOutput.hasPrefix(".TH GAZETTE 1 "), page.standardOutput)
        for command in ["build", "send", "watch", "serve", "merge", "schema", "init", "templates", "man"] {
            XCTAssertTrue(page.standardOutput.contains(".SH \"GAZETTE \(command.uppercased())\"\n"), command)
        }
        let help = try gazette(["build", "--help"], in: folder).standardOutput
        for option in ["--summary", "--max-input-size", "--self-contained", "--shard", "--smtp-timeout", "--locale"] {
            XCTAssertTrue(help.contains(option), option)
            XCTAssertTrue(
                page.standardOutput.contains("\\fB" + option.replacingOccurrences(of: "-", with: "\\-") + "\\fR"),
                option)
        }
    }

    /// What man shows of the page: a tool the README's commands do not install, so the
    /// test skips (counted) without it; CI installs man-db.
    func testManShowsThePage() throws {
        let man = try ToolOnPath.require("man")
        let folder = TestSupport.temporaryFolder()
        let page = try gazette(["man"], in: folder)
        let file = folder.appendingPathComponent("gazette.1")
        TestSupport.writeFile(page.standardOutput, to: file)
        let shown = try TestSupport.runApart(
            man, ["-l", file.path], environment: ["MANWIDTH": "100", "PATH": "/usr/bin:/bin"])
        XCTAssertEqual(shown.status, 0, shown.standardError)
        XCTAssertTrue(shown.standardOutput.contains("GAZETTE BUILD"), shown.standardOutput)
    }
}
