import Foundation
import GazetteTestSupport
import XCTest
@testable import Jobs
import Email
import GazetteCore
@testable import SiteBuild

/// From, To and Reply-To through the build: which setting wins, the warning when a message would
/// go to no one, and bad addresses from the command line. How a mailbox is read and written is
/// `MailboxTests` (EmailTests); a job's `email:` blocks are `JobEmailBlockTests`.
final class EmailAddressingTests: XCTestCase {
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

    func testAMessageWithoutARecipientIsAWarningAndTheHeadersAreWritten() async throws {
        let folder = TestSupport.temporaryFolder()
        var job = DemoJob.make(output: folder.appendingPathComponent("site"), now: TestSupport.fixedNow)
        job.reports = Array(job.reports.prefix(2))
        job.settings["email", as: JobMail.self] = JobMail(addressing: EmailOptions(replyTo: "Desk <desk@example.org>"))
        job.reports[0].settings["email", as: EmailOptions.self] = EmailOptions(to: ["Zoë Weiß <zoe@example.org>"])
        let warnings = CollectedLines()
        var options = BuildOptions(now: TestSupport.fixedNow, jobs: 2)
        options.settings["email", as: CommandLineMail.self] = CommandLineMail(
            fallbackSender: "Reports <reports@example.org>")
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
