import GazetteCore
import Yams

/// The key path of the place a job-file error points at (`reports[1].inptu`), for summaries that
/// give errors as fields: found in the parsed file by the error's line and column.
enum JobKeyPath {
    /// `error` and every one it carries, each with the key path of its place where the file has one.
    static func annotate(_ error: BuildError, root: Node, reader: NodeReader) -> BuildError {
        var error = error
        if error.keyPath == nil, case let .text(_, line, column, _, _) = error.location {
            error.keyPath = path(line: line, column: column, in: root, reader: reader)
        }
        error.more = error.more.map { annotate($0, root: root, reader: reader) }
        return error
    }

    /// The path of the node that starts last on `line` at or before `column`; nil when none does.
    static func path(line: Int, column: Int, in root: Node, reader: NodeReader) -> String? {
        var best: (column: Int, path: String)?
        func visit(_ node: Node, _ path: String) {
            func consider(_ candidate: Node, _ candidatePath: String) {
                guard !candidatePath.isEmpty,
                    case let .text(_, nodeLine, nodeColumn, _, _) = reader.location(of: candidate),
                    nodeLine == line, nodeColumn <= column, nodeColumn >= (best?.column ?? 0)
                else { return }
                best = (nodeColumn, candidatePath)
            }
            switch node {
            case let .mapping(mapping):
                for (key, value) in mapping {
                    let name = key.string ?? "?"
                    let child = path.isEmpty ? name : path + "." + name
                    consider(key, child)
                    consider(value, child)
                    visit(value, child)
                }
            case let .sequence(items):
                for (index, item) in items.enumerated() {
                    let child = path + "[\(index)]"
                    consider(item, child)
                    visit(item, child)
                }
            default:
                break
            }
        }
        visit(root, "")
        return best?.path
    }
}
