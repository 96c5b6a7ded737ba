import ReportFacts
import Reports
import Foundation
import GazetteCore

/// The build's result for people and tools: plain text, a Markdown table (a CI job summary), JSON,
/// or GitHub Actions workflow commands (annotations; the Markdown table goes to the job summary).
public enum SummaryFormat: String, CaseIterable, Sendable {
    case text, markdown, json, github

    /// The summary for standard output. Paths in it (annotations' `file=`, errors' places) are
    /// relative to `workspace` (GitHub matches them against the repository's files).
    public func render(_ result: BuildResult, title: String, workspace: String? = nil) -> String {
        switch self {
        case .text: return Self.text(result, title: title, workspace: workspace)
        case .markdown: return Self.markdown(result, title: title, workspace: workspace)
        case .json: return Self.json(result, title: title, workspace: workspace).rendered()
        case .github: return Self.github(result, title: title, workspace: workspace)
        }
    }

    /// The errors that stopped the build (a job file's every mistake, a template's), each with
    /// its own place, paths relative to `workspace`.
    static func stoppers(_ result: BuildResult, workspace: String?) -> [BuildError] {
        guard let fatal = result.fatal else { return [] }
        var first = fatal
        first.more = []
        return ([first] + fatal.more).map { relativized($0, to: workspace) }
    }

    /// The error with its file named relative to `workspace`.
    static func relativized(_ error: BuildError, to workspace: String?) -> BuildError {
        error.withFiles { relative($0, to: workspace) }
    }

    /// `::error file=…,line=…,col=…,title=…::message` for every error (those that stopped the
    /// build before any report, a job file's or a template's, included) and `::warning …` for
    /// every warning, with `file=` (and `line=`) where it is tied to an input file (or its line) (GitHub
    /// shows them on the run and, for files in the repository, on the lines).
    static func github(_ result: BuildResult, title: String, workspace: String?) -> String {
        var lines: [String] = []
        func command(_ name: String, _ error: BuildError?, title: String, message: String) -> String {
            WorkflowCommand.make(name, at: error?.location, title: title, message: message, workspace: workspace)
        }
        func warningCommand(_ warning: ReportWarning, report: ReportOutcome) -> String {
            var properties: [String] = []
            if let place = warning.place {
                let path = result.sourcePaths[place.file] ?? place.file
                properties.append("file=\(property(relative(path, to: workspace)))")
                if let line = place.line { properties.append("line=\(line)") }
            }
            properties.append("title=\(property("Gazette: \(report.title)"))")
            return "::warning \(properties.joined(separator: ","))::\(data(warning.userMessage ?? warning.message))"
        }
        for report in result.reports {
            if let error = report.error {
                let place: String
                if case let .json(_, keyPath) = error.location { place = "\(keyPath): " } else { place = "" }
                lines.append(command("error", error, title: "Gazette: \(report.title)", message: place + error.message))
            }
            for warning in report.warnings {
                lines.append(warningCommand(warning, report: report))
            }
        }
        for warning in result.siteWarnings {
            lines.append(command("warning", nil, title: "Gazette: \(title)", message: warning))
        }
        for error in stoppers(result, workspace: workspace) {
            let place: String
            if case let .json(_, keyPath) = error.location, !keyPath.isEmpty {
                place = "\(keyPath): "
            } else {
                place = ""
            }
            lines.append(command("error", error, title: "Gazette: the build stopped", message: place + error.message))
        }
        return lines.map { $0 + "\n" }.joined()
    }

    /// The result's closing line, its paths relative to `workspace`.
    static func summaryLine(_ result: BuildResult, _ workspace: String?) -> String {
        var shown = result
        shown.fatal = result.fatal.map { relativized($0, to: workspace) }
        return shown.summaryLine
    }

    /// `path` inside `workspace` as a relative path; any other path as it is.
    static func relative(_ path: String, to workspace: String?) -> String {
        WorkflowCommand.relative(path, to: workspace)
    }

    private static func data(_ text: String) -> String { SummaryText.workflowData(text) }
    private static func property(_ text: String) -> String { SummaryText.workflowProperty(text) }

