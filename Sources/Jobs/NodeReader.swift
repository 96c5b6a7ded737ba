import Deterministic
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

/// The mistakes of a job file found so far, so one run reports them all.
// @unchecked: its one list is changed under its lock.
package final class ProblemList: @unchecked Sendable {
    private let lock = NSLock()
    private var found: [BuildError] = []

    package var errors: [BuildError] { lock.withLock { found } }

    package func add(_ error: BuildError) { lock.withLock { found.append(error) } }

    /// Runs `step`; its error is noted and the reading goes on.
    package func collect(_ step: () throws(BuildError) -> Void) {
        do { try step() } catch { add(error) }
    }

    /// The first mistake, carrying the others (in the file's order).
    package var combined: BuildError? {
        let sorted = errors.enumerated().sorted {
            Self.order($0.element, $0.offset) < Self.order($1.element, $1.offset)
        }.map(\.element)
        guard var first = sorted.first else { return nil }
        first.more = Array(sorted.dropFirst())
        return first
    }

    private static func order(_ error: BuildError, _ index: Int) -> (Int, Int, Int) {
        if case let .text(_, line, column, _, _) = error.location { return (line, column, index) }
        return (Int.max, 0, index)
    }
}

/// Reads YAML nodes and turns every problem into a `path:line:column` error.
package struct NodeReader: Sendable {
    package let path: String
    private let text: TextLines
    /// The file's lines, split only when a problem is shown with its line (a long job has none).
    package var lines: [String] { text.lines }
    package var problems = ProblemList()
    /// How many of the file's lines come before the text Yams read: a piece of a long job
    /// (`JobPieces`) is composed alone, and its marks count from its own first line.
    package var linesBefore = 0

    package init(path: String, text: String) {
        self.path = path
        self.text = TextLines(text)
    }

    package func location(of node: Node) -> ErrorLocation {
        guard let mark = node.mark else { return .file(path) }
        // Lines are cut at their ends, so none carries a CR.
        let number = mark.line + linesBefore
        return .text(path: path, line: number, column: column(mark), sourceLine: line(number))
    }

    package func error(at node: Node, _ message: String) -> BuildError {
        BuildError(.usage, location(of: node), message)
    }

    /// An error at a place libyaml names (1-based line, column in Unicode scalars).
    package func error(atLine line: Int, scalarColumn: Int, _ message: String) -> BuildError {
        let text = self.line(line)
        let column = text.map { TextColumns.column(ofScalarColumn: scalarColumn, in: $0) } ?? scalarColumn
        return BuildError(.usage, .text(path: path, line: line, column: column, sourceLine: text), message)
    }

    package func syntaxError(_ error: YamlError) -> BuildError {
        switch error {
        case let .scanner(_, problem, mark, _), let .parser(_, problem, mark, _), let .composer(_, problem, mark, _):
            let number = mark.line + linesBefore
            let line = lines.indices.contains(number - 1) ? lines[number - 1] : nil
            return BuildError(
                .usage, .text(path: path, line: number, column: column(mark), sourceLine: line),
                "invalid YAML: \(problem)")
        case let .reader(problem, offset, _, yaml):
            // `offset` counts characters from the start of the text.
            guard let offset, offset <= yaml.count else {
                return BuildError(.usage, .file(path), "invalid YAML: \(problem)")
            }
            let before = yaml.prefix(offset)
            let lineNumber = Self.lines(of: String(before)).count + linesBefore
            let lastLine = Self.lines(of: String(before)).last ?? ""
            let column = TextColumns.column(of: lastLine.endIndex, in: lastLine)
            return BuildError(
                .usage, .text(path: path, line: lineNumber, column: column, sourceLine: line(lineNumber)),
                "invalid YAML: \(problem) (a job file is text: no NUL or other control characters)")
        case let .duplicatedKeysInMapping(duplicates, context):
            let key = duplicates.sorted().first ?? ""
            let markLine = context.mark.line + linesBefore
            let place = Self.secondOccurrence(of: key, in: lines, from: markLine)
            return BuildError(
                .usage,
                .text(
                    path: path, line: place?.line ?? markLine, column: place?.column ?? column(context.mark),
                    sourceLine: line(place?.line ?? markLine)),
                "duplicate key \"\(key)\"")
        default:
            return BuildError(.usage, .file(path), "invalid YAML: \(error)")
        }
    }

    /// A Yams mark's column (libyaml counts Unicode scalars) as every error counts it.
    private func column(_ mark: Mark) -> Int {
        guard let line = line(mark.line + linesBefore) else { return mark.column }
        return TextColumns.column(ofScalarColumn: mark.column, in: line)
    }

    private func line(_ number: Int) -> String? {
        text.line(number)
    }

    /// A text's lines, whichever line ends it uses (LF, CRLF or a lone CR, as YAML counts them).
    package static func lines(of text: String) -> [String] {
        var lines: [String] = []
        var current = ""
        var afterCR = false
        for scalar in text.unicodeScalars {
            if afterCR {
                afterCR = false
                if scalar == "\n" { continue }
            }
            if scalar == "\n" || scalar == "\r" {
                lines.append(current)
                current = ""
                afterCR = scalar == "\r"
            } else {
                current.unicodeScalars.append(scalar)
            }
        }
        lines.append(current)
        return lines
    }

    /// Where `key` is given the second time, from line `start` on: Yams names only the mapping.
    static func secondOccurrence(of key: String, in lines: [String], from start: Int) -> (line: Int, column: Int)? {
        var seen = 0
        for index in max(0, start - 1)..<lines.count {
            let line = lines[index]
            var rest = line.drop { $0 == " " || $0 == "-" || $0 == "\t" }
            if rest.hasPrefix("\"" + key + "\"") || rest.hasPrefix("'" + key + "'") {
                rest = rest.dropFirst(key.count + 2)
            } else if rest.hasPrefix(key) {
                rest = rest.dropFirst(key.count)
            } else {
                continue
            }
            guard rest.drop(while: { $0 == " " }).hasPrefix(":") else { continue }
            seen += 1
            if seen == 2 {
                let key = line.drop { $0 == " " || $0 == "-" || $0 == "\t" }
                return (index + 1, TextColumns.column(of: key.startIndex, in: line))
            }
        }
        return nil
    }

    /// A mapping's keys. An unknown key is noted as a problem (with the closest known key when it
    /// looks like a typo) and left out, so the rest is still read and checked. `allowed` nil takes
    /// every key, for a caller that knows the allowed ones only later (a report, by its kind).
    package func mapping(_ node: Node, allowed: [String]?, what: String) throws(BuildError) -> MappingFields {
        guard case let .mapping(mapping) = node else {
            throw error(at: node, "\(what) must be a mapping of keys to values")
        }
        var fields = MappingFields()
        for (keyNode, value) in mapping {
            guard let key = keyNode.string else { throw error(at: keyNode, "keys must be text") }
            if let allowed, !allowed.contains(key) {
                problems.add(unknownKey(key, at: keyNode, in: what, allowed: allowed))
                continue
            }
            guard fields.values[key] == nil else { throw error(at: keyNode, "duplicate key \"\(key)\"") }
            fields.values[key] = value
            fields.keyNodes.append((key, keyNode))
        }
        return fields
    }

    /// `unknown key "inptus" in a workouts report; did you mean "inputs"? (expected one of: …)`
    package func unknownKey(_ key: String, at node: Node, in what: String, allowed: [String]) -> BuildError {
        let shown = key.count > 60 ? String(key.prefix(60)) + "…" : key
        let hint = Suggestion.closest(to: key, in: allowed).map { "; did you mean \"\($0)\"?" } ?? ""
        return error(
            at: node, "unknown key \"\(shown)\" in \(what)\(hint) (expected one of: \(allowed.joined(separator: ", ")))"
        )
    }

    /// A node as a kind's unit reads it: a value, a list or a mapping, with its place.
    package func optionValue(_ node: Node) -> OptionValue {
        switch node {
        case let .scalar(scalar): return OptionValue(.scalar(scalar.string), at: location(of: node))
        case let .sequence(items): return OptionValue(.list(items.map(optionValue)), at: location(of: node))
        case let .mapping(mapping):
            let entries = mapping.map { key, value in
                OptionEntry(key: key.string ?? "", at: location(of: key), value: optionValue(value))
            }
            return OptionValue(.mapping(entries), at: location(of: node))
        default: return OptionValue(.mapping([]), at: location(of: node))
        }
    }

    package func optionalString(_ node: Node?) throws(BuildError) -> String? {
        guard let node else { return nil }
        return try string(node)
    }

    /// The longest text a job file's value may hold: enough for any title, path or URL, and a
    /// bound on what one value (or an alias repeating it) can cost.
    package static let maximumTextLength = 4096

    /// The YAML booleans a plain value may be (YAML 1.1's, as Yams' boolean rule has them);
    /// a quoted value is text. Read here on the value's text: resolving every scalar of a job by
    /// Yams' rule is a regular expression run on each of them.
    private static let booleans: [String: Bool] = [
        "true": true, "True": true, "TRUE": true, "yes": true, "Yes": true, "YES": true, "on": true, "On": true,
        "ON": true, "false": false, "False": false, "FALSE": false, "no": false, "No": false, "NO": false,
        "off": false, "Off": false, "OFF": false
    ]

    /// `node` as a boolean; nil when it is not one.
    package func bool(_ node: Node) -> Bool? {
        guard case let .scalar(scalar) = node, scalar.style == .plain || scalar.style == .any else { return nil }
        return Self.booleans[scalar.string]
    }

    package func string(_ node: Node) throws(BuildError) -> String {
        guard case let .scalar(scalar) = node else { throw error(at: node, "expected a single value") }
        guard scalar.string.utf8.count <= Self.maximumTextLength else {
            throw error(
                at: node,
                "this value is \(scalar.string.utf8.count) bytes long; a job file's values are at most \(Self.maximumTextLength)"
            )
        }
        return scalar.string
    }
}

