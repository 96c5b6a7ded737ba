import Foundation
import GazetteCore

/// `--summary` for a send: the counts of sent, skipped and failed messages, with each one's path
/// and the server's reply or the reason.
public enum SendSummaryFormat: String, CaseIterable, Sendable {
    case text, markdown, json

    public func render(_ result: SendResult) -> String {
        switch self {
        case .text:
            var lines = [result.summaryLine]
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
            if !rows.isEmpty {
                lines += ["| message | outcome | detail |", "|---|---|---|"]
                lines += rows.map {
                    "| \(SummaryText.markdownCode($0.1.path)) | \($0.0) | \(SummaryText.markdown($0.1.detail)) |"
                }
                lines.append("")
            }
            for warning in result.warnings { lines.append("- warning: \(SummaryText.markdown(warning))") }
            return lines.joined(separator: "\n") + "\n"
        case .json:
            func entries(_ list: [SendResult.Entry]) -> JSONValue {
                .array(list.map { .object(["path": .string($0.path), "detail": .string($0.detail)]) })
            }
            let object: JSONValue = .object([
                "sent": entries(result.sent), "skipped": entries(result.skipped), "failed": entries(result.failed),
                "wouldSend": entries(result.wouldSend), "warnings": .array(result.warnings.map(JSONValue.string)),
                "dryRun": .bool(result.dryRun),
                "counts": .object([
                    "sent": .int(result.sent.count), "skipped": .int(result.skipped.count),
                    "failed": .int(result.failed.count), "unchanged": .int(result.unchanged),
                    "wouldSend": .int(result.wouldSend.count)
                ])
            ])
            return object.rendered()
        }
    }
}
