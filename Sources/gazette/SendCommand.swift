import ArgumentParser
import Foundation
import GazetteCore
import Jobs
import SiteBuild
import Sending

extension SendSummaryFormat: ExpressibleByArgument {}

struct SendCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "send",
        abstract: "Deliver every report.eml of a built site over SMTP to each recipient who has not had its content.",
        discussion: """
            Sends each report.eml that has a recipient (To:, Cc: or Bcc:; Bcc: never goes out in the \
            message) through the SMTP server, and writes it to the send log `.gazette-sent` beside the \
            output folder as soon as the server accepts it. A report's Message-ID is made from its \
            content, never the clock: a recipient gets a message only when its Message-ID differs from \
            the one they last got of that report (threaded after it with In-Reply-To and References), \
            so running send again, or rebuilding unchanged inputs on a later clock, sends nothing. \
            The user and password come from GAZETTE_SMTP_USER and GAZETTE_SMTP_PASSWORD, or ~/.netrc. \
            A 4xx reply is tried again (3 attempts); a 5xx reply fails that message and the others go on.

            Exit status: 0 every message sent or skipped; 1 a message failed; 64 usage error.
            """
    )

    @Argument(help: "The built site's folder (default ./Output), or the job file whose output to send.")
    var target: String?

    @OptionGroup var smtp: SMTPOptions

    @Option(
        help: ArgumentHelp(
            "Print the counts of sent, skipped and failed messages on standard output: text, markdown, json, or github (annotations; the markdown is appended to $GITHUB_STEP_SUMMARY); the send's own lines then go to standard error.",
            valueName: "format"))
    var summary: SendSummaryFormat?

    @Flag(name: .shortAndLong, help: "Print only failures.")
    var quiet = false

    func run() throws {
        let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        var job: Job?
        var output = cwd.appendingPathComponent("Output")
        if let target {
            let url = URL(fileURLWithPath: target, relativeTo: cwd).standardizedFileURL
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue {
                do {
                    job = try JobFileLoader().load(url)
                } catch {
                    throw stop(error)
                }
                output = job!.output
            } else {
                output = url
            }
        }
        let options: SendOptions
        do {
            options = try smtp.sendOptions(job: job)
        } catch {
            throw stop(error)
        }
        let result = SendRun.run(output: output, options: options, quiet: quiet, linesToStandardError: summary != nil)
        var exitCode = result.exitCode
        if let summary, let failed = SummaryOutput.write(summary, result, output: output), exitCode == 0 {
            exitCode = failed
        }
        if exitCode != 0 { throw ExitCode(exitCode) }
    }

    /// An error before any message is sent (the job, the server): said, and in the summary too,
    /// so it reaches the CI page; a usage error (64).
    private func stop(_ error: BuildError) -> ExitCode {
        Console.error(error.description)
        if let summary {
            var stopped = SendResult()
            stopped.fatal = error
            _ = SummaryOutput.write(summary, stopped, output: URL(fileURLWithPath: "."))
        }
        return ExitCode(ExitStatus.usage)
    }
}
