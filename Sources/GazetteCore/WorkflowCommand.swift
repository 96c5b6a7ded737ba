/// A GitHub Actions workflow command for an error or a warning at its place
/// (`::error file=…,line=…,col=…,title=…::message`): the build's summary and the send's annotate
/// alike, paths relative to the workspace (GitHub matches them against the repository's files).
package enum WorkflowCommand {
    package static func make(
        _ name: String, at location: ErrorLocation?, title: String, message: String, workspace: String?
    ) -> String {
        var properties: [String] = []
        switch location {
        case let .text(path, line, column, _, _)?:
            properties += ["file=\(property(relative(path, to: workspace)))", "line=\(line)", "col=\(column)"]
        case let .json(path, _)?, let .file(path)?:
            properties.append("file=\(property(relative(path, to: workspace)))")
        default:
            break
        }
        properties.append("title=\(property(title))")
        return "::\(name) \(properties.joined(separator: ","))::\(SummaryText.workflowData(message))"
    }

    /// `path` inside `workspace` as a relative path; any other path as it is.
    package static func relative(_ path: String, to workspace: String?) -> String {
        guard let workspace, !workspace.isEmpty else { return path }
        let folder = workspace.hasSuffix("/") ? workspace : workspace + "/"
        return path.hasPrefix(folder) ? String(path.dropFirst(folder.count)) : path
    }

    package static func property(_ text: String) -> String { SummaryText.workflowProperty(text) }
}