/// A text whose lines are split the first time they are asked for. One line is cut out by
/// where it lies (every report of a long job names its line), the whole list only for a problem.
// @unchecked: its lazily made lists and its table of lines are made and read under its lock, so
// the pieces of a long job are read on several threads at once.
private final class TextLines: @unchecked Sendable {
    let text: String
    private var allLines: [String]?

    var lines: [String] {
        lock.withLock {
            if let allLines { return allLines }
            let lines = NodeReader.lines(of: text)
            allLines = lines
            return lines
        }
    }
    /// Each line's UTF-8 offsets, split as `NodeReader.lines(of:)` splits.
    private lazy var spans: [Range<Int>] = {
        var spans: [Range<Int>] = []
        var start = 0
        var offset = 0
        var afterCR = false
        for byte in text.utf8 {
            defer { offset += 1 }
            if afterCR {
                afterCR = false
                if byte == 0x0A {
                    start = offset + 1
                    continue
                }
            }
            if byte == 0x0A || byte == 0x0D {
                spans.append(start..<offset)
                start = offset + 1
                afterCR = byte == 0x0D
            }
        }
        spans.append(start..<offset)
        return spans
    }()

    init(_ text: String) {
        self.text = text
    }

    /// Lines already given, so one text is held once: every report of a generated job starts on
    /// the same `  - kind: workouts` line, and each report's place holds its line (6 MB at 100,000).
    private var given: [String: String] = [:]
    private let lock = NSLock()

    /// Line `number` (1-based); nil past the end.
    func line(_ number: Int) -> String? {
        lock.lock()
        defer { lock.unlock() }
        guard spans.indices.contains(number - 1) else { return nil }
        let span = spans[number - 1]
        let utf8 = text.utf8
        let start = utf8.index(utf8.startIndex, offsetBy: span.lowerBound)
        let line = String(text[start..<utf8.index(start, offsetBy: span.count)])
        if let known = given[line] { return known }
        // A bounded table: the lines that repeat are few; a job of distinct lines stops adding.
        if given.count < 1024 { given[line] = line }
        return line
    }
}
