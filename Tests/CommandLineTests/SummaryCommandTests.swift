import Foundation
import XCTest
import GazetteTestSupport
import GazetteCore

/// Items 2 and 4 of issue 29, as a CI user meets them: every warning printed is counted and
/// listed in every summary, and `--summary github` splits annotations from the job summary.
final class SummaryCommandTests: XCTestCase {
    /// Two reports e-mailed to no one and a template that replaces nothing: three warnings.
    private func warnedJob() -> URL {
        let folder = TestSupport.temporaryFolder()
        try! FileManager.default.copyItem(
            at: TestSupport.fixture("credit-report.json"), to: folder.appendingPathComponent("credit.json"))
        TestSupport.writeFile(
            """
            title: Club
            output: site
            email: {from: "Coach <coach@example.com>"}
            reports:
              - kind: credit-score
                title: Ann
                input: credit.json
              - kind: credit-score
                title: Bob
                input: credit.json
            """, to: folder.appendingPathComponent("job.yml"))
        TestSupport.writeFile("<p>{{title}}</p>\n", to: folder.appendingPathComponent("theme/not-a-template.mustache"))
        return folder
    }

    private func build(_ folder: URL, _ extra: [String], environment: [String: String] = [:])
        throws -> (status: Int32, standardOutput: String, standardError: String)
    {
        var base = ProcessInfo.processInfo.environment
        for key in ["GITHUB_STEP_SUMMARY", "GITHUB_WORKSPACE"] { base[key] = nil }
        return try TestSupport.runApart(
            try TestSupport.gazette(),
            ["build", "job.yml", "--now", "1700000000", "--templates", "theme"] + extra,
            environment: base.merging(environment) { $1 }, in: folder)
    }

    func testEveryPrintedWarningIsCountedAndListed() throws {
        let folder = warnedJob()
        let run = try build(folder, [])
        XCTAssertEqual(run.status, 0, run.standardError)
        let printed = run.standardError.split(separator: "\n").filter { $0.contains("warning:") }
        XCTAssertEqual(printed.count, 3, run.standardError)
        XCTAssertTrue(run.standardError.contains("Ann: warning: report.eml has no recipient"), run.standardError)
        XCTAssertTrue(
            run.standardError.contains("not-a-template.mustache: warning: replaces no built-in template"),
            run.standardError)
        XCTAssertTrue(run.standardOutput.contains("(3 warnings, 0 errors)."), run.standardOutput)

        let json = try build(folder, ["--summary", "json"])
        let summary = try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as! [String: Any]
        XCTAssertEqual(summary["warningCount"] as? Int, 3)
        let site = try XCTUnwrap(summary["warnings"] as? [String])
        XCTAssertEqual(site.count, 1)
        XCTAssertTrue(
            site[0].hasSuffix(
                "theme/not-a-template.mustache: replaces no built-in template (used only if another template includes it)"
            ))
        for report in summary["reports"] as! [[String: Any]] {
            XCTAssertEqual(
                (report["warnings"] as? [String])?.first?.hasPrefix("report.eml has no recipient"), true, "\(report)")
        }
        XCTAssertTrue(
            json.standardError.contains("(3 warnings, 0 errors)."), "the summary line moves to standard error")

        let text = try build(folder, ["--summary", "text"]).standardOutput
        XCTAssertEqual(text.components(separatedBy: "  warning: ").count - 1, 3, text)
        let markdown = try build(folder, ["--summary", "markdown"]).standardOutput
        XCTAssertTrue(markdown.contains("#### Warnings"), markdown)
        XCTAssertTrue(markdown.contains("- Bob: report.eml has no recipient"), markdown)
        XCTAssertTrue(markdown.contains("built with 1 warning |"), markdown)
    }

