import Foundation
import GazetteCore

/// `--summary` for a send: the counts of sent, skipped and failed messages, with each one's path
/// and the server's reply or the reason; `github` makes every failure an `::error` annotation
/// (the Markdown goes to the job summary), so a send's failure reaches the CI page as a build's does.
public enum SendSummaryFormat: String, CaseIterable, Sendable {
    case text, markdown, json, github

    /// The summary; `output` is the site's folder the messages' paths are inside, and paths are
    /// shown relative to `workspace`.
    public func render(_ result: SendResult, output: URL? = nil, workspace: String? = nil) -> String {
        switch self {
        case .text:
            var lines = [result.summaryLine]
            if let fatal = Self.fatal(result, workspace: workspace) { lines.append(fatal.headline) }
            for entry in result.wouldSend { lines.append("would send \(entry.path) \(entry.detail)") }
            for entry in result.sent { lines.append("sent \(entry.path): \(entry.detail)") }
            for entry in result.skipped { lines.append("skipped \(entry.path): \(entry.detail)") }
            for entry in result.failed { lines.append("failed \(entry.path): \(entry.detail)") }
            for warning in result.warnings { lines.append("warning: \(warning)") }
            return lines.joined(separator: "\n") + "\n"
        case .markdown:
            var lines = [
                "### Gazette send", "", SummaryText.markdown(result.summaryLine), "", "| sent | skipped | failed |",
                "|---:|---:|---:|",
                "| \(result.sent.count) | \(result.skipped.count) | \(result.failed.count) |", ""
            ]
            let rows =
                result.wouldSend.map { ("would send", $0) } + result.sent.map { ("sent", $0) }
                + result.skipped.map { ("skipped", $0) }
                + result.failed.map { ("failed", $0) }
            if !rows.isEmpty || result.fatal != nil {
                lines += ["| message | outcome | detail |", "|---|---|---|"]
                if let fatal = Self.fatal(result, workspace: workspace) {
                    lines.append("| — | stopped the send | \(SummaryText.markdown("❌ " + fatal.headline)) |")
                }
                lines += rows.map {
                    "| \(SummaryText.markdownCode($0.1.path)) | \($0.0) | \(SummaryText.markdown($0.1.detail)) |"
                }
                lines.append("")
            }
            for warning in result.warnings { lines.append("- warning: \(SummaryText.markdown(warning))") }
            return lines.joined(separator: "\n") + "\n"
        case .json:
            return Self.json(result, output: output, workspace: workspace).rendered()
        case .github:
            return Self.errors(result, output: output, workspace: workspace).map { error in
                WorkflowCommand.make(
                    "error", at: error.location, title: "Gazette: send", message: error.message, workspace: nil)
                    + "\n"
            }.joined()
                + result.warnings.map {
                    WorkflowCommand.make("warning", at: nil, title: "Gazette: send", message: $0, workspace: nil) + "\n"
                }.joined()
        }
    }

    /// The send's JSON: every list, the counts, and every error as fields (`file`, `line`,
    /// `column`, `keyPath`, `message`), as the build's JSON gives its own.
    public static func json(_ result: SendResult, output: URL? = nil, workspace: String? = nil) -> JSONValue {
        func entries(_ list: [SendResult.Entry]) -> JSONValue {
            .array(list.map { .object(["path": .string($0.path), "detail": .string($0.detail)]) })
        }
        return .object([
            "sent": entries(result.sent), "skipped": entries(result.skipped), "failed": entries(result.failed),
            "wouldSend": entries(result.wouldSend), "warnings": .array(result.warnings.map(JSONValue.string)),
            "dryRun": .bool(result.dryRun),
            "counts": .object([
                "sent": .int(result.sent.count), "skipped": .int(result.skipped.count),
                "failed": .int(result.failed.count), "unchanged": .int(result.unchanged),
                "wouldSend": .int(result.wouldSend.count)
            ]),
            "fatal": fatal(result, workspace: workspace)?.summaryFields ?? .null,
            "errors": .array(errors(result, output: output, workspace: workspace).map(\.summaryFields))
        ])
    }

    /// The error that stopped the send, its file relative to `workspace`.
    private static func fatal(_ result: SendResult, workspace: String?) -> BuildError? {
        result.fatal.map { $0.withFiles { WorkflowCommand.relative($0, to: workspace) } }
    }

    /// Every error of the send as a `BuildError` at its message's file: the one that stopped it,
    /// then each failed message.
    static func errors(_ result: SendResult, output: URL?, workspace: String?) -> [BuildError] {
        let failed = result.failed.map { entry in
            let path = output.map { $0.appendingPathComponent(entry.path).path } ?? entry.path
            return BuildError(.io, .file(WorkflowCommand.relative(path, to: workspace)), entry.detail)
        }
        return (fatal(result, workspace: workspace).map { [$0] } ?? []) + failed
    }
}
