import Foundation
import GazetteTestSupport
import XCTest
@testable import Jobs
import Email
import GazetteCore
@testable import SiteBuild

/// From, To and Reply-To: where they come from, how they are written, and the warning when a
/// message would go to no one.
final class EmailAddressingTests: XCTestCase {
    func testDisplayNamesAreWrittenAsMailProgramsReadThem() {
        XCTAssertEqual(Mailbox(stringLiteral: "sam@example.org").header, "sam@example.org")
        XCTAssertEqual(Mailbox(stringLiteral: "Sam Lee <sam@example.org>").header, "Sam Lee <sam@example.org>")
        XCTAssertEqual(Mailbox(stringLiteral: "Lee, Sam <sam@example.org>").header, "\"Lee, Sam\" <sam@example.org>")
        XCTAssertEqual(
            Mailbox(stringLiteral: "\"Sam \\\"Big\\\" Lee\" <sam@example.org>").header,
            "\"Sam \\\"Big\\\" Lee\" <sam@example.org>")
        XCTAssertEqual(
            Mailbox(stringLiteral: "Élodie Martin <e@example.org>").header,
            "=?UTF-8?B?w4lsb2RpZSBNYXJ0aW4=?= <e@example.org>"
        )
        XCTAssertEqual(Mailbox(stringLiteral: "信用スコア <score@example.org>").name, "信用スコア")
    }

    func testTheCommandLineOverridesTheReportWhichOverridesTheJob() {
        let job = EmailOptions(from: "Job <job@example.org>", to: ["team@example.org"], replyTo: "desk@example.org")
        let report = EmailOptions(to: ["alex@example.org"], subject: "Alex")
        var resolved = EmailComposer.addressing(
            report: report, job: job, override: EmailOptions(), fallbackSender: "env@example.org")
        XCTAssertEqual(
            resolved,
            EmailOptions(
                from: "Job <job@example.org>", to: ["alex@example.org"], replyTo: "desk@example.org", subject: "Alex"))
        resolved = EmailComposer.addressing(
            report: report, job: job, override: EmailOptions(from: "cli@example.org", to: ["me@example.org"]),
            fallbackSender: nil)
        XCTAssertEqual(resolved.from, "cli@example.org")
        XCTAssertEqual(resolved.to, ["me@example.org"])
        // GAZETTE_EMAIL_FROM only when nothing else names a sender; then Gazette's placeholder.
        XCTAssertEqual(
            EmailComposer.addressing(report: nil, job: nil, override: EmailOptions(), fallbackSender: "env@example.org")
                .from,
            "env@example.org")
        XCTAssertEqual(
            EmailComposer.addressing(report: nil, job: nil, override: EmailOptions(), fallbackSender: nil).from,
            EmailComposer.defaultSender)
    }

    func testTheJobFileHasAnEmailBlockForEveryReport() throws {
        let job = try JobFileLoader().parse(
            """
            title: Gym
            email: {from: Coach <coach@example.org>, to: [a@example.org, b@example.org], reply-to: desk@example.org}
            reports:
              - kind: workouts
                input: alex.txt
                email: {to: alex@example.org, subject: Your week}
            """, file: URL(fileURLWithPath: "/jobs/job.yml"))
        XCTAssertEqual(
            job.email,
            EmailOptions(
                from: "Coach <coach@example.org>", to: ["a@example.org", "b@example.org"], replyTo: "desk@example.org"))
        XCTAssertEqual(job.reports[0].email, EmailOptions(to: ["alex@example.org"], subject: "Your week"))
        XCTAssertThrowsError(
            try JobFileLoader().parse("email: {subject: x}\nreports: []\n", file: URL(fileURLWithPath: "/jobs/job.yml"))
        )
    }

    func testAMessageWithoutARecipientIsAWarningAndTheHeadersAreWritten() async throws {
        let folder = TestSupport.temporaryFolder()
        var job = DemoJob.make(output: folder.appendingPathComponent("site"), now: TestSupport.fixedNow)
        job.reports = Array(job.reports.prefix(2))
        job.email = EmailOptions(replyTo: "Desk <desk@example.org>")
        job.reports[0].email = EmailOptions(to: ["Zoë Weiß <zoe@example.org>"])
        let warnings = CollectedLines()
        var options = BuildOptions(now: TestSupport.fixedNow, jobs: 2)
        options.emailFallbackSender = "Reports <reports@example.org>"
        let result = await Pipeline(
            job: job, options: options,
            reporter: Reporter(progress: { _ in }, warning: warnings.add, error: { _ in })
        ).run()
        XCTAssertEqual(result.exitCode, 0)
        // The report's warning, counted and printed with the others when the build ends.
        XCTAssertEqual(result.reports.flatMap(\.warnings).filter { $0.text.contains("no recipient") }.count, 1)
        XCTAssertTrue(result.reports[1].warnings.contains { $0.text.hasPrefix("report.eml has no recipient") })
        XCTAssertEqual(result.warningCount, 1)
        let message = TestSupport.read(folder.appendingPathComponent("site/\(result.reports[0].slug)/report.eml"))
        let headers = message.components(separatedBy: "\r\n\r\n")[0]
        XCTAssertTrue(
            headers.hasPrefix(
                "From: Reports <reports@example.org>\r\nTo: =?UTF-8?B?Wm/DqyBXZWnDnw==?= <zoe@example.org>\r\n"
                    + "Reply-To: Desk <desk@example.org>\r\n"), headers)
    }

