import Foundation
import XCTest
import GazetteTestSupport
@testable import GazetteCore
@testable import Sending

/// Issue 25: `gazette send`, as a user meets it, against a scripted SMTP server on 127.0.0.1
/// (the faults), with the envelope, the send log and the TLS rule checked on their own.
final class SendTests: XCTestCase {
    private func message(
        _ name: String, to: String = "To: Sam <sam@example.org>", extra: String = "", body: String = "Hello"
    ) -> String {
        "From: Reports <reports@example.org>\r\n\(to)\r\n\(extra)Subject: \(name)\r\nMessage-ID: <\(name).1@gazette.invalid>\r\n"
            + "MIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n\(body)\r\n"
    }

    /// An output folder holding one `report.eml` per name.
    private func site(_ messages: [String: String]) -> URL {
        let output = TestSupport.temporaryFolder().appendingPathComponent("Output")
        for (name, text) in messages {
            TestSupport.writeFile(text, to: output.appendingPathComponent("\(name)/report.eml"))
        }
        return output
    }

    private func send(_ output: URL, _ arguments: [String], environment: [String: String] = [:]) throws -> (
        status: Int32, output: String
    ) {
        var env = ProcessInfo.processInfo.environment
        for name in ["GAZETTE_SMTP_URL", "GAZETTE_SMTP_USER", "GAZETTE_SMTP_PASSWORD"] { env.removeValue(forKey: name) }
        env["HOME"] = output.deletingLastPathComponent().path  // no ~/.netrc of the machine's
        env.merge(environment) { _, new in new }
        return try TestSupport.run(
            try TestSupport.gazette(), ["send", output.path] + arguments, environment: env, timeout: 60)
    }

    // MARK: The envelope

    func testTheEnvelopeComesFromTheHeadersAndBccNeverGoesOut() {
        let text =
            "From: \"Lee, Jo\" <jo@example.org>\r\nTo: =?UTF-8?B?Wm/DqyBXZWnDnw==?= <zoe@example.org>,\r\n sam@example.org\r\n"
            + "Cc: Desk <desk@example.org>\r\nBcc: Boss <boss@example.org>,\r\n audit@example.org\r\nSubject: x\r\n\r\nBcc: stays in the body\r\n"
        let message = OutgoingMessage(path: "a/report.eml", fileBytes: Array(text.utf8))
        XCTAssertEqual(message.sender, "jo@example.org")
        XCTAssertEqual(
            message.recipients,
            ["zoe@example.org", "sam@example.org", "desk@example.org", "boss@example.org", "audit@example.org"])
        let sent = String(decoding: message.bytes, as: UTF8.self)
        XCTAssertFalse(sent.contains("boss@") || sent.contains("audit@"), sent)
        XCTAssertTrue(sent.hasSuffix("Subject: x\r\n\r\nBcc: stays in the body\r\n"), sent)
        XCTAssertEqual(
            OutgoingMessage(path: "b", fileBytes: Array("To: undisclosed-recipients:;\r\n\r\nx".utf8)).recipients, [])
    }

    func testClearTextOnlyOnTheLoopbackAndNoPasswordInTheURL() throws {
        XCTAssertTrue(try SMTPServer(parsing: "smtp://mail.example.org:587").requireTLS)
        XCTAssertFalse(try SMTPServer(parsing: "smtp://127.0.0.1:25").requireTLS)
        XCTAssertFalse(try SMTPServer(parsing: "smtp://localhost:25").requireTLS)
        XCTAssertTrue(try SMTPServer(parsing: "smtp://localhost:25", requireTLSOnLoopback: true).requireTLS)
        XCTAssertFalse(
            try SMTPServer(parsing: "smtps://mail.example.org:465").requireTLS, "TLS from the start, no STARTTLS")
        XCTAssertThrowsError(try SMTPServer(parsing: "smtp://me:secret@mail.example.org:587"))
        XCTAssertThrowsError(try SMTPServer(parsing: "http://mail.example.org"))
    }

    // MARK: Never twice

