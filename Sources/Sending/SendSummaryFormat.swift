import Foundation

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
                "### Gazette send", "", result.summaryLine, "", "| sent | skipped | failed |", "|---:|---:|---:|",
                "| \(result.sent.count) | \(result.skipped.count) | \(result.failed.count) |", ""
            ]
            let rows =
                result.wouldSend.map { ("would send", $0) } + result.sent.map { ("sent", $0) }
                + result.skipped.map { ("skipped", $0) }
                + result.failed.map { ("failed", $0) }
            if !rows.isEmpty {
                lines += ["| message | outcome | detail |", "|---|---|---|"]
                lines += rows.map { "| `\($0.1.path)` | \($0.0) | \(Self.cell($0.1.detail)) |" }
                lines.append("")
            }
            for warning in result.warnings { lines.append("- warning: \(Self.cell(warning))") }
            return lines.joined(separator: "\n") + "\n"
        case .json:
            func entries(_ list: [SendResult.Entry]) -> [[String: String]] {
                list.map { ["path": $0.path, "detail": $0.detail] }
            }
            let object: [String: Any] = [
                "sent": entries(result.sent), "skipped": entries(result.skipped), "failed": entries(result.failed),
                "wouldSend": entries(result.wouldSend), "warnings": result.warnings, "dryRun": result.dryRun,
                "counts": [
                    "sent": result.sent.count, "skipped": result.skipped.count, "failed": result.failed.count,
                    "unchanged": result.unchanged, "wouldSend": result.wouldSend.count
                ]
            ]
            let data =
                (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .prettyPrinted]))
                ?? Data("{}".utf8)
            return String(decoding: data, as: UTF8.self) + "\n"
        }
    }

    private static func cell(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
    }
}