    /// 3 of issue 23: addresses are RFC 5322 mailboxes, checked where they are read.
    func testMailboxesAreCheckedAsRFC5322Addresses() throws {
        let good = [
            "sam@example.org", "Sam Lee <sam@example.org>", "Lee, Sam <sam@example.org>",
            "\"Sam \\\"Big\\\" Lee\" <sam@example.org>",
            "Élodie Martin <e@example.org>", "first.last+tag@sub.example.org", "\"odd local\"@example.org",
            "ops@[192.0.2.1]",
            "gazette@localhost", "<sam@example.org>"
        ]
        for text in good { XCTAssertNoThrow(try Mailbox.parse(text), text) }
        let lee = try Mailbox.parse("Lee, Sam <sam@example.org>")
        XCTAssertEqual(lee.name, "Lee, Sam")
        XCTAssertEqual(lee.address, "sam@example.org")
        let bad = [
            "E-from<script>alert(1)</script>\"> x", "sam", "sam@", "@example.org", "sam@@example.org",
            "a..b@example.org",
            "sam@exa mple.org", "Sam <sam@example.org", "Sam \"Lee <sam@example.org>", "\"Sam <sam@example.org>",
            "Zoë@example.org", "Sam <sam@example.org> <x@example.org>", "", "sam@example.org\nBcc: x@example.org"
        ]
        for text in bad { XCTAssertThrowsError(try Mailbox.parse(text), text) }
    }

    func testABadAddressInAJobIsAUsageErrorAtItsLineAndColumn() throws {
        let file = URL(fileURLWithPath: "/jobs/job.yml")
        let text = "title: T\nemail:\n  from: 'E-from<script>alert(1)</script>\"> x'\nreports: []\n"
        XCTAssertThrowsError(try JobFileLoader().parse(text, file: file)) { error in
            guard let error = error as? BuildError, case let .text(_, line, column, _, _) = error.location else {
                return XCTFail("\(error)")
            }
            XCTAssertEqual(error.kind, .usage)
            XCTAssertEqual([line, column], [3, 9])
            XCTAssertTrue(error.message.hasPrefix("email from has a `<` without a closing `>`"), error.message)
        }
        let list =
            "title: T\nreports:\n  - kind: workouts\n    input: a.txt\n    email: {to: [ok@example.org, not an address]}\n"
        XCTAssertThrowsError(try JobFileLoader().parse(list, file: file)) { error in
            guard let error = error as? BuildError, case let .text(_, line, column, _, _) = error.location else {
                return XCTFail("\(error)")
            }
            XCTAssertEqual([line, column], [5, 34], "the bad item itself")
            XCTAssertTrue(error.message.contains("`not an address` is not an address"), error.message)
        }
    }

    func testBadAddressesFromTheCommandLineAndTheEnvironmentAreUsageErrors() throws {
        let folder = TestSupport.temporaryFolder()
        let gazette = try TestSupport.gazette()
        var environment = ProcessInfo.processInfo.environment
        let option = try TestSupport.run(
            gazette, ["build", "--output", folder.path, "--email-from", "Sam <sam@example.org"],
            environment: environment)
        XCTAssertEqual(option.status, 64, option.output)
        XCTAssertTrue(option.output.contains("--email-from has a `<` without a closing `>`"), option.output)
        environment["GAZETTE_EMAIL_FROM"] = "reports@"
        let fromEnvironment = try TestSupport.run(gazette, ["build", "--output", folder.path], environment: environment)
        XCTAssertEqual(fromEnvironment.status, 64, fromEnvironment.output)
        XCTAssertTrue(
            fromEnvironment.output.contains("GAZETTE_EMAIL_FROM `reports@` is not an address"), fromEnvironment.output)
    }
}
