import Email
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
    /// `--send-log FILE`: the send log; nil for `.gazette-sent` beside the output folder.
    public var logFile: URL?
    /// How long a send waits for another send that holds the log (`--lock-wait`).
    public var lockWait: TimeInterval = 300
    /// `GAZETTE_RECIPIENT_KEY`: the secret the send log's recipient digests are keyed with.
    public var recipientKey: [UInt8]?

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
    /// A dry run's messages, each with whom it would go to.
    public var wouldSend: [Entry] = []
    /// Messages skipped because every recipient already got this very content.
    public var unchanged = 0
    public var dryRun = false
    /// A recipient a server refused while the others got the message: a warning.
    public var warnings: [String] = []
    /// How many plain recipient digests of the send log this send keyed.
    public var rekeyed = 0
    /// A fault that stopped the whole send (the output folder missing, the log not writable).
    public var fatal: BuildError?

    public init() {}

    public var exitCode: Int32 {
        guard let fatal else { return failed.isEmpty ? 0 : 1 }
        switch fatal.kind {
        case .usage: return 64
        case .io: return 74
        default: return 1
        }
    }

    public var summaryLine: String {
        if dryRun {
            return "Would send \(wouldSend.count) message\(wouldSend.count == 1 ? "" : "s"), skipped \(skipped.count)"
                + (unchanged > 0 ? " (\(unchanged) unchanged since the last send)." : ".")
        }
        var line =
            "Sent \(sent.count) message\(sent.count == 1 ? "" : "s"), skipped \(skipped.count), failed \(failed.count)."
        if sent.isEmpty, failed.isEmpty, unchanged > 0 {
            line += " Nothing changed since the last send: \(unchanged) report\(unchanged == 1 ? "" : "s")."
        } else if unchanged > 0 {
            line += " \(unchanged) unchanged since the last send."
        }
        return line
    }
}

