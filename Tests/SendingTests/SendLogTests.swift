import Foundation
import GazetteTestSupport
import XCTest

@testable import Sending

/// Issue 49: a send log that never forgets in silence, keeps no address, can live anywhere, and
/// lets one send at a time deliver.
final class SendLogTests: XCTestCase {
    private func message(_ name: String) -> String {
        "From: Reports <reports@example.org>\r\nTo: Sam <sam@example.org>\r\nSubject: \(name)\r\n"
            + "Message-ID: <\(name).1@example.org>\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n\r\nHi\r\n"
    }

    private func site(_ names: [String]) -> URL {
        let output = TestSupport.temporaryFolder().appendingPathComponent("Output")
        for name in names {
            TestSupport.writeFile(message(name), to: output.appendingPathComponent("\(name)/report.eml"))
        }
        return output
    }

    private func environment(_ output: URL) -> [String: String] {
        var env = ProcessInfo.processInfo.environment
        for name in ["GAZETTE_SMTP_URL", "GAZETTE_SMTP_USER", "GAZETTE_SMTP_PASSWORD"] { env.removeValue(forKey: name) }
        env["HOME"] = output.deletingLastPathComponent().path
        return env
    }

    private func send(_ output: URL, _ arguments: [String], key: String? = nil) throws -> (
        status: Int32, output: String
    ) {
        var environment = environment(output)
        environment["GAZETTE_RECIPIENT_KEY"] = key
        return try TestSupport.run(
            try TestSupport.gazette(), ["send", output.path] + arguments, environment: environment, timeout: 60)
    }

    func testALogThatIsNotUTF8StopsTheSendWithExit74AndNothingSent() throws {
        let server = try ScriptedSMTPServer(.init())
        defer { server.stop() }
        let output = site(["one"])
        let log = output.deletingLastPathComponent().appendingPathComponent(".gazette-sent")
        try Data([0x3C, 0xFF, 0xFE, 0x0A]).write(to: log)
        let result = try send(output, ["--smtp", server.url])
        XCTAssertEqual(result.status, 74, result.output)
        XCTAssertTrue(result.output.contains("\(log.path): error: the send log is not UTF-8 text"), result.output)
        XCTAssertTrue(result.output.contains("to start afresh, delete it"), result.output)
        XCTAssertEqual(server.deliveries.count, 0)
    }

