import Foundation
import GazetteCore

/// How a send runs: the server, the envelope's sender, and what to send again.
public struct SendOptions: Sendable {
    /// Nil only for a dry run.
    public var server: SMTPServer?
    /// `--envelope-from`: the envelope's sender, over each message's `From:`.
    public var envelopeFrom: String?
    /// Send messages the log says were sent.
    public var resend = false
    /// Print what would be sent; send nothing.
    public var dryRun = false
    /// Tries per message on a temporary fault (a 4xx reply, a lost connection).
    public var attempts = 3
    /// The wait before the second try; doubled for each further one.
    public var backoff: TimeInterval = 1
    public var clock: @Sendable () -> Date = { Date() }

    public init(server: SMTPServer?) {
        self.server = server
    }
}

/// What became of each message of a site.
public struct SendResult: Sendable {
    public struct Entry: Sendable, Equatable {
        public let path: String
        public let detail: String
    }

    public var sent: [Entry] = []
    public var skipped: [Entry] = []
    public var failed: [Entry] = []
    /// A recipient a server refused while the others got the message: a warning.
    public var warnings: [String] = []
    /// A fault that stopped the whole send (the output folder missing, the log not writable).
    public var fatal: BuildError?

    public var exitCode: Int32 { fatal != nil ? (fatal!.kind == .usage ? 64 : 1) : (failed.isEmpty ? 0 : 1) }

    public var summaryLine: String {
        "Sent \(sent.count) message\(sent.count == 1 ? "" : "s"), skipped \(skipped.count), failed \(failed.count)."
    }
}

/// Delivers every `report.eml` of a built site that has a recipient, once: each accepted message
/// is written to the send log before the next is sent; one message failing never stops the rest.
public struct Sender: Sendable {
    public let options: SendOptions
    public let transport: any SMTPTransport
    /// One line per message (`sent …`, `skipped …`, `would send …`).
    public var progress: @Sendable (String) -> Void = { _ in }
    /// Failures and refused recipients.
    public var problem: @Sendable (String) -> Void = { _ in }

    public init(options: SendOptions, transport: any SMTPTransport = CurlSMTPTransport()) {
        self.options = options
        self.transport = transport
    }

    public func run(output: URL) -> SendResult {
        var result = SendResult()
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: output.path, isDirectory: &isFolder), isFolder.boolValue else {
            result.fatal = BuildError(
                .usage, .file(output.path), "no built site here: build it first (gazette build --email)")
            problem(result.fatal!.description)
            return result
        }
        let messages = FileTree.files(under: output).filter {
            $0.relativePath.hasSuffix("/report.eml") || $0.relativePath == "report.eml"
        }
        var log = SendLog(output: output)
        for file in messages {
            guard let data = FileManager.default.contents(atPath: file.url.path) else {
                fail(&result, file.relativePath, "cannot read the message")
                continue
            }
            let message = OutgoingMessage(path: file.relativePath, fileBytes: [UInt8](data))
            guard !message.recipients.isEmpty else {
                result.skipped.append(.init(path: message.path, detail: "no recipient"))
                progress("skipped \(message.path): no recipient (To:, Cc: and Bcc: are empty)")
                continue
            }
            let sha256 = SendLog.digest(message.bytes)
            if !options.resend, log.contains(messageID: message.messageID, sha256: sha256) {
                result.skipped.append(.init(path: message.path, detail: "already sent"))
                progress("skipped \(message.path): already sent (the send log has it; --resend sends it again)")
                continue
            }
            guard let sender = options.envelopeFrom ?? message.sender else {
                fail(&result, message.path, "no sender: the message has no From: address (give --envelope-from)")
                continue
            }
            let count = "\(message.recipients.count) recipient\(message.recipients.count == 1 ? "" : "s")"
            if options.dryRun {
                result.skipped.append(.init(path: message.path, detail: "dry run"))
                progress(
                    "would send \(message.path) from \(sender) to \(count) (\(message.recipients.joined(separator: ", ")))"
                )
                continue
            }
            guard let server = options.server else {
                result.fatal = BuildError(
                    .usage, .none, "no SMTP server: give --smtp URL, GAZETTE_SMTP_URL or email: {smtp: URL} in the job")
                problem(result.fatal!.description)
                return result
            }
            switch deliver(message, from: sender, server: server) {
            case let .accepted(reply, refused):
                FaultPoint.afterAccepted.reach()
                do {
                    try log.record(
                        messageID: message.messageID, sha256: sha256, at: options.clock(), path: message.path,
                        reply: reply)
                } catch {
                    result.fatal = error
                    problem(error.description)
                    return result
                }
                let delivered = message.recipients.count - refused.count
                result.sent.append(.init(path: message.path, detail: reply))
                progress("sent \(message.path) to \(delivered) recipient\(delivered == 1 ? "" : "s") (\(reply))")
                for refusal in refused {
                    let warning = "\(message.path): the server refused \(refusal.recipient): \(refusal.reply)"
                    result.warnings.append(warning)
                    problem("warning: " + warning)
                }
            case let .temporary(reason):
                fail(&result, message.path, "\(reason) (after \(options.attempts) attempts)")
            case let .permanent(reason):
                fail(&result, message.path, reason)
            }
        }
        return result
    }

    /// One message, tried again after a temporary fault: `attempts` tries, the wait doubling.
    private func deliver(_ message: OutgoingMessage, from sender: String, server: SMTPServer) -> DeliveryOutcome {
        var wait = options.backoff
        var outcome = DeliveryOutcome.temporary("not tried")
        for attempt in 1...max(1, options.attempts) {
            outcome = transport.deliver(message.bytes, from: sender, to: message.recipients, server: server)
            guard case let .temporary(reason) = outcome, attempt < options.attempts else { return outcome }
            progress("retrying \(message.path) in \(secondsText(wait)): \(reason)")
            Thread.sleep(forTimeInterval: wait)
            wait *= 2
        }
        return outcome
    }

    private func fail(_ result: inout SendResult, _ path: String, _ reason: String) {
        result.failed.append(.init(path: path, detail: reason))
        problem("\(path): error: not sent: \(reason)")
    }
}
