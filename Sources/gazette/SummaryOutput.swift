import Foundation
import GazetteCore
import Sending
import SiteBuild

/// Where `--summary` goes: the summary on standard output; for `github`, the annotations there and
/// the Markdown table appended to `$GITHUB_STEP_SUMMARY` (or on standard output when it is unset,
/// as on a machine outside GitHub Actions).
enum SummaryOutput {
    /// A send that `build --send` ran after the build, for the build's summary to hold too.
    struct Send {
        var result: SendResult
        var output: URL
    }

    /// Prints the build's summary (and its send's); returns the exit status to use when the job
    /// summary could not be written. For `github`, `site` (the folder the build wrote) is also the
    /// step's `output` (`$GITHUB_OUTPUT`), so a workflow uploads the job's own output folder.
    static func write(
        _ format: SummaryFormat, _ result: BuildResult, title: String, send: Send? = nil, site: URL? = nil,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> Int32? {
        let workspace = workspace(environment)
        if format == .github, let site, let path = environment["GITHUB_OUTPUT"], !path.isEmpty {
            do {
                try append("output=\(WorkflowCommand.relative(site.path, to: workspace))\n", to: path)
            } catch {
                Console.error("\(path): error: could not set the step's output (\(error.localizedDescription))")
                return ExitStatus.io
            }
        }
        var printed = format.render(result, title: title, workspace: workspace)
        var markdown =
            format == .github ? SummaryFormat.markdown.render(result, title: title, workspace: workspace) : nil
        if let send {
            let render = { (format: SendSummaryFormat) in
                format.render(send.result, output: send.output, workspace: workspace)
            }
            switch format {
            case .text: printed += "\n" + render(.text)
            case .markdown: printed += "\n" + render(.markdown)
            case .github:
                printed += render(.github)
                markdown = (markdown ?? "") + "\n" + render(.markdown)
            case .json:
                // One JSON document on standard output: the send is a field of the build's.
                var json = SummaryFormat.json(result, title: title, workspace: workspace)
                if case var .object(fields) = json {
                    fields["send"] = SendSummaryFormat.json(send.result, output: send.output, workspace: workspace)
                    // The command's status: the build's, else the send's (as `build --send` exits).
                    if result.exitCode == 0 { fields["exitCode"] = .int(Int(send.result.exitCode)) }
                    json = .object(fields)
                }
                printed = json.rendered()
            }
        }
        return publish(printed, stepSummary: markdown, environment: environment)
    }

    /// Prints a send's summary (`gazette send --summary`), the Markdown to the job summary for `github`.
    static func write(
        _ format: SendSummaryFormat, _ result: SendResult, output: URL,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> Int32? {
        let workspace = workspace(environment)
        return publish(
            format.render(result, output: output, workspace: workspace),
            stepSummary: format == .github
                ? SendSummaryFormat.markdown.render(result, output: output, workspace: workspace) : nil,
            environment: environment)
    }

    /// The folder summaries name paths relative to: `$GITHUB_WORKSPACE`, else the current folder.
    static func workspace(_ environment: [String: String]) -> String {
        environment["GITHUB_WORKSPACE"].flatMap { $0.isEmpty ? nil : $0 } ?? FileManager.default.currentDirectoryPath
    }

    /// `text` on standard output and `markdown` appended to `$GITHUB_STEP_SUMMARY` (on standard
    /// output when it is unset).
    private static func publish(_ text: String, stepSummary markdown: String?, environment: [String: String])
        -> Int32?
    {
        print(text, terminator: "")
        guard let markdown else { return nil }
        guard let path = environment["GITHUB_STEP_SUMMARY"], !path.isEmpty else {
            print(markdown, terminator: "")
            return nil
        }
        do {
            try append(markdown, to: path)
            return nil
        } catch {
            Console.error("\(path): error: could not append the job summary (\(error.localizedDescription))")
            return ExitStatus.io
        }
    }

    /// GitHub gives each step an empty file; a step that writes twice appends, as its docs ask.
    private static func append(_ text: String, to path: String) throws {
        if !FileManager.default.fileExists(atPath: path) {
            try Data().write(to: URL(fileURLWithPath: path))
        }
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(text.utf8))
    }

    /// The summary of a build stopped before it began (a job file, an option, the send's server):
    /// no report built, the error as every other error is shown, on the CI page too.
    static func stopped(_ format: SummaryFormat, _ error: BuildError, title: String = "Gazette") {
        let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        let stopped = BuildResult(reports: [], fatal: error, output: cwd.appendingPathComponent("Output"))
        _ = write(format, stopped, title: title)
    }
}
