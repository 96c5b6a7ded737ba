import Foundation
import GazetteTestSupport
import XCTest

/// Issue 49: a message's identity is what its reader sees. Through the binary: the hour, the
/// countdowns and the recipient list leave a report's Message-ID as it is, and adding a
/// recipient sends to that recipient alone.
final class MessageIdentityTests: XCTestCase {
    private func build(_ arguments: [String], now: String, output: URL) throws {
        let run = try TestSupport.run(
            TestSupport.gazette(),
            [
                "build", "--output", output.path, "--now", now, "--quiet", "--email", "--email-from",
                "Reports <reports@Example.org>"
            ]
                + arguments)
        XCTAssertEqual(run.status, 0, run.output)
    }

    private func messageID(_ output: URL, _ slug: String) -> String {
        let text = TestSupport.read(output.appendingPathComponent("\(slug)/report.eml"))
        return text.components(separatedBy: "\r\n").first { $0.hasPrefix("Message-ID: ") } ?? "none"
    }

    func testTheHourTheCountdownsAndTheRecipientsLeaveTheIdentity() throws {
        let folder = TestSupport.temporaryFolder()
        let inputs = [
            "--race-card", TestSupport.fixture("race-card.json").path,
            "--credit-score", TestSupport.fixture("credit-report.json").path,
            "--next-to-go", TestSupport.fixture("next-to-go.json").path
        ]
        // 08:00 and 09:00 UTC on the card's day, before its first race (13:30), and a
        // next-to-go feed whose races all start after both.
        let first = folder.appendingPathComponent("eight"), second = folder.appendingPathComponent("nine")
        try build(inputs + ["--email-to", "sam@example.org"], now: "2023-11-14T08:00:00Z", output: first)
        try build(
            inputs + ["--email-to", "sam@example.org", "--email-to", "jo@example.org"], now: "2023-11-14T09:00:00Z",
            output: second)
        for slug in ["race-card", "credit-score"] {
            XCTAssertEqual(messageID(first, slug), messageID(second, slug), slug)
            XCTAssertTrue(messageID(first, slug).hasSuffix("@example.org>"), messageID(first, slug))
        }
        // The page features the same race as the message (issue 64): the next to start, not the hour's.
        let page = TestSupport.read(first.appendingPathComponent("race-card/index.html"))
        XCTAssertTrue(page.contains("<h2 id=\"featured-title\"><a href=\"1330-"), "the 13:30 is next at 08:00")
        // Next to go a minute apart, every race still to go: countdowns differ, the races do not.
        let early = folder.appendingPathComponent("early"), later = folder.appendingPathComponent("later")
        try build(["--next-to-go", TestSupport.fixture("next-to-go.json").path], now: "1699999000", output: early)
        try build(["--next-to-go", TestSupport.fixture("next-to-go.json").path], now: "1699999060", output: later)
        XCTAssertNotEqual(
            TestSupport.read(early.appendingPathComponent("next-to-go/report.eml")),
            TestSupport.read(later.appendingPathComponent("next-to-go/report.eml")))
        XCTAssertEqual(messageID(early, "next-to-go"), messageID(later, "next-to-go"))
    }

    func testAddingARecipientSendsToThatRecipientAlone() throws {
        let server = try ScriptedSMTPServer(.init())
        defer { server.stop() }
        let output = TestSupport.temporaryFolder().appendingPathComponent("site")
        let input = ["--credit-score", TestSupport.fixture("credit-report.json").path]
        var environment = ProcessInfo.processInfo.environment
        for name in ["GAZETTE_SMTP_URL", "GAZETTE_SMTP_USER", "GAZETTE_SMTP_PASSWORD"] { environment[name] = nil }
        environment["HOME"] = output.deletingLastPathComponent().path
        func send() throws -> String {
            let run = try TestSupport.run(
                TestSupport.gazette(), ["send", output.path, "--smtp", server.url], environment: environment)
            XCTAssertEqual(run.status, 0, run.output)
            return run.output
        }
        try build(input + ["--email-to", "sam@example.org"], now: "2023-11-14T08:00:00Z", output: output)
        _ = try send()
        try build(
            input + ["--email-to", "sam@example.org", "--email-to", "jo@example.org"], now: "2023-11-14T09:00:00Z",
            output: output)
        let second = try send()
        XCTAssertTrue(second.contains("sent credit-score/report.eml to 1 recipient"), second)
        XCTAssertEqual(server.deliveries.map(\.recipients), [["sam@example.org"], ["jo@example.org"]])
        // Dated when sent, not when built.
        let date = server.deliveries[1].message.components(separatedBy: "\r\n").first { $0.hasPrefix("Date: ") }
        XCTAssertNotNil(date)
        XCTAssertFalse(date?.contains("14 Nov 2023") ?? true, date ?? "")
    }
}