    func testASecondSendSendsNothingNewAChangedMessageIsSentAndResendForces() throws {
        let server = try ScriptedSMTPServer(.init())
        defer { server.stop() }
        let output = site([
            "one": message("one"), "two": message("two", extra: "Cc: Jo <jo@example.org>\r\nBcc: boss@example.org\r\n"),
            "none": message("none", to: "To: undisclosed-recipients:;")
        ])
        let first = try send(output, ["--smtp", server.url])
        XCTAssertEqual(first.status, 0, first.output)
        XCTAssertTrue(
            first.output.contains("sent one/report.eml to 1 recipient (250 2.0.0 Ok: queued as Q"), first.output)
        XCTAssertTrue(first.output.contains("sent two/report.eml to 3 recipients"), first.output)
        XCTAssertTrue(first.output.contains("skipped none/report.eml: no recipient"), first.output)
        XCTAssertEqual(server.deliveries.count, 2)
        let two = try XCTUnwrap(server.deliveries.first { $0.message.contains("Subject: two") })
        XCTAssertEqual(two.sender, "reports@example.org")
        XCTAssertEqual(two.recipients, ["sam@example.org", "jo@example.org", "boss@example.org"])
        XCTAssertFalse(two.message.contains("boss@"), "Bcc is not in the message that goes out")

        let log = output.deletingLastPathComponent().appendingPathComponent(".gazette-sent")
        let lines = TestSupport.read(log).split(separator: "\n")
        XCTAssertEqual(lines.count, 2)
        XCTAssertTrue(lines[0].hasPrefix("<one.1@gazette.invalid>\t"), String(lines[0]))

        let again = try send(output, ["--smtp", server.url])
        XCTAssertEqual(again.status, 0, again.output)
        XCTAssertTrue(again.output.contains("Sent 0 messages, skipped 3, failed 0."), again.output)
        XCTAssertEqual(server.deliveries.count, 2, "nothing new arrives")

        // A rebuild on a later clock: other bytes (its Date:), the same content and so the same
        // Message-ID: nothing goes, and the send says why.
        TestSupport.writeFile(
            message("one", extra: "Date: Mon, 2 Jan 2026 07:00:00 +0000\r\n"),
            to: output.appendingPathComponent("one/report.eml"))
        let later = try send(output, ["--smtp", server.url])
        XCTAssertEqual(later.status, 0, later.output)
        XCTAssertTrue(
            later.output.contains(
                "Sent 0 messages, skipped 3, failed 0. Nothing changed since the last send: 2 reports."),
            later.output)
        XCTAssertTrue(later.output.contains("skipped one/report.eml: unchanged since the last send"), later.output)
        XCTAssertEqual(server.deliveries.count, 2)

        // New figures give a new Message-ID: sent, following the one before it.
        TestSupport.writeFile(
            message("one", body: "Hello again").replacingOccurrences(of: "<one.1@", with: "<one.2@"),
            to: output.appendingPathComponent("one/report.eml"))
        let changed = try send(output, ["--smtp", server.url, "--summary", "json"])
        XCTAssertEqual(changed.status, 0, changed.output)
        XCTAssertTrue(changed.output.contains("\"sent\": 1"), changed.output)
        XCTAssertEqual(server.deliveries.count, 3, "a new content identity is sent")
        XCTAssertTrue(
            server.deliveries[2].message.contains(
                "Message-ID: <one.2@gazette.invalid>\r\nIn-Reply-To: <one.1@gazette.invalid>\r\n"
                    + "References: <one.1@gazette.invalid>\r\n"), server.deliveries[2].message)

        let forced = try send(output, ["--smtp", server.url, "--resend", "-q"])
        XCTAssertEqual(forced.status, 0, forced.output)
        XCTAssertEqual(forced.output, "", "-q prints only failures")
        XCTAssertEqual(server.deliveries.count, 5)

        let dry = try send(output, ["--dry-run", "--resend"])
        XCTAssertEqual(dry.status, 0, dry.output)
        XCTAssertTrue(
            dry.output.contains("would send two/report.eml from reports@example.org to 3 recipients"), dry.output)
        XCTAssertTrue(dry.output.contains("Would send 2 messages, skipped 1."), dry.output)
        XCTAssertEqual(server.deliveries.count, 5)

        let dryUnchanged = try send(output, ["--dry-run"])
        XCTAssertTrue(
            dryUnchanged.output.contains("Would send 0 messages, skipped 3 (2 unchanged since the last send)."),
            dryUnchanged.output)
    }

