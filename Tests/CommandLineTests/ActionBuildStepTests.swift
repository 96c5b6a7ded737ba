import Foundation
import GazetteTestSupport
import XCTest

/// The action's build step (`scripts/action/build.sh`) as a runner runs it, with the built
/// `gazette` on `PATH`: the step's `output` names the folder the build wrote.
final class ActionBuildStepTests: XCTestCase {
    private func runStep(_ workspace: URL, environment extra: [String: String]) throws -> (
        status: Int32, outputs: String
    ) {
        let bash = try ToolOnPath.require("bash")
        let binary = try TestSupport.gazette()
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = binary.deletingLastPathComponent().path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        environment["GITHUB_WORKSPACE"] = workspace.path
        environment["GITHUB_STEP_SUMMARY"] = workspace.appendingPathComponent("summary.md").path
        let outputs = workspace.appendingPathComponent("outputs")
        try? FileManager.default.removeItem(at: outputs)
        environment["GITHUB_OUTPUT"] = outputs.path
        environment["GAZETTE_ACTION_NOW"] = "1700000000"
        for name in ["GAZETTE_ACTION_OUTPUT", "GAZETTE_ACTION_MERGE", "GAZETTE_ACTION_ARGS", "GAZETTE_ACTION_SEND"] {
            environment[name] = nil
        }
        let script = TestSupport.repoRoot.appendingPathComponent("scripts/action/build.sh")
        let run = try TestSupport.run(
            bash, [script.path], environment: environment.merging(extra) { $1 }, in: workspace)
        return (run.status, (try? String(contentsOf: outputs, encoding: .utf8)) ?? "")
    }

    /// 7 of the audit of issue 39: with the action's `output` empty, the step names the job's
    /// own output folder, not `Output`; a job that cannot be read still names the default.
    func testTheStepsOutputIsTheFolderTheJobBuiltInto() throws {
        let workspace = TestSupport.temporaryFolder()
        try FileManager.default.copyItem(
            at: TestSupport.fixture("credit-report.json"), to: workspace.appendingPathComponent("credit.json"))
        TestSupport.writeFile(
            "title: T\noutput: public/site\nreports:\n  - kind: credit-score\n    input: credit.json\n",
            to: workspace.appendingPathComponent("gazette.yml"))
        let built = try runStep(workspace, environment: ["GAZETTE_ACTION_JOB": "gazette.yml"])
        XCTAssertEqual(built.status, 0)
        XCTAssertEqual(built.outputs, "output=public/site\n")
        XCTAssertTrue(
            FileManager.default.fileExists(atPath: workspace.appendingPathComponent("public/site/index.html").path))

        let named = try runStep(
            workspace, environment: ["GAZETTE_ACTION_JOB": "gazette.yml", "GAZETTE_ACTION_OUTPUT": "elsewhere"])
        XCTAssertEqual(named.status, 0)
        XCTAssertEqual(named.outputs, "output=elsewhere\n")

        TestSupport.writeFile("title: T\nreports: [\n", to: workspace.appendingPathComponent("broken.yml"))
        let broken = try runStep(workspace, environment: ["GAZETTE_ACTION_JOB": "broken.yml"])
        XCTAssertEqual(broken.status, 64)
        XCTAssertEqual(broken.outputs, "output=Output\n")
    }

    /// Issue 49: `merge:` takes `args:` too, and `args:` is split as a shell splits it (a quoted
    /// value with spaces stays one).
    func testMergeTakesArgsAndArgsKeepQuotedValuesWhole() throws {
        let workspace = TestSupport.temporaryFolder()
        try FileManager.default.copyItem(
            at: TestSupport.fixture("credit-report.json"), to: workspace.appendingPathComponent("credit.json"))
        try FileManager.default.copyItem(
            at: TestSupport.fixture("race-card.json"), to: workspace.appendingPathComponent("card.json"))
        TestSupport.writeFile(
            "title: T\nreports:\n  - {kind: credit-score, input: credit.json}\n  - {kind: race-card, input: card.json}\n",
            to: workspace.appendingPathComponent("gazette.yml"))
        for shard in 1...2 {
            let part = try runStep(
                workspace,
                environment: [
                    "GAZETTE_ACTION_JOB": "gazette.yml", "GAZETTE_ACTION_OUTPUT": "parts/part-\(shard)",
                    "GAZETTE_ACTION_ARGS": "--shard \(shard)/2"
                ])
            XCTAssertEqual(part.status, 0)
        }
        let refused = try runStep(
            workspace,
            environment: ["GAZETTE_ACTION_MERGE": "parts/part-*", "GAZETTE_ACTION_ARGS": "--jobs 0"])
        XCTAssertEqual(refused.status, 64, "the merge got the args")
        let merged = try runStep(
            workspace,
            environment: [
                "GAZETTE_ACTION_MERGE": "parts/part-*", "GAZETTE_ACTION_OUTPUT": "site",
                "GAZETTE_ACTION_ARGS": "--jobs '1'"
            ])
        XCTAssertEqual(merged.status, 0)
        XCTAssertTrue(FileManager.default.fileExists(atPath: workspace.appendingPathComponent("site/index.html").path))
        let quoted = try runStep(
            workspace,
            environment: [
                "GAZETTE_ACTION_JOB": "gazette.yml", "GAZETTE_ACTION_OUTPUT": "mail",
                "GAZETTE_ACTION_ARGS":
                    #"--email --email-to "Sam Lee <sam@example.org>" --email-from 'Club Reports <club@example.org>'"#
            ])
        XCTAssertEqual(quoted.status, 0)
        let message = TestSupport.read(workspace.appendingPathComponent("mail/credit-score/report.eml"))
        XCTAssertTrue(message.contains("To: Sam Lee <sam@example.org>"), message)
        XCTAssertTrue(message.contains("From: Club Reports <club@example.org>"), message)
    }
}
