import CCurl
import Foundation

/// What the server said to one message.
public enum DeliveryOutcome: Sendable, Equatable {
    /// Accepted, with the server's last reply (`250 2.0.0 Ok: queued as …`); recipients it refused
    /// are named with the reply each got, while the others still receive the message.
    case accepted(reply: String, refused: [Refusal])
    /// Worth another try: a 4xx reply, a connection that failed or timed out.
    case temporary(String)
    /// Final: a 5xx reply (the server's text), a TLS or login failure.
    case permanent(String)
}

public struct Refusal: Sendable, Equatable {
    public let recipient: String
    public let reply: String
}

/// Delivers one message's bytes to a server; the build's and the tests' seam.
public protocol SMTPTransport: Sendable {
    func deliver(_ bytes: [UInt8], from sender: String, to recipients: [String], server: SMTPServer) -> DeliveryOutcome
}

/// libcurl's SMTP: STARTTLS or TLS, certificates verified, AUTH PLAIN or LOGIN, SIZE.
public struct CurlSMTPTransport: SMTPTransport {
    public init() {}

    public func deliver(_ bytes: [UInt8], from sender: String, to recipients: [String], server: SMTPServer)
        -> DeliveryOutcome
    {
        exchange(bytes, from: sender, to: recipients, server: server).outcome
    }

    /// The outcome with the dialogue that led to it (what was sent, what came back).
    func exchange(_ bytes: [UInt8], from sender: String, to recipients: [String], server: SMTPServer)
        -> (outcome: DeliveryOutcome, dialogue: Dialogue)
    {
        var result = gazette_smtp_result()
        let url = server.url.absoluteString
        let recipientCopies = recipients.map { strdup("<\($0)>") }
        defer { recipientCopies.forEach { free($0) } }
        url.withCString { urlText in
            withOptionalCString(server.caFile) { ca in
                withOptionalCString(server.user) { user in
                    withOptionalCString(server.password) { password in
                        var settings = gazette_smtp_server(
                            url: urlText, ca_file: ca, user: user, password: password,
                            require_tls: server.requireTLS ? 1 : 0,
                            connect_timeout_ms: Int(server.connectTimeout * 1000),
                            timeout_ms: Int(server.messageTimeout * 1000))
                        let pointers = recipientCopies.map { UnsafePointer<CChar>($0) }
                        pointers.withUnsafeBufferPointer { list in
                            bytes.withUnsafeBufferPointer { message in
                                gazette_smtp_send(
                                    &settings, "<\(sender)>", list.baseAddress, list.count, message.baseAddress,
                                    message.count, &result)
                            }
                        }
                    }
                }
            }
        }
        defer { gazette_smtp_free(&result) }
        let transcript = result.transcript.map { String(cString: $0) } ?? ""
        let error = withUnsafeBytes(of: result.error) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        let dialogue = Dialogue(transcript)
        let outcome = dialogue.outcome(
            curlCode: Int(result.curl_code), timedOut: result.timed_out != 0, error: error,
            timeout: server.messageTimeout)
        return (outcome, dialogue)
    }

    private func withOptionalCString<T>(_ text: String?, _ body: (UnsafePointer<CChar>?) -> T) -> T {
        guard let text else { return body(nil) }
        return text.withCString { body($0) }
    }
}

/// The SMTP dialogue as libcurl recorded it: `> ` lines sent, `< ` lines received.
struct Dialogue {
    let lines: [(sent: Bool, text: String)]

    init(_ transcript: String) {
        lines = transcript.split(whereSeparator: { $0 == "\n" || $0 == "\r\n" }).compactMap { line in
            let line = line.trimmingCharacters(in: CharacterSet(charactersIn: "\r"))
            guard line.count >= 2 else { return nil }
            return (line.hasPrefix(">"), String(line.dropFirst(2)))
        }
    }

    /// Each `RCPT TO` the server answered with 4xx or 5xx, with its reply.
    var refused: [Refusal] {
        var refusals: [Refusal] = []
        var pending: String?
        for line in lines {
            if line.sent {
                pending =
                    line.text.uppercased().hasPrefix("RCPT TO:")
                    ? String(line.text.dropFirst(8)).trimmingCharacters(in: CharacterSet(charactersIn: "<> ")) : nil
            } else if let recipient = pending, let code = Self.code(line.text) {
                if code >= 400 { refusals.append(Refusal(recipient: recipient, reply: line.text)) }
                pending = nil
            }
        }
        return refusals
    }

    /// The last reply with a code before the client's `QUIT`: the server's word on the message
    /// (the `221 Bye` that answers `QUIT` says nothing of it).
    var lastReply: String? {
        let dialogue = lines.prefix { !($0.sent && $0.text.uppercased() == "QUIT") }
        return dialogue.last { !$0.sent && Self.code($0.text) != nil }?.text
    }

    static func code(_ line: String) -> Int? {
        guard line.count >= 3, let code = Int(line.prefix(3)), (200..<600).contains(code) else { return nil }
        return code
    }

    func outcome(curlCode: Int, timedOut: Bool, error: String, timeout: TimeInterval) -> DeliveryOutcome {
        if curlCode == 0 { return .accepted(reply: lastReply ?? "250", refused: refused) }
        // libcurl reports a reply that never came as a timeout, or as a failed read once its clock ran out.
        if timedOut || error.contains("response timeout") {
            return .temporary("no answer within \(secondsText(timeout)) (\(error))")
        }
        if let reply = lastReply, let code = Self.code(reply), code >= 400 {
            // Every recipient refused: the message went to no one.
            let refused = self.refused
            if !refused.isEmpty,
                refused.count == lines.filter({ $0.sent && $0.text.uppercased().hasPrefix("RCPT TO:") }).count
            {
                let named = refused.map { "\($0.recipient): \($0.reply)" }.joined(separator: "; ")
                return refused.allSatisfy { Self.code($0.reply).map { $0 < 500 } ?? false }
                    ? .temporary(named) : .permanent(named)
            }
            return code < 500 ? .temporary(reply) : .permanent(reply)
        }
        // No reply to quote: the connection, TLS or login failed before the server said no.
        switch curlCode {
        case 6, 7, 28, 55, 56: return .temporary(error)  // resolve, connect, timeout, send, receive
        default: return .permanent(error)
        }
    }
}

/// `1 s`, `2.5 s`: a wait or a deadline in the send's messages.
func secondsText(_ value: TimeInterval) -> String {
    value == value.rounded() ? "\(Int(value)) s" : String(format: "%.1f s", value)
}