    /// The README's cron line, run as cron runs it: on the real clock, twice a few seconds apart
    /// (nothing goes the second time), then after one lifter's log changed (that lifter alone gets
    /// one message, threaded after the one before), then with `--resend` (all again).
    func testTheCronLineSendsEachLifterOnlyWhatChanged() throws {
        let server = try ScriptedSMTPServer(.init())
        defer { server.stop() }
        let folder = TestSupport.temporaryFolder().appendingPathComponent("coach")
        let log = TestSupport.read(TestSupport.fixture("workouts.txt"))
        for name in ["ann", "bob", "cat"] {
            TestSupport.writeFile(log, to: folder.appendingPathComponent("logs/\(name).txt"))
        }
        TestSupport.writeFile(
            """
            title: Lifters
            reports:
              - kind: workouts
                title: Training log
                inputs: [logs/*.txt]
                each: true
                email: {from: "Coach <coach@example.org>"}
                recipients:
                  ann: ann@example.org
                  bob: bob@example.org
                  cat: cat@example.org
            """, to: folder.appendingPathComponent("reports.yml"))
        var environment = ProcessInfo.processInfo.environment
        for name in ["GAZETTE_SMTP_URL", "GAZETTE_SMTP_USER", "GAZETTE_SMTP_PASSWORD", "SOURCE_DATE_EPOCH"] {
            environment.removeValue(forKey: name)
        }
        environment["HOME"] = folder.path
        environment["XDG_CACHE_HOME"] = folder.appendingPathComponent(".cache").path
        func cron(_ extra: [String] = []) throws -> (status: Int32, output: String) {
            try TestSupport.run(
                try TestSupport.gazette(), ["build", "reports.yml", "--send", "--smtp", server.url] + extra,
                environment: environment, in: folder, timeout: 120)
        }
        func header(_ name: String, _ message: String) -> String? {
            message.components(separatedBy: "\r\n").first { $0.hasPrefix(name + ": ") }.map {
                String($0.dropFirst(name.count + 2))
            }
        }
        let first = try cron()
        XCTAssertEqual(first.status, 0, first.output)
        XCTAssertEqual(
            Set(server.deliveries.flatMap(\.recipients)), ["ann@example.org", "bob@example.org", "cat@example.org"])
        Thread.sleep(forTimeInterval: 2)
        let second = try cron()
        XCTAssertEqual(second.status, 0, second.output)
        XCTAssertTrue(second.output.contains("Nothing changed since the last send: 3 reports."), second.output)
        XCTAssertEqual(server.deliveries.count, 3, "nothing goes twice on an unchanged rerun")

        let before = try XCTUnwrap(server.deliveries.first { $0.recipients == ["bob@example.org"] })
        TestSupport.writeFile(
            "Nov 20 2023,Deadlift,1,1,500\n" + log, to: folder.appendingPathComponent("logs/bob.txt"))
        let third = try cron()
        XCTAssertEqual(third.status, 0, third.output)
        XCTAssertEqual(server.deliveries.count, 4, third.output)
        let after = server.deliveries[3]
        XCTAssertEqual(after.recipients, ["bob@example.org"], "only the lifter whose log changed")
        let previousID = try XCTUnwrap(header("Message-ID", before.message))
        XCTAssertNotEqual(header("Message-ID", after.message), previousID, "new figures, a new identity")
        XCTAssertEqual(header("References", after.message), previousID)
        XCTAssertEqual(header("In-Reply-To", after.message), previousID)

        let forced = try cron(["--resend"])
        XCTAssertEqual(forced.status, 0, forced.output)
        XCTAssertEqual(server.deliveries.count, 7, "--resend sends all again")
    }