    func testGitHubAnnotationsGoToStandardOutputAndTheTableToTheStepSummary() throws {
        let folder = warnedJob()
        TestSupport.writeFile("Oct 04 2017,Back Squat,1,ten,175.0\n", to: folder.appendingPathComponent("logs/bad.txt"))
        var job = TestSupport.read(folder.appendingPathComponent("job.yml"))
        job += "\n  - kind: workouts\n    title: Cy\n    input: logs/bad.txt\n"
        TestSupport.writeFile(job, to: folder.appendingPathComponent("job.yml"))
        let stepSummary = folder.appendingPathComponent("step-summary.md")
        TestSupport.writeFile("earlier step\n", to: stepSummary)

        let run = try build(
            folder, ["--summary", "github"],
            environment: ["GITHUB_STEP_SUMMARY": stepSummary.path, "GITHUB_WORKSPACE": folder.path])
        XCTAssertEqual(run.status, 1, run.standardError)
        let lines = run.standardOutput.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        XCTAssertEqual(lines.count, 4, run.standardOutput)
        XCTAssertTrue(
            lines.allSatisfy { $0.hasPrefix("::") }, "only workflow commands on standard output: \(run.standardOutput)")
        XCTAssertTrue(
            lines.contains { $0.hasPrefix("::error file=logs/bad.txt,line=1,col=26,title=Gazette%3A Cy::") },
            run.standardOutput)
        XCTAssertEqual(lines.filter { $0.hasPrefix("::warning ") }.count, 3, run.standardOutput)
        XCTAssertTrue(
            lines.contains {
                $0.hasPrefix("::warning title=Gazette%3A Club::") && $0.contains("not-a-template.mustache: replaces")
            }, run.standardOutput)

        let appended = TestSupport.read(stepSummary)
        XCTAssertTrue(appended.hasPrefix("earlier step\n### Club\n"), appended)
        XCTAssertTrue(appended.contains("| Cy | Workouts | ❌ "), appended)

        // Outside GitHub (no GITHUB_STEP_SUMMARY): the table follows the annotations, and paths
        // are relative to the current folder.
        let local = try build(folder, ["--summary", "github"])
        XCTAssertTrue(local.standardOutput.contains("::error file=logs/bad.txt,line=1,col=26"), local.standardOutput)
        XCTAssertTrue(local.standardOutput.contains("### Club"), local.standardOutput)
    }
}

/// 12 of issue 29: a stopped build's error once, sentences ending once, "unchanged" only when
/// there was an output, and a mistyped command gets the closest one.
final class ErrorWordingCommandTests: XCTestCase {
    func testAStoppedBuildPrintsItsErrorOnceAndSaysWhatBecameOfTheOutput() throws {
        let folder = TestSupport.temporaryFolder()
        TestSupport.writeFile("{{#exercises}}\n", to: folder.appendingPathComponent("theme/workouts.mustache"))
        let gazette = try TestSupport.gazette()
        let first = try TestSupport.runApart(
            gazette, ["build", "--now", "1700000000", "--templates", "theme"], in: folder)
        XCTAssertEqual(first.status, 65)
        XCTAssertEqual(first.standardError.components(separatedBy: "is never closed").count, 2, first.standardError)
        XCTAssertFalse(first.standardOutput.contains("never closed"), first.standardOutput)
        XCTAssertTrue(
            first.standardError.hasSuffix(
                "Build failed (exit 65) on the error above. Nothing was written to \(folder.path)/Output.\n"),
            first.standardError)
        XCTAssertFalse(first.standardError.contains(".."), first.standardError)

        XCTAssertEqual(try TestSupport.runApart(gazette, ["build", "--now", "1700000000", "-q"], in: folder).status, 0)
        let second = try TestSupport.runApart(
            gazette, ["build", "--now", "1700000000", "--templates", "theme", "--summary", "text"], in: folder)
        XCTAssertEqual(second.status, 65)
        XCTAssertTrue(
            second.standardError.hasSuffix(
                "Build failed (exit 65) on the error above. The previous output is unchanged.\n"),
            second.standardError)
        XCTAssertTrue(
            second.standardOutput.contains(
                "Build failed: theme/workouts.mustache:1:1: error: the section {{#exercises}} is never closed: add {{/exercises}} where it ends. The previous output is unchanged."
            ),
            second.standardOutput)
    }