/// Delivers every `report.eml` of a built site to each recipient who has not had its content yet:
/// a report's `Message-ID` is made from what its reader sees (never the clock), and the send log
/// says which one each recipient last got. Each accepted message is written to the log before the
/// next is sent; a message that follows an earlier one of its report names it in `In-Reply-To`
/// and `References`, so mail programs thread a lifter's weekly reports; one message failing never
/// stops the rest.
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
        result.dryRun = options.dryRun
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: output.path, isDirectory: &isFolder), isFolder.boolValue else {
            return stopped(
                result,
                BuildError(
                    .usage, .file(output.path), "no built site here: build it first (gazette build --email)"))
        }
        let messages = FileTree.files(under: output).filter {
            $0.relativePath.hasSuffix("/report.eml") || $0.relativePath == "report.eml"
        }
        let logFile = options.logFile ?? SendLog.defaultFile(for: output)
        // A dry run reads the log as it is and writes nothing, so takes no lock (which would make
        // the file).
        var lock: FileLock?
        if !options.dryRun {
            do { lock = try SendLogLock.take(file: logFile, wait: options.lockWait) } catch {
                return stopped(result, error)
            }
        }
        defer { lock?.release() }
        var log: SendLog
        do { log = try SendLog(file: logFile, recipientKey: options.recipientKey) } catch {
            return stopped(result, error)
        }
        for warning in log.warnings {
            result.warnings.append(warning)
            problem("warning: " + warning)
        }
        if !options.dryRun, log.hasPlainDigests {
            do { try rekey(&log, messages: messages.map(\.url), into: &result) } catch {
                return stopped(result, error)
            }
        }
        for file in messages {
            guard let data = FileManager.default.contents(atPath: file.url.path) else {
                fail(&result, file.relativePath, "cannot read the message")
                continue
            }
            if let fatal = send(
                OutgoingMessage(path: file.relativePath, fileBytes: [UInt8](data)), log: &log, into: &result)
            {
                return stopped(result, fatal)
            }
        }
        return result
    }

    /// With a key, the log's plain digests of these messages' recipients keyed, once, and said.
    private func rekey(_ log: inout SendLog, messages: [URL], into result: inout SendResult) throws(BuildError) {
        let recipients = messages.flatMap { file in
            FileManager.default.contents(atPath: file.path).map {
                OutgoingMessage(path: "", fileBytes: [UInt8]($0)).recipients
            }
                ?? []
        }
        result.rekeyed = try log.rekey(recipients: recipients)
        guard result.rekeyed > 0 else { return }
        progress(
            "rekeyed \(result.rekeyed) recipient digest\(result.rekeyed == 1 ? "" : "s") of the send log "
                + "with GAZETTE_RECIPIENT_KEY")
    }

    /// The result with the error that stopped the send, said once.
    private func stopped(_ result: SendResult, _ error: BuildError) -> SendResult {
        var result = result
        result.fatal = error
        problem(error.description)
        return result
    }

    /// One message to the recipients that have not had its content identity: skipped, said
    /// (`--dry-run`), sent and logged, or failed. Returns the error that stops the whole send.
    private func send(_ message: OutgoingMessage, log: inout SendLog, into result: inout SendResult) -> BuildError? {
        guard !message.recipients.isEmpty else {
            result.skipped.append(.init(path: message.path, detail: "no recipient"))
            progress("skipped \(message.path): no recipient (To:, Cc: and Bcc: are empty)")
            return nil
        }
        let identity = message.messageID ?? SendLog.digest(message.bytes)
        let due =
            options.resend
            ? message.recipients
            : message.recipients.filter { log.lastSent(path: message.path, to: $0)?.messageID != identity }
        if due.isEmpty {
            result.unchanged += 1
            result.skipped.append(.init(path: message.path, detail: "unchanged since the last send"))
            progress(
                "skipped \(message.path): unchanged since the last send (every recipient has it; --resend sends it again)"
            )
            return nil
        }
        guard let sender = options.envelopeFrom ?? message.sender else {
            fail(&result, message.path, "no sender: the message has no From: address (give --envelope-from)")
            return nil
        }
        // The report's message each recipient had before, the latest first: the one this follows.
        let previous = due.compactMap { log.lastSent(path: message.path, to: $0) }
            .filter { $0.messageID != identity }.max { $0.line < $1.line }?.messageID
        // The chain before it: the report's messages sent before the one it follows, oldest first.
        let threaded =
            previous.map { parent in
                let sent = log.sent(path: message.path)
                let earlier = sent.prefix { $0 != parent }.filter { $0 != identity }
                return message.threaded(after: parent, earlier: Array(earlier))
            } ?? message.bytes
        let bytes = MessageHeaders.dated(threaded, options.clock())
        if options.dryRun {
            let detail =
                "from \(sender) to \(due.count) recipient\(due.count == 1 ? "" : "s") (\(due.joined(separator: ", ")))"
            result.wouldSend.append(.init(path: message.path, detail: detail))
            progress("would send \(message.path) \(detail)")
            return nil
        }
        guard let server = options.server else {
            return BuildError(
                .usage, .none, "no SMTP server: give --smtp URL, GAZETTE_SMTP_URL or email: {smtp: URL} in the job")
        }
        switch deliver(message.path, bytes, from: sender, to: due, server: server) {
        case let .accepted(reply, refused):
            FaultPoint.afterAccepted.reach()
            let refusedAddresses = Set(refused.map { $0.recipient.lowercased() })
            do {
                try log.record(
                    messageID: identity, sha256: SendLog.digest(bytes), at: options.clock(), path: message.path,
                    reply: reply, recipients: due.filter { !refusedAddresses.contains($0.lowercased()) })
            } catch {
                return error
            }
            let delivered = due.count - refused.count
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
        return nil
    }

    /// One message, tried again after a temporary fault: `attempts` tries, the wait doubling.
    private func deliver(
        _ path: String, _ bytes: [UInt8], from sender: String, to recipients: [String], server: SMTPServer
    ) -> DeliveryOutcome {
        var wait = options.backoff
        var outcome = DeliveryOutcome.temporary("not tried")
        for attempt in 1...max(1, options.attempts) {
            outcome = transport.deliver(bytes, from: sender, to: recipients, server: server)
            guard case let .temporary(reason) = outcome, attempt < options.attempts else { return outcome }
            progress("retrying \(path) in \(secondsText(wait)): \(reason)")
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