    /// Per recipient: a recipient added to a report gets its current message, and only they do.
    func testARecipientAddedLaterGetsTheMessageAndNoOneElseDoes() throws {
        let server = try ScriptedSMTPServer(.init())
        defer { server.stop() }
        let output = site(["one": message("one")])
        XCTAssertEqual(try send(output, ["--smtp", server.url]).status, 0)
        TestSupport.writeFile(
            message("one", to: "To: Sam <sam@example.org>, Jo <jo@example.org>"),
            to: output.appendingPathComponent("one/report.eml"))
        let again = try send(output, ["--smtp", server.url])
        XCTAssertEqual(again.status, 0, again.output)
        XCTAssertEqual(server.deliveries.map(\.recipients), [["sam@example.org"], ["jo@example.org"]])
        XCTAssertFalse(server.deliveries[1].message.contains("In-Reply-To"), "Jo had nothing before it")
    }

    // MARK: Faults, each with the exit status and message a user sees, in bounded time

    func testABusyReplyIsTriedAgainAndThenSent() throws {
        let server = try ScriptedSMTPServer(.init(dataReplies: ["421 4.3.2 Service not available, try again later"]))
        defer { server.stop() }
        let output = site(["one": message("one")])
        let result = try send(output, ["--smtp", server.url])
        XCTAssertEqual(result.status, 0, result.output)
        XCTAssertTrue(
            result.output.contains("retrying one/report.eml in 1 s: 421 4.3.2 Service not available"), result.output)
        XCTAssertTrue(result.output.contains("sent one/report.eml to 1 recipient"), result.output)
        XCTAssertEqual(server.deliveries.count, 1)
    }

    func testARefusedRecipientIsNamedAndTheOthersStillGetIt() throws {
        let server = try ScriptedSMTPServer(.init(refused: ["ghost@example.org"]))
        defer { server.stop() }
        let output = site(["one": message("one", to: "To: Sam <sam@example.org>, Ghost <ghost@example.org>")])
        let result = try send(output, ["--smtp", server.url])
        XCTAssertEqual(result.status, 0, result.output)
        XCTAssertTrue(result.output.contains("sent one/report.eml to 1 recipient"), result.output)
        XCTAssertTrue(
            result.output.contains("warning: one/report.eml: the server refused ghost@example.org: 550 5.1.1"),
            result.output)
        XCTAssertEqual(server.deliveries.map(\.recipients), [["sam@example.org"]])
    }

    func testAPermanentRefusalFailsThatMessageOnlyWithTheServersText() throws {
        let server = try ScriptedSMTPServer(.init(dataReplies: ["554 5.7.1 Message rejected as spam"]))
        defer { server.stop() }
        let output = site(["a": message("a"), "b": message("b")])
        let result = try send(output, ["--smtp", server.url])
        XCTAssertEqual(result.status, 1, result.output)
        XCTAssertTrue(
            result.output.contains("a/report.eml: error: not sent: 554 5.7.1 Message rejected as spam"), result.output)
        XCTAssertTrue(result.output.contains("sent b/report.eml"), "one failure never stops the rest: \(result.output)")
    }

    func testAServerSilentInTheMiddleOfDataFailsAtTheDeadline() throws {
        let server = try ScriptedSMTPServer(.init(silentInData: true))
        defer { server.stop() }
        let output = site(["one": message("one")])
        let started = Date()
        let result = try send(output, ["--smtp", server.url, "--smtp-timeout", "2"])
        XCTAssertEqual(result.status, 1, result.output)
        XCTAssertTrue(result.output.contains("one/report.eml: error: not sent: no answer within 2 s"), result.output)
        XCTAssertLessThan(
            Date().timeIntervalSince(started), 30, "three attempts of 2 s (and 2 s for QUIT) and the waits between them"
        )
        // The send's lock made the log; nothing was written in it.
        let log = output.deletingLastPathComponent().appendingPathComponent(".gazette-sent")
        XCTAssertEqual((try? String(contentsOf: log, encoding: .utf8)) ?? "", "")
    }