    /// A mistake in the job file stops the build before any report: it still reaches the CI page
    /// as an annotation at its line and column, a row of the step summary, and fields in JSON.
    func testAJobFileTypoReachesTheCIPage() throws {
        let folder = TestSupport.temporaryFolder()
        TestSupport.writeFile(
            "title: T\nreports:\n  - kind: credit-score\n    inptu: c.json\n",
            to: folder.appendingPathComponent("gazette.yml"))
        let stepSummary = folder.appendingPathComponent("step-summary.md")
        var environment = ProcessInfo.processInfo.environment
        environment["GITHUB_WORKSPACE"] = folder.path
        environment["GITHUB_STEP_SUMMARY"] = stepSummary.path
        let run = try TestSupport.runApart(
            try TestSupport.gazette(), ["build", "--summary", "github"], environment: environment, in: folder)
        XCTAssertEqual(run.status, 64, run.standardError)
        XCTAssertTrue(
            run.standardOutput.hasPrefix(
                "::error file=gazette.yml,line=4,col=5,title=Gazette%3A the build stopped::unknown key \"inptu\""),
            run.standardOutput)
        let table = TestSupport.read(stepSummary)
        XCTAssertTrue(table.contains("| — | — | ❌ gazette.yml:4:5: error: unknown key"), table)
        XCTAssertFalse(table.contains(folder.path), "paths relative to the workspace: \(table)")

        environment["GITHUB_STEP_SUMMARY"] = nil
        let json = try TestSupport.runApart(
            try TestSupport.gazette(), ["build", "--summary", "json"], environment: environment, in: folder)
        XCTAssertEqual(json.status, 64)
        let object = try XCTUnwrap(
            try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
        let errors = try XCTUnwrap(object["errors"] as? [[String: Any]])
        XCTAssertEqual(errors.count, 1)
        XCTAssertEqual(errors[0]["file"] as? String, "gazette.yml")
        XCTAssertEqual(errors[0]["line"] as? Int, 4)
        XCTAssertEqual(errors[0]["column"] as? Int, 5)
        XCTAssertEqual(errors[0]["keyPath"] as? String, "reports[0].inptu")
        XCTAssertTrue((errors[0]["message"] as? String)?.hasPrefix("unknown key \"inptu\"") ?? false)
        XCTAssertEqual(object["exitCode"] as? Int, 64)
    }

    /// A warning about a line of an input points at that line; a pattern that matches no file
    /// fails its own report (exit 1) while the others are built.
    func testWarningsPointAtTheirLineAndAnUnmatchedPatternFailsOneReport() throws {
        let folder = TestSupport.temporaryFolder()
        TestSupport.writeFile(
            "Oct 11 2017,Back Squat,1,10,45\nnot a line\nOct 12 2017,Back Squat,1,8,50\n",
            to: folder.appendingPathComponent("logs/w.txt"))
        TestSupport.writeFile(
            """
            title: Club
            output: site
            reports:
              - kind: workouts
                title: Lifter
                inputs: [logs/w.txt]
                invalid-lines: skip
              - kind: workouts
                title: Nobody
                inputs: [missing/*.txt]
            """, to: folder.appendingPathComponent("job.yml"))
        var environment = ProcessInfo.processInfo.environment
        environment["GITHUB_WORKSPACE"] = folder.path
        environment["GITHUB_STEP_SUMMARY"] = folder.appendingPathComponent("summary.md").path
        let run = try TestSupport.runApart(
            try TestSupport.gazette(), ["build", "job.yml", "--now", "1700000000", "--summary", "github"],
            environment: environment, in: folder)
        XCTAssertEqual(run.status, 1, run.standardError)
        XCTAssertTrue(
            run.standardOutput.contains(
                "::warning file=logs/w.txt,line=2,title=Gazette%3A Lifter::skipped invalid line"),
            run.standardOutput)
        XCTAssertTrue(
            run.standardOutput.contains(
                "::error file=job.yml,line=10,col=14,title=Gazette%3A Nobody::\"missing/*.txt\" matched no file"),
            run.standardOutput)
        XCTAssertTrue(
            FileManager.default.fileExists(atPath: folder.appendingPathComponent("site/lifter/index.html").path))
        XCTAssertTrue(
            TestSupport.read(folder.appendingPathComponent("site/nobody/index.html")).contains("matched no file"))
    }

    /// A rebuild that takes every report whole from the previous output still gives each
    /// report's headline in the summary (not `null`).
    func testReusedReportsKeepTheirHeadlineInTheSummary() throws {
        let folder = TestSupport.temporaryFolder()
        try FileManager.default.copyItem(
            at: TestSupport.fixture("credit-report.json"), to: folder.appendingPathComponent("credit.json"))
        TestSupport.writeFile(
            "title: T\noutput: site\nreports:\n  - kind: credit-score\n    input: credit.json\n",
            to: folder.appendingPathComponent("job.yml"))
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_CACHE_HOME"] = folder.appendingPathComponent(".cache").path
        var log = ""
        func summary() throws -> [String: Any] {
            let run = try TestSupport.runApart(
                try TestSupport.gazette(), ["build", "job.yml", "--now", "1700000000", "--summary", "json", "-v"],
                environment: environment, in: folder)
            XCTAssertEqual(run.status, 0, run.standardError)
            log = run.standardError
            return try XCTUnwrap(
                try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
        }
        let first = try summary()
        let second = try summary()
        XCTAssertTrue(log.contains("Credit score: unchanged, reused from the previous output"), log)
        let headline = { (object: [String: Any]) in
            ((object["reports"] as? [[String: Any]])?.first)?["headline"] as? String
        }
        XCTAssertNotNil(headline(first))
        XCTAssertEqual(headline(second), headline(first), "the reused report keeps its headline")
    }

    /// Shards built on the real clock cannot be merged: the build says so, and how to fix it.
    /// And messages from Gazette's placeholder sender are a warning, once.
    func testAShardOnTheRealClockAndTheDefaultSenderAreWarnings() throws {
        let folder = TestSupport.temporaryFolder()
        try FileManager.default.copyItem(
            at: TestSupport.fixture("credit-report.json"), to: folder.appendingPathComponent("credit.json"))
        var environment = ProcessInfo.processInfo.environment
        environment["SOURCE_DATE_EPOCH"] = nil
        environment["GAZETTE_EMAIL_FROM"] = nil
        let shard = try TestSupport.runApart(
            try TestSupport.gazette(), ["build", "--credit-score", "credit.json", "--shard", "1/2", "--output", "part"],
            environment: environment, in: folder)
        XCTAssertEqual(shard.status, 0, shard.standardError)
        XCTAssertTrue(
            shard.standardError.contains(
                "warning: shard 1/2 is built on the real clock: `gazette merge` needs every shard built with one clock; "
                    + "give --now, SOURCE_DATE_EPOCH or the job's now:"), shard.standardError)
        let fixed = try TestSupport.runApart(
            try TestSupport.gazette(),
            ["build", "--credit-score", "credit.json", "--shard", "1/2", "--output", "part2", "--now", "1700000000"],
            environment: environment, in: folder)
        XCTAssertFalse(fixed.standardError.contains("real clock"), fixed.standardError)

        let mail = try TestSupport.runApart(
            try TestSupport.gazette(),
            [
                "build", "--credit-score", "credit.json", "--credit-score", "credit.json", "--email", "--now",
                "1700000000",
                "--output", "mail"
            ],
            environment: environment, in: folder)
        XCTAssertEqual(mail.status, 0, mail.standardError)
        XCTAssertEqual(
            mail.standardError.components(separatedBy: "the e-mails come from the built-in sender").count, 2,
            "said once: \(mail.standardError)")
        let named = try TestSupport.runApart(
            try TestSupport.gazette(),
            [
                "build", "--credit-score", "credit.json", "--email", "--email-from", "Me <me@example.org>", "--now",
                "1700000000", "--output", "mail2"
            ],
            environment: environment, in: folder)
        XCTAssertFalse(named.standardError.contains("built-in sender"), named.standardError)
    }

    /// `gazette` in `folder` with the CI's variables pointing there; no SMTP settings or shard
    /// variables of the machine's.
    private func runInCI(_ folder: URL, _ arguments: [String], environment extra: [String: String] = [:]) throws
        -> (status: Int32, standardOutput: String, standardError: String, stepSummary: String)
    {
        var environment = ProcessInfo.processInfo.environment
        for name in [
            "GAZETTE_SMTP_URL", "GAZETTE_SMTP_USER", "GAZETTE_SMTP_PASSWORD", "SOURCE_DATE_EPOCH",
            "JOB_COMPLETION_INDEX", "SLURM_ARRAY_TASK_ID", "SLURM_ARRAY_TASK_COUNT", "CI_NODE_INDEX", "CI_NODE_TOTAL",
            "GAZETTE_SHARDS"
        ] {
            environment[name] = nil
        }
        environment["HOME"] = folder.path  // no ~/.netrc of the machine's
        environment["GITHUB_WORKSPACE"] = folder.path
        let stepSummary = folder.appendingPathComponent("step-summary-\(UUID().uuidString).md")
        environment["GITHUB_STEP_SUMMARY"] = stepSummary.path
        let run = try TestSupport.runApart(
            try TestSupport.gazette(), arguments, environment: environment.merging(extra) { $1 }, in: folder)
        let summary = (try? String(contentsOf: stepSummary, encoding: .utf8)) ?? ""
        return (run.status, run.standardOutput, run.standardError, summary)
    }

    /// 2 of issue 39: an error before any report is built — an option ArgumentParser refuses, a
    /// clock, a shard, the send's server — is an annotation and a row of the job summary under
    /// `--summary github`, and fields under `--summary json`; the exit status stays 64.
    func testAnErrorBeforeTheBuildReachesTheCIPage() throws {
        let folder = TestSupport.temporaryFolder()
        try FileManager.default.copyItem(
            at: TestSupport.fixture("credit-report.json"), to: folder.appendingPathComponent("credit.json"))
        let cases: [(arguments: [String], environment: [String: String], annotation: String, message: String)] = [
            (
                ["--now", "nonsense"], [:], "::error title=Gazette%3A the build stopped::--now must be ISO 8601",
                "--now must be"
            ),
            (
                ["--jobs", "0"], [:], "::error title=Gazette%3A the build stopped::--jobs must be at least 1",
                "--jobs must"
            ),
            (
                [], ["SOURCE_DATE_EPOCH": "soon"],
                "::error title=Gazette%3A the build stopped::SOURCE_DATE_EPOCH must be Unix seconds",
                "SOURCE_DATE_EPOCH"
            ),
            (
                ["--now", "1700000000", "--shard", "auto"], [:],
                "::error title=Gazette%3A the build stopped::--shard auto: no engine's variables are set",
                "--shard auto"
            ),
            (
                ["--now", "1700000000", "--send", "--smtp", "http://mail.example.org"], [:],
                "::error title=Gazette%3A the build stopped::the SMTP server must be smtp://host:port",
                "the SMTP server"
            ),
            (
                ["--now", "1700000000", "--send", "--smtp", "smtp://127.0.0.1:25", "--smtp-ca", "certs/ca.pem"], [:],
                "::error file=certs/ca.pem,title=Gazette%3A the build stopped::--smtp-ca: cannot read the file",
                "--smtp-ca"
            )
        ]
        for (arguments, environment, annotation, message) in cases {
            let build = ["build", "--credit-score", "credit.json"] + arguments
            let github = try runInCI(folder, build + ["--summary", "github"], environment: environment)
            XCTAssertEqual(github.status, 64, "\(arguments): \(github.standardError)")
            XCTAssertTrue(github.standardOutput.hasPrefix(annotation), "\(arguments): \(github.standardOutput)")
            XCTAssertTrue(
                github.standardError.contains(message), "still said on standard error: \(github.standardError)")
            let row = github.stepSummary.split(separator: "\n").first { $0.hasPrefix("| — | — | ❌ ") } ?? ""
            XCTAssertTrue(
                row.contains(message) && row.hasSuffix("| stopped the build | — |"),
                "\(arguments): \(github.stepSummary)")

            let json = try runInCI(folder, build + ["--summary", "json"], environment: environment)
            XCTAssertEqual(json.status, 64, json.standardError)
            let object = try XCTUnwrap(
                try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any],
                json.standardOutput)
            XCTAssertEqual(object["exitCode"] as? Int, 64)
            let errors = try XCTUnwrap(object["errors"] as? [[String: Any]])
            XCTAssertEqual(errors.count, 1, json.standardOutput)
            XCTAssertTrue((errors[0]["message"] as? String)?.hasPrefix(message) ?? false, json.standardOutput)
            for field in ["file", "line", "column", "keyPath"] {
                XCTAssertTrue(errors[0].keys.contains(field), "\(field) in \(json.standardOutput)")
            }
            XCTAssertTrue(json.stepSummary.isEmpty, "json writes no job summary")
        }
    }

    /// 2 of issue 39: `build --send` with the server unreachable: the failed message is an
    /// annotation and a row of the job summary, and a field of the JSON summary (exit 1); the
    /// same from `gazette send --summary github`.
    func testASendFailureUnderBuildSendReachesTheCIPage() throws {
        let folder = TestSupport.temporaryFolder()
        try FileManager.default.copyItem(
            at: TestSupport.fixture("credit-report.json"), to: folder.appendingPathComponent("credit.json"))
        TestSupport.writeFile(
            """
            title: Club
            output: site
            email: {from: "Coach <coach@example.com>"}
            reports:
              - kind: credit-score
                title: Ann
                input: credit.json
                email: {to: [ann@example.org]}
            """, to: folder.appendingPathComponent("job.yml"))
        // Port 1 on the loopback refuses at once: every attempt fails quickly.
        let unreachable = ["--smtp", "smtp://127.0.0.1:1", "--smtp-timeout", "2"]
        let build = ["build", "job.yml", "--now", "1700000000", "--send"] + unreachable

        let github = try runInCI(folder, build + ["--summary", "github"])
        XCTAssertEqual(github.status, 1, github.standardError)
        let annotation = "::error file=site/ann/report.eml,title=Gazette%3A send::"
        XCTAssertTrue(github.standardOutput.contains(annotation), github.standardOutput)
        XCTAssertFalse(github.standardOutput.contains("Sent 0 messages"), "the send's lines go to standard error")
        XCTAssertTrue(github.stepSummary.contains("| Ann | Credit score |"), github.stepSummary)
        XCTAssertTrue(github.stepSummary.contains("| `ann/report.eml` | failed |"), github.stepSummary)

        let json = try runInCI(folder, build + ["--summary", "json"])
        XCTAssertEqual(json.status, 1, json.standardError)
        let object = try XCTUnwrap(
            try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any],
            json.standardOutput)
        XCTAssertEqual(object["exitCode"] as? Int, 1, "the command's status, the send's failure included")
        let send = try XCTUnwrap(object["send"] as? [String: Any])
        let errors = try XCTUnwrap(send["errors"] as? [[String: Any]])
        XCTAssertEqual(errors.first?["file"] as? String, "site/ann/report.eml")
        XCTAssertTrue(errors.first?.keys.contains("keyPath") ?? false)

        let alone = try runInCI(folder, ["send", "site", "--summary", "github"] + unreachable)
        XCTAssertEqual(alone.status, 1, alone.standardError)
        XCTAssertTrue(alone.standardOutput.hasPrefix(annotation), alone.standardOutput)
        XCTAssertTrue(alone.stepSummary.contains("| `ann/report.eml` | failed |"), alone.stepSummary)
    }

    func testAMistypedCommandGetsTheClosestOne() throws {
        let run = try TestSupport.runApart(try TestSupport.gazette(), ["biuld"])
        XCTAssertEqual(run.status, 64)
        XCTAssertTrue(
            run.standardError.hasPrefix("Error: unknown command 'biuld'; did you mean 'build'?"), run.standardError)
        XCTAssertEqual(Suggestion.closest(to: "serv", in: ["build", "serve", "send"]), "serve")
        XCTAssertNil(Suggestion.closest(to: "frobnicate", in: ["build", "serve", "send"]))
    }
}
