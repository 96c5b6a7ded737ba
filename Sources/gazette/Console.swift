import Foundation
import Logging
import SiteBuild

/// What the command prints: progress on standard output, warnings and errors on standard error.
/// When standard output carries a `--summary`, progress moves to standard error.
enum Console {
    static func reporter(quiet: Bool, logger: Logger, progressToStandardError: Bool = false) -> Reporter {
        let detailLogger = logger
        let counts = ProgressLine(descriptor: progressToStandardError ? STDERR_FILENO : STDOUT_FILENO)
        return Reporter(
            progress: { line in
                guard !quiet else { return }
                counts.end()
                if progressToStandardError {
                    error(line)
                } else {
                    // Unbuffered, so progress stays in step with what goes to standard error.
                    FileHandle.standardOutput.write(Data((line + "\n").utf8))
                }
            },
            warning: { line in if !quiet { error(line) } },
            error: { line in error(line) },
            detail: { line in
                guard detailLogger.logLevel <= .debug else { return }
                ProgressLine.endAll()
                detailLogger.debug("\(line)")
            },
            timing: { part, report, seconds in
                // --verbose: how long each step, and each part of each report, took.
                guard detailLogger.logLevel <= .debug else { return }
                ProgressLine.endAll()
                let took = String(format: "%.3f s", seconds)
                detailLogger.debug("\(report.map { "  \($0): \(part)" } ?? "  step \"\(part)\"") took \(took)")
            },
            advance: { progress in if !quiet { counts.show(progress) } }
        )
    }

    /// A line on standard output, unbuffered, so it stays in step with standard error.
    static func line(_ text: String) {
        ProgressLine.endAll()
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }

    static func error(_ text: String) {
        ProgressLine.endAll()
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }

    static func printResult(_ result: BuildResult, quiet: Bool, summaryOnStandardError: Bool = false) {
        for report in result.reports {
            // -q prints errors only.
            if !quiet { for warning in report.warnings { error("\(report.title): warning: \(warning.userText)") } }
            if let failure = report.error { error("\(report.title): \(failure.description)") }
        }
        if let fatal = result.fatal { error(fatal.description + (fatal.context.map { "\n" + $0 } ?? "")) }
        guard !quiet || result.exitCode != 0 else { return }
        if summaryOnStandardError || result.fatal != nil { error(result.closingLine) } else { line(result.closingLine) }
    }
}