    /// A server that takes the whole message and never answers: the message is tried three times
    /// and may arrive three times (a message lost is worse than a copy), each try with the same
    /// bytes and so the same `Message-ID`, by which a provider can drop the copies.
    func testAServerSilentAfterTheDataGetsTheSameMessageIDOnEveryTry() throws {
        let server = try ScriptedSMTPServer(.init(silentAfterData: true))
        defer { server.stop() }
        let output = site(["one": message("one")])
        let result = try send(output, ["--smtp", server.url, "--smtp-timeout", "1"])
        XCTAssertEqual(result.status, 1, result.output)
        XCTAssertTrue(result.output.contains("one/report.eml: error: not sent: no answer within 1 s"), result.output)
        XCTAssertEqual(server.deliveries.count, 3, "three tries, each taken whole")
        let identities = server.deliveries.map { delivery in
            delivery.message.components(separatedBy: "\r\n").first { $0.hasPrefix("Message-ID:") }
        }
        XCTAssertEqual(identities, Array(repeating: "Message-ID: <one.1@gazette.invalid>", count: 3))
        XCTAssertEqual(Set(server.deliveries.map(\.message)).count, 1, "the same bytes every time")
    }

    /// A send killed after the server's 250 and before the send log reached the disk sends that
    /// one message again the next time, and nothing else twice.
    func testASendKilledAfterTheServerAcceptedSendsOnlyThatMessageAgain() throws {
        let server = try ScriptedSMTPServer(.init())
        defer { server.stop() }
        let output = site(["a": message("a"), "b": message("b"), "c": message("c")])
        let killed = try send(
            output, ["--smtp", server.url], environment: ["GAZETTE_TEST_KILL_AT": "send:after-accepted"])
        XCTAssertEqual(killed.status, SIGKILL, killed.output)
        XCTAssertEqual(server.deliveries.count, 1, "killed right after the first 250")
        let log = output.deletingLastPathComponent().appendingPathComponent(".gazette-sent")
        XCTAssertEqual((try? String(contentsOf: log, encoding: .utf8)) ?? "", "", "the log never said so")
        let again = try send(output, ["--smtp", server.url])
        XCTAssertEqual(again.status, 0, again.output)
        let subjects = server.deliveries.map { delivery in
            delivery.message.components(separatedBy: "\r\n").first { $0.hasPrefix("Subject:") } ?? ""
        }
        XCTAssertEqual(subjects, ["Subject: a", "Subject: a", "Subject: b", "Subject: c"], "only a goes twice")
        let third = try send(output, ["--smtp", server.url])
        XCTAssertEqual(third.status, 0, third.output)
        XCTAssertEqual(server.deliveries.count, 4, "the log now holds every message")
    }

    func testARefusedStartTLSStopsBeforeAnythingGoesInClearText() throws {
        let server = try ScriptedSMTPServer(.init(offersStartTLS: true))
        defer { server.stop() }
        let output = site(["one": message("one")])
        let result = try send(output, ["--smtp", server.url, "--require-tls"])
        XCTAssertEqual(result.status, 1, result.output)
        XCTAssertTrue(
            result.output.contains("one/report.eml: error: not sent: 454 4.7.0 TLS not available"), result.output)
        XCTAssertEqual(server.deliveries.count, 0)
    }

    func testAWrongPasswordNamesTheServersReply() throws {
        let server = try ScriptedSMTPServer(.init(refusesLogin: true))
        defer { server.stop() }
        let output = site(["one": message("one")])
        let result = try send(
            output, ["--smtp", server.url], environment: ["GAZETTE_SMTP_USER": "me", "GAZETTE_SMTP_PASSWORD": "wrong"])
        XCTAssertEqual(result.status, 1, result.output)
        XCTAssertTrue(
            result.output.contains("one/report.eml: error: not sent: 535 5.7.8 Authentication credentials invalid"),
            result.output)
        XCTAssertEqual(server.deliveries.count, 0)
    }

    func testNoServerIsAUsageError() throws {
        let output = site(["one": message("one")])
        let result = try send(output, [])
        XCTAssertEqual(result.status, 64, result.output)
        XCTAssertTrue(result.output.contains("no SMTP server: give --smtp URL"), result.output)
    }
}
