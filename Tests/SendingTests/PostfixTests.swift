import Foundation
import GazetteTestSupport
import XCTest

@testable import Sending

/// libcurl's SMTP against a real Postfix (STARTTLS on the submission port, a self-signed
/// certificate, SASL through Dovecot, a message size limit), as `.ci/mail-servers.sh` starts it
/// and describes it in `GAZETTE_TEST_SMTP_*`. Without those servers each test skips, counted.
final class PostfixTests: XCTestCase {
    private struct Postfix {
        let url: String
        let certificate: String
        let user: String
        let password: String
        let recipient: String
        let sizeLimit: Int
    }

    private func postfix() throws -> Postfix {
        let environment = ProcessInfo.processInfo.environment
        guard let url = environment["GAZETTE_TEST_SMTP_URL"], let certificate = environment["GAZETTE_TEST_SMTP_CA"],
            let user = environment["GAZETTE_TEST_SMTP_USER"], let password = environment["GAZETTE_TEST_SMTP_PASSWORD"],
            let recipient = environment["GAZETTE_TEST_SMTP_RECIPIENT"],
            let limit = environment["GAZETTE_TEST_SMTP_SIZE_LIMIT"].flatMap(Int.init)
        else {
            throw ToolOnPath.skip(
                "Postfix and Dovecot are not running",
                "as root, `eval \"$(.ci/mail-servers.sh start DIR)\"` starts them")
        }
        return Postfix(
            url: url, certificate: certificate, user: user, password: password, recipient: recipient, sizeLimit: limit)
    }

    private func message(_ subject: String, body: String = "Hello from the Postfix test.") -> [UInt8] {
        Array(
            ("From: Gazette test <sender@localhost>\r\nTo: Test <gazettetest@localhost>\r\nSubject: \(subject)\r\n"
                + "Message-ID: <\(subject.replacingOccurrences(of: " ", with: "-"))@gazette.invalid>\r\n"
                + "MIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n\(body)\r\n").utf8)
    }

    private func server(_ postfix: Postfix, certificate: String?, password: String? = nil) throws -> SMTPServer {
        var server = try SMTPServer(
            parsing: postfix.url, caFile: certificate, user: postfix.user, password: password ?? postfix.password,
            requireTLSOnLoopback: true)
        server.messageTimeout = 30
        return server
    }

    func testALoginOverSTARTTLSIsAcceptedAndTheMessageQueued() throws {
        let postfix = try postfix()
        let (outcome, dialogue) = CurlSMTPTransport().exchange(
            message("login test"), from: postfix.user, to: [postfix.recipient],
            server: try server(postfix, certificate: postfix.certificate))
        guard case let .accepted(reply, refused) = outcome else { return XCTFail("\(outcome)") }
        XCTAssertTrue(reply.hasPrefix("250"), reply)
        XCTAssertEqual(refused, [])
        XCTAssertTrue(dialogue.lines.contains { $0.sent && $0.text.uppercased().hasPrefix("STARTTLS") })
        XCTAssertTrue(dialogue.lines.contains { !$0.sent && $0.text.hasPrefix("235") }, "the login was accepted")
    }

    func testAWrongPasswordIsRefusedWithTheServersReply() throws {
        let postfix = try postfix()
        let outcome = CurlSMTPTransport().deliver(
            message("wrong password"), from: postfix.user, to: [postfix.recipient],
            server: try server(postfix, certificate: postfix.certificate, password: "not-the-password"))
        guard case let .permanent(reason) = outcome else { return XCTFail("\(outcome)") }
        XCTAssertTrue(reason.contains("535"), reason)
    }

    /// The server's certificate is self-signed: without `--smtp-ca` the system's CAs do not vouch
    /// for it, and nothing (no login, no message) goes out.
    func testACertificateNoCATrustsStopsTheSendBeforeTheLogin() throws {
        let postfix = try postfix()
        let (outcome, dialogue) = CurlSMTPTransport().exchange(
            message("untrusted"), from: postfix.user, to: [postfix.recipient],
            server: try server(postfix, certificate: nil))
        guard case let .permanent(reason) = outcome else { return XCTFail("\(outcome)") }
        XCTAssertTrue(reason.lowercased().contains("certificate"), reason)
        XCTAssertFalse(dialogue.lines.contains { $0.sent && $0.text.uppercased().hasPrefix("AUTH") }, "no login sent")
        XCTAssertFalse(dialogue.lines.contains { $0.sent && $0.text.uppercased() == "DATA" })
    }

    /// A message over the size the server offers (`SIZE` in its EHLO) is refused at `MAIL FROM`,
    /// before a byte of it is sent.
    func testAMessageOverTheServersSizeIsRefusedBeforeItsData() throws {
        let postfix = try postfix()
        let line = String(repeating: "x", count: 76) + "\r\n"
        let body = String(repeating: line, count: postfix.sizeLimit / line.utf8.count + 100)
        let (outcome, dialogue) = CurlSMTPTransport().exchange(
            message("too big", body: body), from: postfix.user, to: [postfix.recipient],
            server: try server(postfix, certificate: postfix.certificate))
        guard case let .permanent(reason) = outcome else {
            return XCTFail("\(outcome): \(dialogue.lines.map { ($0.sent ? "> " : "< ") + $0.text })")
        }
        XCTAssertTrue(reason.hasPrefix("552"), reason)
        let mailFrom = dialogue.lines.first { $0.sent && $0.text.uppercased().hasPrefix("MAIL FROM:") }
        XCTAssertTrue(mailFrom?.text.contains("SIZE=") ?? false, "\(String(describing: mailFrom))")
        XCTAssertFalse(dialogue.lines.contains { $0.sent && $0.text.uppercased() == "DATA" }, "no DATA sent")
    }
}
