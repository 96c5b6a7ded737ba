import ArgumentParser
import Email
import Foundation
import GazetteCore
import Jobs
import Sending
import SiteBuild

/// The SMTP options `gazette send` and `gazette build --send` share.
struct SMTPOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "The SMTP server: smtp://host:587 (STARTTLS) or smtps://host:465 (default: GAZETTE_SMTP_URL, else the job's email: {smtp:}).",
            valueName: "url"))
    var smtp: String?

    @Option(
        name: .customLong("smtp-ca"),
        help: ArgumentHelp("A private CA's certificates (PEM) to verify the server with.", valueName: "file"))
    var smtpCA: String?

    @Flag(
        name: .customLong("require-tls"),
        help: "Refuse clear text even on the loopback, where smtp:// may otherwise go without STARTTLS.")
    var requireTLS = false

    @Option(
        name: .customLong("envelope-from"),
        help: ArgumentHelp("The envelope's sender (default: each message's From: address).", valueName: "address"),
        transform: { try Mailbox.argument($0, flag: "--envelope-from") })
    var envelopeFrom: Mailbox?

    @Option(
        name: .customLong("smtp-timeout"),
        help: ArgumentHelp(
            "Seconds one message may take, connecting included (default 60; connecting alone 10).",
            valueName: "seconds"))
    var smtpTimeout: Double?

    @Flag(help: "Send every message again, to every recipient, whatever the send log says they had.")
    var resend = false

    @Flag(name: .customLong("dry-run"), help: "Print what would be sent, to whom; send nothing.")
    var dryRun = false

    @Option(
        name: .customLong("send-log"),
        help: ArgumentHelp(
            "The send log: what each recipient last got of each report (default: .gazette-sent beside the output folder). Deleting it sends every report once more.",
            valueName: "file"))
    var sendLog: String?

    @Option(
        name: .customLong("lock-wait"),
        help: ArgumentHelp(
            "Seconds to wait for another send that holds the send log before giving up (default 300).",
            valueName: "seconds"))
    var lockWait: Double?

    func validate() throws {
        if let smtpTimeout, !(smtpTimeout > 0 && smtpTimeout <= 3600) {
            throw ValidationError("--smtp-timeout must be between 0 and 3600 seconds")
        }
        if let lockWait, !(lockWait >= 0 && lockWait <= 86_400) {
            throw ValidationError("--lock-wait must be between 0 and 86400 seconds")
        }
    }

    /// The send's settings: the server from the option, the environment or the job; the user and
    /// password from GAZETTE_SMTP_USER and GAZETTE_SMTP_PASSWORD (else ~/.netrc, read by libcurl).
    func sendOptions(job: Job?, environment: [String: String] = ProcessInfo.processInfo.environment) throws(BuildError)
        -> SendOptions
    {
        let nonEmpty = { (name: String) in environment[name].flatMap { $0.isEmpty ? nil : $0 } }
        let url = smtp ?? nonEmpty("GAZETTE_SMTP_URL") ?? job.flatMap(OutputChannels.smtpServer)
        var server: SMTPServer?
        if let url {
            server = try SMTPServer(
                parsing: url, caFile: smtpCA, user: nonEmpty("GAZETTE_SMTP_USER"),
                password: nonEmpty("GAZETTE_SMTP_PASSWORD"), requireTLSOnLoopback: requireTLS)
            if let smtpTimeout {
                server?.messageTimeout = smtpTimeout
                server?.connectTimeout = min(10, smtpTimeout)
            }
            if let caFile = smtpCA, !FileManager.default.isReadableFile(atPath: caFile) {
                throw BuildError(.usage, .file(caFile), "--smtp-ca: cannot read the file")
            }
        } else if !dryRun {
            throw BuildError(
                .usage, .none,
                "no SMTP server: give --smtp URL, set GAZETTE_SMTP_URL, or put email: {smtp: URL} in the job")
        }
        var options = SendOptions(server: server)
        options.envelopeFrom = envelopeFrom?.address
        options.resend = resend
        options.dryRun = dryRun
        let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        options.logFile = sendLog.map { URL(fileURLWithPath: $0, relativeTo: cwd).standardizedFileURL }
        if let lockWait { options.lockWait = lockWait }
        options.recipientKey = nonEmpty("GAZETTE_RECIPIENT_KEY").map { Array($0.utf8) }
        return options
    }
}

/// Runs a send and prints its lines: each message on standard output (failures and refused
/// recipients on standard error; `-q` keeps only those), then the counts. When standard output
/// carries a summary (the send's, or `build --send`'s), the lines go to standard error.
enum SendRun {
    static func run(output: URL, options: SendOptions, quiet: Bool, linesToStandardError: Bool = false)
        -> SendResult
    {
        let say: @Sendable (String) -> Void = { line in linesToStandardError ? Console.error(line) : Console.line(line)
        }
        var sender = Sender(options: options)
        sender.progress = { line in if !quiet { say(line) } }
        sender.problem = { line in Console.error(line) }
        let result = sender.run(output: output)
        if !quiet { say(result.summaryLine) }
        return result
    }
}
