import Reports
import Foundation
import GazetteCore

/// The build's result for people and tools: plain text, a Markdown table (a CI job summary), JSON,
/// or GitHub Actions workflow commands (annotations; the Markdown table goes to the job summary).
public enum SummaryFormat: String, CaseIterable, Sendable {
    case text, markdown, json, github

    /// The summary for standard output. `workspace` is the folder annotations' `file=` paths are
    /// relative to (GitHub matches them against the repository's files).
    public func render(_ result: BuildResult, title: String, workspace: String? = nil) -> String {
        switch self {
        case .text: return Self.text(result, title: title)
        case .markdown: return Self.markdown(result, title: title)
        case .json: return Self.json(result, title: title).rendered()
        case .github: return Self.github(result, title: title, workspace: workspace)
        }
    }

    /// `::error file=…,line=…,col=…,title=…::message` for every error and `::warning …` for every
    /// warning, the site's included (GitHub shows them on the run and, for files in the
    /// repository, on the lines).
    static func github(_ result: BuildResult, title: String, workspace: String?) -> String {
        var lines: [String] = []
        func command(_ name: String, _ error: BuildError?, title: String, message: String) -> String {
            var properties: [String] = []
            switch error?.location {
            case let .text(path, line, column, _, _)?:
                properties += ["file=\(property(relative(path, to: workspace)))", "line=\(line)", "col=\(column)"]
            case let .json(path, _)?, let .file(path)?:
                properties.append("file=\(property(relative(path, to: workspace)))")
            default:
                break
            }
            properties.append("title=\(property(title))")
            return "::\(name) \(properties.joined(separator: ","))::\(data(message))"
        }
        for report in result.reports {
            if let error = report.error {
                let place: String
                if case let .json(_, keyPath) = error.location { place = "\(keyPath): " } else { place = "" }
                lines.append(command("error", error, title: "Gazette: \(report.title)", message: place + error.message))
            }
            for warning in report.warnings {
                lines.append(command("warning", nil, title: "Gazette: \(report.title)", message: warning.text))
            }
        }
        for warning in result.siteWarnings {
            lines.append(command("warning", nil, title: "Gazette: \(title)", message: warning))
        }
        if let fatal = result.fatal {
            lines.append(command("error", fatal, title: "Gazette: the build stopped", message: fatal.message))
        }
        return lines.map { $0 + "\n" }.joined()
    }

    /// `path` inside `workspace` as a relative path; any other path as it is.
    static func relative(_ path: String, to workspace: String?) -> String {
        guard let workspace, !workspace.isEmpty else { return path }
        let folder = workspace.hasSuffix("/") ? workspace : workspace + "/"
        return path.hasPrefix(folder) ? String(path.dropFirst(folder.count)) : path
    }

    /// A workflow command's message: `%`, CR and LF escaped.
    private static func data(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    /// A workflow command's property value: also `:` and `,` escaped.
    private static func property(_ text: String) -> String {
        data(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }

    private static func status(_ report: ReportOutcome) -> String {
        if report.error != nil { return "failed" }
        return report.warnings.isEmpty
            ? "built" : "built with \(report.warnings.count) warning\(report.warnings.count == 1 ? "" : "s")"
    }

    static func text(_ result: BuildResult, title: String) -> String {
        var lines = [title, String(repeating: "=", count: title.count), result.summaryLine, ""]
        for report in result.reports {
            lines.append(
                "\(report.title) (\(report.kind.defaultTitle.lowercased())): \(report.headline ?? status(report))")
            if let error = report.error {
                lines.append("  failed: \(error.headline)")
                continue
            }
            lines += report.summary.map { "  " + $0 }
            lines += report.warnings.map { "  warning: " + $0.text }
            lines.append("")
        }
        if !result.siteWarnings.isEmpty {
            lines.append("The site:")
            lines += result.siteWarnings.map { "  warning: " + $0 }
            lines.append("")
        }
        return lines.joined(separator: "\n") + (lines.last == "" ? "" : "\n")
    }

    static func markdown(_ result: BuildResult, title: String) -> String {
        // GitHub renders a job summary's Markdown with inline HTML: text from inputs and errors is
        // escaped so it shows as written, and pipes and line ends cannot break the table.
        func cell(_ text: String) -> String {
            var out = ""
            for character in text {
                switch character {
                case "&": out += "&amp;"
                case "<": out += "&lt;"
                case ">": out += "&gt;"
                case "|": out += "\\|"
                case "\n", "\r\n", "\r": out += " "
                default: out.append(character)
                }
            }
            return out
        }
        var lines = [
            "### \(cell(title))", "", result.summaryLine, "",
            "| Report | Kind | Headline | Status | Page |", "|---|---|---|---|---|"
        ]
        for report in result.reports {
            let headline = report.error.map { "❌ " + $0.headline } ?? report.headline ?? ""
            lines.append(
                "| \(cell(report.title)) | \(report.kind.defaultTitle) | \(cell(headline)) | \(status(report)) | `\(cell(report.slug))/index.html` |"
            )
        }
        let warned = result.reports.filter { !$0.warnings.isEmpty }
        if !warned.isEmpty || !result.siteWarnings.isEmpty {
            lines += ["", "#### Warnings", ""]
            for report in warned {
                lines += report.warnings.map { "- \(cell(report.title)): \(cell($0.text))" }
            }
            lines += result.siteWarnings.map { "- \(cell($0))" }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func json(_ result: BuildResult, title: String) -> JSONValue {
        .object([
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
                        "warnings": .array(report.warnings.map { .string($0.text) }),
                        "error": report.error.map(Self.fields) ?? .null
                    ])
                }),
            "fatal": result.fatal.map(Self.fields) ?? .null
        ])
    }

    /// An error as fields a program can use: its kind, where (file or URL, line, column, key path,
    /// HTTP status), the message, and the whole text as the terminal shows it.
    static func fields(_ error: BuildError) -> JSONValue {
        var fields: [String: JSONValue] = [
            "kind": .string(error.kind.rawValue),
            "message": .string(error.message),
            "text": .string(error.description)
        ]
        switch error.location {
        case let .text(path, line, column, _, _):
            fields["file"] = .string(path)
            fields["line"] = .int(line)
            fields["column"] = .int(column)
        case let .json(path, keyPath):
            fields["file"] = .string(path)
            fields["keyPath"] = .string(keyPath)
        case let .url(url, status):
            fields["url"] = .string(url)
            if let status { fields["status"] = .int(status) }
        case let .file(path):
            fields["file"] = .string(path)
        case .none:
            break
        }
        if let step = error.step { fields["step"] = .string(step) }
        if let report = error.report { fields["report"] = .string(report) }
        return .object(fields)
    }
}
