import Foundation
import GazetteCore
import ReportFacts
import Reports
import Jobs

/// Where the build says what it is doing. The CLI prints; tests collect.
public struct Reporter: Sendable {
    public var progress: @Sendable (String) -> Void
    public var warning: @Sendable (String) -> Void
    public var error: @Sendable (String) -> Void
    /// What each step did, for `--verbose`.
    public var detail: @Sendable (String) -> Void
    /// How long a part of the build took, in seconds: a step (`build reports`) or a phase of one
    /// report (`draw charts`), with the report's title. Measured only; nothing of it reaches the output.
    public var timing: @Sendable (_ part: String, _ report: String?, _ seconds: Double) -> Void
    /// Counts of the long step (reports built, chart files done), on every change: a terminal
    /// shows them in place, a log every tenth of the way.
    public var advance: @Sendable (BuildProgress) -> Void

    public init(
        progress: @escaping @Sendable (String) -> Void,
        warning: @escaping @Sendable (String) -> Void,
        error: @escaping @Sendable (String) -> Void,
        detail: @escaping @Sendable (String) -> Void = { _ in },
        timing: @escaping @Sendable (_ part: String, _ report: String?, _ seconds: Double) -> Void = { _, _, _ in },
        advance: @escaping @Sendable (BuildProgress) -> Void = { _ in }
    ) {
        self.detail = detail
        self.advance = advance
        self.timing = timing
        self.progress = progress
        self.warning = warning
        self.error = error
    }

    public static let silent = Reporter(progress: { _ in }, warning: { _ in }, error: { _ in })
}

/// What a build did, and the exit status that tells the truth about it.
public struct BuildResult: Sendable {
    public var reports: [ReportOutcome]
    /// An error that stopped the whole build (templates, writing the output).
    public var fatal: BuildError?
    public var output: URL
    /// The site's title, when the caller does not know it (a merge reads it from the parts).
    public var siteTitle: String? = nil
    /// Warnings about the site rather than one report: a template that replaces nothing, a font
    /// substituted. Printed as they happen, and counted and listed with the reports' own.
    public var siteWarnings: [String] = []
    /// The inputs' paths by the file names warnings give (`w.txt` → `/repo/logs/w.txt`), so an
    /// annotation can point at the line of the file in the repository.
    public var sourcePaths: [String: String] = [:]

    public init(reports: [ReportOutcome], fatal: BuildError?, output: URL) {
        self.reports = reports
        self.fatal = fatal
        self.output = output
    }

    public var builtCount: Int { reports.filter { $0.error == nil }.count }
    public var failedCount: Int { reports.filter { $0.error != nil }.count }
    public var warningCount: Int { reports.reduce(siteWarnings.count) { $0 + $1.warnings.count } }

    /// 0 when every report was built, 1 when a report failed on its input, 64 on a usage error,
    /// 65 on a template error, 74 when the output could not be written.
    public var exitCode: Int32 {
        if let fatal { return ExitStatus.code(for: fatal.kind) }
        if let usage = reports.compactMap(\.error).first(where: { $0.kind == .usage }) {
            return ExitStatus.code(for: usage.kind)
        }
        return failedCount > 0 ? ExitStatus.inputFailure : ExitStatus.success
    }

    /// Whether the output folder was there before the build: only then can it be "unchanged".
    public var hadPreviousOutput = true
    /// The site's files and bytes as published (or as it would have been); nil for a shard's part
    /// or a build that stopped before its front page.
    public var siteWeight: SiteWeight?

    /// What became of the output when the build stopped.
    private var outputFate: String {
        hadPreviousOutput ? "The previous output is unchanged." : "Nothing was written to \(output.path)."
    }

    /// The line that ends the terminal's account. A build that stopped has had its error printed
    /// in full already, so this line does not repeat it.
    public var closingLine: String {
        fatal == nil ? summaryLine : "Build failed (exit \(exitCode)) on the error above. \(outputFate)"
    }

    /// "Built 3 of 4 reports into Output: 112 files, 2.41 MB (2 warnings, 1 error)."; for a
    /// summary file, a stopped build's error in one line.
    public var summaryLine: String {
        func plural(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }
        if let fatal { return "Build failed: \(Self.sentence(fatal.headline)) \(outputFate)" }
        let weight = siteWeight.map { ": \($0.description)" } ?? ""
        return
            "Built \(builtCount) of \(plural(reports.count, "report")) into \(output.path)\(weight) (\(plural(warningCount, "warning")), \(plural(failedCount, "error")))."
    }
}

extension BuildResult {
    /// `text` ending in one full stop, whether or not it had one.
    static func sentence(_ text: String) -> String {
        guard let last = text.last, !".!?…".contains(last) else { return text }
        return text + "."
    }
}

public enum ExitStatus {
    public static let success: Int32 = 0
    public static let inputFailure: Int32 = 1
    public static let usage: Int32 = 64
    public static let template: Int32 = 65
    public static let io: Int32 = 74

    static func code(for kind: BuildError.Kind) -> Int32 {
        switch kind {
        case .input: return inputFailure
        case .usage: return usage
        case .template: return template
        case .io: return io
        }
    }
}