    private static func status(_ report: ReportOutcome) -> String {
        if report.error != nil { return "failed" }
        return report.warnings.isEmpty
            ? "built" : "built with \(report.warnings.count) warning\(report.warnings.count == 1 ? "" : "s")"
    }

    static func text(_ result: BuildResult, title: String, workspace: String? = nil) -> String {
        var lines = [title, String(repeating: "=", count: title.count), summaryLine(result, workspace), ""]
        let stoppers = stoppers(result, workspace: workspace)
        if !stoppers.isEmpty {
            lines.append("The build stopped:")
            lines += stoppers.map { "  error: " + $0.headline }
            lines.append("")
        }
        for report in result.reports {
            lines.append(
                "\(report.title) (\(report.kind.defaultTitle.lowercased())): \(report.headline ?? status(report))")
            if let error = report.error {
                lines.append("  failed: \(relativized(error, to: workspace).headline)")
                continue
            }
            lines += report.summary.map { "  " + $0 }
            lines += report.warnings.map { "  warning: " + $0.userText }
            lines.append("")
        }
        if !result.siteWarnings.isEmpty {
            lines.append("The site:")
            lines += result.siteWarnings.map { "  warning: " + $0 }
            lines.append("")
        }
        return lines.joined(separator: "\n") + (lines.last == "" ? "" : "\n")
    }

    static func markdown(_ result: BuildResult, title: String, workspace: String? = nil) -> String {
        let cell = SummaryText.markdown
        var lines = [
            "### \(cell(title))", "", cell(summaryLine(result, workspace)), "",
            "| Report | Kind | Headline | Status | Page |", "|---|---|---|---|---|"
        ]
        for error in stoppers(result, workspace: workspace) {
            lines.append("| — | — | \(cell("❌ " + error.headline)) | stopped the build | — |")
        }
        for report in result.reports {
            let headline = report.error.map { "❌ " + relativized($0, to: workspace).headline } ?? report.headline ?? ""
            lines.append(
                "| \(cell(report.title)) | \(report.kind.defaultTitle) | \(cell(headline)) | \(status(report)) | \(SummaryText.markdownCode(report.slug + "/index.html")) |"
            )
        }
        let warned = result.reports.filter { !$0.warnings.isEmpty }
        if !warned.isEmpty || !result.siteWarnings.isEmpty {
            lines += ["", "#### Warnings", ""]
            for report in warned {
                lines += report.warnings.map { "- \(cell(report.title)): \(cell($0.userText))" }
            }
            lines += result.siteWarnings.map { "- \(cell($0))" }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    public static func json(_ result: BuildResult, title: String, workspace: String? = nil) -> JSONValue {
        let stoppers = stoppers(result, workspace: workspace)
        return .object([
            "title": .string(title),
            "exitCode": .int(Int(result.exitCode)),
            "built": .int(result.builtCount),
            "failed": .int(result.failedCount),
            "warningCount": .int(result.warningCount),
            // The site's own; each report lists its warnings with it.
            "warnings": .array(result.siteWarnings.map(JSONValue.string)),
            "reports": .array(
                result.reports.map { report in
                    .object([
                        "title": .string(report.title),
                        "slug": .string(report.slug),
                        "kind": .string(report.kind.rawValue),
                        "status": .string(report.error == nil ? "built" : "failed"),
                        "headline": .optional(report.headline),
                        "summary": .array(report.summary.map(JSONValue.string)),
                        "warnings": .array(report.warnings.map { .string($0.userText) }),
                        "error": report.error.map { Self.fields(relativized($0, to: workspace)) } ?? .null
                    ])
                }),
            // The first error that stopped the build, and with it every one found in the same pass.
            "fatal": stoppers.first.map(Self.fields) ?? .null,
            "errors": .array(stoppers.map(Self.fields))
        ])
    }

    /// An error as fields a program can use (`BuildError.summaryFields`).
    static func fields(_ error: BuildError) -> JSONValue { error.summaryFields }
}
