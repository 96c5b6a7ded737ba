import Foundation
import XCTest
@testable import Jobs
@testable import Publishing

/// From, To and Reply-To: where they come from, how they are written, and the warning when a
/// message would go to no one.
final class EmailAddressingTests: XCTestCase {
    func testDisplayNamesAreWrittenAsMailProgramsReadThem() {
        XCTAssertEqual(Mailbox(parsing: "sam@example.org").header, "sam@example.org")
        XCTAssertEqual(Mailbox(parsing: "Sam Lee <sam@example.org>").header, "Sam Lee <sam@example.org>")
        XCTAssertEqual(Mailbox(parsing: "Lee, Sam <sam@example.org>").header, "\"Lee, Sam\" <sam@example.org>")
        XCTAssertEqual(Mailbox(parsing: "\"Sam \\\"Big\\\" Lee\" <sam@example.org>").header, "\"Sam \\\"Big\\\" Lee\" <sam@example.org>")
        XCTAssertEqual(Mailbox(parsing: "Élodie Martin <e@example.org>").header, "=?UTF-8?B?w4lsb2RpZSBNYXJ0aW4=?= <e@example.org>")
        XCTAssertEqual(Mailbox(parsing: "信用スコア <score@example.org>").name, "信用スコア")
    }

    func testTheCommandLineOverridesTheReportWhichOverridesTheJob() {
        let job = EmailOptions(from: "Job <job@example.org>", to: ["team@example.org"], replyTo: "desk@example.org")
        let report = EmailOptions(to: ["alex@example.org"], subject: "Alex")
        var resolved = EmailComposer.addressing(report: report, job: job, override: EmailOptions(), fallbackSender: "env@example.org")
        XCTAssertEqual(resolved, EmailOptions(from: "Job <job@example.org>", to: ["alex@example.org"], replyTo: "desk@example.org", subject: "Alex"))
        resolved = EmailComposer.addressing(report: report, job: job, override: EmailOptions(from: "cli@example.org", to: ["me@example.org"]),
                                            fallbackSender: nil)
        XCTAssertEqual(resolved.from, "cli@example.org")
        XCTAssertEqual(resolved.to, ["me@example.org"])
        // GAZETTE_EMAIL_FROM only when nothing else names a sender; then Gazette's placeholder.
        XCTAssertEqual(EmailComposer.addressing(report: nil, job: nil, override: EmailOptions(), fallbackSender: "env@example.org").from,
                       "env@example.org")
        XCTAssertEqual(EmailComposer.addressing(report: nil, job: nil, override: EmailOptions(), fallbackSender: nil).from,
                       EmailComposer.defaultSender)
    }

    func testTheJobFileHasAnEmailBlockForEveryReport() throws {
        let job = try JobFileLoader().parse("""
        title: Gym
        email: {from: Coach <coach@example.org>, to: [a@example.org, b@example.org], reply-to: desk@example.org}
        reports:
          - kind: workouts
            input: alex.txt
            email: {to: alex@example.org, subject: Your week}
        """, file: URL(fileURLWithPath: "/jobs/job.yml"))
        XCTAssertEqual(job.email, EmailOptions(from: "Coach <coach@example.org>", to: ["a@example.org", "b@example.org"], replyTo: "desk@example.org"))
        XCTAssertEqual(job.reports[0].email, EmailOptions(to: ["alex@example.org"], subject: "Your week"))
        XCTAssertThrowsError(try JobFileLoader().parse("email: {subject: x}\nreports: []\n", file: URL(fileURLWithPath: "/jobs/job.yml")))
    }

    private final class Warnings: @unchecked Sendable {
        private let lock = NSLock()
        private var lines: [String] = []
        func add(_ line: String) { lock.lock(); lines.append(line); lock.unlock() }
        var all: [String] { lock.lock(); defer { lock.unlock() }; return lines }
    }

    func testAMessageWithoutARecipientIsAWarningAndTheHeadersAreWritten() async throws {
        let folder = TestSupport.temporaryFolder()
        var job = DemoJob.make(output: folder.appendingPathComponent("site"), now: TestSupport.fixedNow)
        job.reports = Array(job.reports.prefix(2))
        job.email = EmailOptions(replyTo: "Desk <desk@example.org>")
        job.reports[0].email = EmailOptions(to: ["Zoë Weiß <zoe@example.org>"])
        let warnings = Warnings()
        var options = BuildOptions(now: TestSupport.fixedNow, jobs: 2)
        options.emailFallbackSender = "Reports <reports@example.org>"
        let result = await Pipeline(job: job, options: options,
                                    reporter: Reporter(progress: { _ in }, warning: warnings.add, error: { _ in })).run()
        XCTAssertEqual(result.exitCode, 0)
        XCTAssertEqual(warnings.all.filter { $0.contains("no recipient") }.count, 1)
        XCTAssertTrue(warnings.all.contains { $0.hasPrefix("\(job.reports[1].resolvedTitle): warning: report.eml has no recipient") })
        let message = TestSupport.read(folder.appendingPathComponent("site/\(result.reports[0].slug)/report.eml"))
        let headers = message.components(separatedBy: "\r\n\r\n")[0]
        XCTAssertTrue(headers.hasPrefix("From: Reports <reports@example.org>\r\nTo: =?UTF-8?B?Wm/DqyBXZWnDnw==?= <zoe@example.org>\r\n"
                                        + "Reply-To: Desk <desk@example.org>\r\n"), headers)
    }
}