    /// Mode 000 as a user who is not root (root reads any file: then the test runs the send as
    /// `nobody` through setpriv).
    func testALogThatCannotBeReadStopsTheSendWithExit74() throws {
        let server = try ScriptedSMTPServer(.init())
        defer { server.stop() }
        var launcher = (try TestSupport.gazette(), [String]())
        if getuid() == 0 {
            launcher = (
                try ToolOnPath.require("setpriv"),
                ["--reuid=65534", "--regid=65534", "--clear-groups", try TestSupport.gazette().path]
            )
        }
        let folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("gazette-log-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("Output")
        TestSupport.writeFile(message("one"), to: output.appendingPathComponent("one/report.eml"))
        for path in [folder.path, output.path, output.appendingPathComponent("one").path] { chmod(path, 0o755) }
        chmod(output.appendingPathComponent("one/report.eml").path, 0o644)
        let log = folder.appendingPathComponent(".gazette-sent")
        TestSupport.writeFile("<x.1@example.org>\tabc\t2023-01-01T00:00:00Z\tone/report.eml\t250 Ok\t\n", to: log)
        chmod(log.path, 0o000)
        let result = try TestSupport.run(
            launcher.0, launcher.1 + ["send", output.path, "--smtp", server.url], environment: environment(output),
            timeout: 60)
        XCTAssertEqual(result.status, 74, result.output)
        XCTAssertTrue(
            result.output.contains("the send log (permission denied); to start afresh, delete it"), result.output)
        XCTAssertEqual(server.deliveries.count, 0)
    }

    /// A torn last line (a send killed while writing it) is left out with a warning, and (issue 63,
    /// 2) the next send cuts it before it writes its own line, so the message of the torn line goes
    /// once more (announced) and then never again.
    func testATornLineIsCutSoThreeSendsAfterItResendOneMessageOnce() throws {
        let server = try ScriptedSMTPServer(.init())
        defer { server.stop() }
        let output = site(["one", "two"])
        XCTAssertEqual(try send(output, ["--smtp", server.url]).status, 0)
        let log = output.deletingLastPathComponent().appendingPathComponent(".gazette-sent")
        var text = TestSupport.read(log)
        // The second line loses its end, as a send killed while writing it would leave it.
        text.removeLast(30)
        TestSupport.writeFile(text, to: log)
        let sends = try (1...3).map { _ in try send(output, ["--smtp", server.url]) }
        XCTAssertEqual(sends.map(\.status), [0, 0, 0], sends.map(\.output).joined(separator: "\n---\n"))
        XCTAssertEqual(server.deliveries.count, 3, "two at first, then the torn line's message once")
        XCTAssertTrue(
            sends[0].output.contains("\(log.path):2: the send log's last line was cut short"), sends[0].output)
        XCTAssertTrue(sends[0].output.contains("Sent 1 message, skipped 1"), sends[0].output)
        for later in sends.dropFirst() {
            XCTAssertFalse(later.output.contains("cut short"), later.output)
            XCTAssertTrue(later.output.contains("Nothing changed since the last send: 2 reports"), later.output)
        }
        let lines = TestSupport.read(log).split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertEqual(lines.count, 3, "the first line, the resent one, and the end")
        XCTAssertTrue(lines.dropLast().allSatisfy { $0.split(separator: "\t").count == 6 }, "\(lines)")
    }

    /// Issue 63, 4: with GAZETTE_RECIPIENT_KEY the log keeps HMAC-SHA256 digests, a guess of an
    /// address cannot be tested against it without the key, an older log's plain digests still
    /// count (nothing is sent again) and are rekeyed once, said.
    func testAKeyedLogHoldsNoPlainDigestAndRekeysAnOlderOne() throws {
        let server = try ScriptedSMTPServer(.init())
        defer { server.stop() }
        let output = site(["one", "two"])
        let log = output.deletingLastPathComponent().appendingPathComponent(".gazette-sent")
        XCTAssertEqual(try send(output, ["--smtp", server.url]).status, 0)
        let plain = "sha256:" + SendLog.digest(Array("sam@example.org".utf8))
        XCTAssertTrue(TestSupport.read(log).contains(plain))

        let keyed = try send(output, ["--smtp", server.url], key: "club secret")
        XCTAssertEqual(keyed.status, 0, keyed.output)
        XCTAssertEqual(server.deliveries.count, 2, "a key sends nothing again")
        XCTAssertTrue(
            keyed.output.contains("rekeyed 2 recipient digests of the send log with GAZETTE_RECIPIENT_KEY"),
            keyed.output)
        let text = TestSupport.read(log)
        XCTAssertFalse(text.contains("sha256:" + SendLog.digest(Array("sam@example.org".utf8))), text)
        let mac = try SendLog(file: log, recipientKey: Array("club secret".utf8)).key("sam@example.org")
        XCTAssertTrue(mac.hasPrefix("hmac-sha256:"), mac)
        XCTAssertEqual(text.components(separatedBy: mac).count - 1, 2, text)

        // A new message goes with a keyed line; a send without the key would not know it was sent.
        TestSupport.writeFile(message("three"), to: output.appendingPathComponent("three/report.eml"))
        let more = try send(output, ["--smtp", server.url], key: "club secret")
        XCTAssertTrue(more.output.contains("Sent 1 message, skipped 2"), more.output)
        XCTAssertFalse(more.output.contains("rekeyed"), more.output)
        XCTAssertFalse(TestSupport.read(log).contains("\tsha256:"), TestSupport.read(log))
        let keyless = try SendLog(file: log)
        XCTAssertNil(keyless.lastSent(path: "three/report.eml", to: "sam@example.org"))
        XCTAssertEqual(
            try SendLog(file: log, recipientKey: Array("club secret".utf8))
                .lastSent(path: "three/report.eml", to: "Sam@Example.org")?.messageID,
            "<three.1@example.org>")
    }

    func testTheLogKeepsNoAddressAndCanBeNamed() throws {
        let server = try ScriptedSMTPServer(.init())
        defer { server.stop() }
        let output = site(["one"])
        let log = TestSupport.temporaryFolder().appendingPathComponent("state/sent.log")
        try FileManager.default.createDirectory(at: log.deletingLastPathComponent(), withIntermediateDirectories: true)
        XCTAssertEqual(try send(output, ["--smtp", server.url, "--send-log", log.path]).status, 0)
        let text = TestSupport.read(log)
        XCTAssertFalse(text.contains("sam@"), text)
        XCTAssertTrue(text.contains("\tsha256:" + SendLog.digest(Array("sam@example.org".utf8))), text)
        XCTAssertFalse(
            FileManager.default.fileExists(
                atPath: output.deletingLastPathComponent().appendingPathComponent(".gazette-sent").path))
        let again = try send(output, ["--smtp", server.url, "--send-log", log.path])
        XCTAssertTrue(again.output.contains("Sent 0 messages, skipped 1"), again.output)
        XCTAssertEqual(server.deliveries.count, 1)
    }

    func testAnOlderLogWithPlainAddressesStillCounts() throws {
        let file = TestSupport.temporaryFolder().appendingPathComponent("sent")
        TestSupport.writeFile(
            "<a.1@x>\tabc\t2023-01-01T00:00:00Z\ta/report.eml\t250 Ok\tSam@Example.org\n", to: file)
        let log = try SendLog(file: file)
        XCTAssertEqual(log.lastSent(path: "a/report.eml", to: "sam@example.org")?.messageID, "<a.1@x>")
        XCTAssertNil(log.lastSent(path: "a/report.eml", to: "jo@example.org"))
    }

    func testTwoSendsStartedTogetherDeliverEachMessageOnce() throws {
        let server = try ScriptedSMTPServer(.init())
        defer { server.stop() }
        let output = site(["one", "two", "three"])
        let processes = try (0..<2).map { _ -> Process in
            let process = Process()
            process.executableURL = try TestSupport.gazette()
            process.arguments = ["send", output.path, "--smtp", server.url, "--quiet"]
            process.environment = environment(output)
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            return process
        }
        for process in processes { process.waitUntilExit() }
        XCTAssertEqual(processes.map(\.terminationStatus), [0, 0])
        XCTAssertEqual(server.deliveries.count, 3, "each message once")
    }

    func testASendThatWaitsTooLongForTheLogFailsClearly() throws {
        let output = site(["one"])
        let log = output.deletingLastPathComponent().appendingPathComponent(".gazette-sent")
        FileManager.default.createFile(atPath: log.path, contents: nil)
        let holder = open(log.path, O_RDWR)
        XCTAssertEqual(flock(holder, LOCK_EX), 0)
        defer { close(holder) }
        let result = try send(output, ["--smtp", "smtp://127.0.0.1:9", "--lock-wait", "1"])
        XCTAssertEqual(result.status, 74, result.output)
        XCTAssertTrue(
            result.output.contains("another gazette send has been using this send log for 1 s"), result.output)
    }

    func testReferencesCarryTheWholeChain() throws {
        let server = try ScriptedSMTPServer(.init())
        defer { server.stop() }
        let output = site([])
        for version in 1...12 {
            TestSupport.writeFile(
                message("one").replacingOccurrences(of: "<one.1@", with: "<one.\(version)@"),
                to: output.appendingPathComponent("one/report.eml"))
            XCTAssertEqual(try send(output, ["--smtp", server.url]).status, 0)
        }
        let third = server.deliveries[2].message
        XCTAssertTrue(third.contains("\r\nIn-Reply-To: <one.2@example.org>\r\n"), third)
        XCTAssertTrue(third.contains("\r\nReferences: <one.1@example.org>\r\n <one.2@example.org>\r\n"), third)
        // The twelfth names ten: the thread's first and the nine before it.
        let twelfth = server.deliveries[11].message
        let chain =
            ["<one.1@example.org>"] + (2...10).map { "<one.\($0)@example.org>" }.suffix(8)
            + ["<one.11@example.org>"]
        XCTAssertTrue(twelfth.contains("\r\nReferences: " + chain.joined(separator: "\r\n ") + "\r\n"), twelfth)
    }
}
