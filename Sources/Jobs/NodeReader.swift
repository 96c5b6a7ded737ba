import Foundation
import Reports
import Yams
import GazetteCore

/// The keys of one YAML mapping, with the nodes of the keys kept for error positions.
package struct MappingFields {
    package var values: [String: Node] = [:]
    package var keyNodes: [(String, Node)] = []

    subscript(key: String) -> Node? { values[key] }
}

/// Reads YAML nodes and turns every problem into a `path:line:column` error.
package struct NodeReader {
    package let path: String
    package let lines: [String]

    package func location(of node: Node) -> ErrorLocation {
        guard let mark = node.mark else { return .file(path) }
        let line = lines.indices.contains(mark.line - 1) ? lines[mark.line - 1] : nil
        return .text(path: path, line: mark.line, column: mark.column, sourceLine: line?.replacingOccurrences(of: "\r", with: ""))
    }

    package func error(at node: Node, _ message: String) -> BuildError {
        BuildError(.usage, location(of: node), message)
    }

    package func syntaxError(_ error: YamlError) -> BuildError {
        switch error {
        case let .scanner(_, problem, mark, _), let .parser(_, problem, mark, _), let .composer(_, problem, mark, _):
            let line = lines.indices.contains(mark.line - 1) ? lines[mark.line - 1] : nil
            return BuildError(.usage, .text(path: path, line: mark.line, column: mark.column, sourceLine: line), "invalid YAML: \(problem)")
        default:
            return BuildError(.usage, .file(path), "invalid YAML: \(error)")
        }
    }

    package func mapping(_ node: Node, allowed: [String], what: String) throws(BuildError) -> MappingFields {
        guard case let .mapping(mapping) = node else {
            throw error(at: node, "\(what) must be a mapping of keys to values")
        }
        var fields = MappingFields()
        for (keyNode, value) in mapping {
            guard let key = keyNode.string else { throw error(at: keyNode, "keys must be text") }
            guard allowed.contains(key) else {
                throw error(at: keyNode, "unknown key \"\(key)\" in \(what) (expected one of: \(allowed.joined(separator: ", ")))")
            }
            guard fields.values[key] == nil else { throw error(at: keyNode, "duplicate key \"\(key)\"") }
            fields.values[key] = value
            fields.keyNodes.append((key, keyNode))
        }
        return fields
    }

    /// A node as a kind's unit reads it: a value, a list or a mapping, with its place.
    package func optionValue(_ node: Node) -> OptionValue {
        switch node {
        case let .scalar(scalar): return OptionValue(.scalar(scalar.string), at: location(of: node))
        case let .sequence(items): return OptionValue(.list(items.map(optionValue)), at: location(of: node))
        default: return OptionValue(.mapping, at: location(of: node))
        }
    }

    package func optionalString(_ node: Node?) throws(BuildError) -> String? {
        guard let node else { return nil }
        return try string(node)
    }

    package func string(_ node: Node) throws(BuildError) -> String {
        guard case let .scalar(scalar) = node else { throw error(at: node, "expected a single value") }
        return scalar.string
    }
}
