import Yams

/// One message of a catalog file as written: its key (the mapping's keys joined by dots,
/// `exercise.best`), its text or plural forms, and where it stands.
public struct CatalogEntry: Sendable, Equatable {
    public enum Forms: Sendable, Equatable {
        case text(String)
        /// By CLDR category name: `one`, `other`, …
        case plural([String: String])
    }

    public let key: String
    public let forms: Forms
    /// 1-based line; column counted in Unicode scalars from 1, as libyaml counts.
    public let line: Int
    public let column: Int

    /// Every text of the message.
    public var texts: [String] {
        switch forms {
        case .text(let text): return [text]
        case .plural(let forms): return CatalogRules.categories.compactMap { forms[$0] }
        }
    }
}

/// What is wrong with a catalog, and where (1-based line, scalar column).
public struct CatalogProblem: Error, Sendable, Equatable {
    public let line: Int
    public let column: Int
    public let message: String

    public init(line: Int, column: Int, _ message: String) {
        self.line = line
        self.column = column
        self.message = message
    }
}

/// The rules of Gazette's message catalogs (`Templates/messages/LANG.yml`): nested YAML mappings
/// whose leaves are texts, or mappings of CLDR plural categories (`one: …`, `other: …`) for a
/// message about a number. Used when Gazette is built (the catalogs it carries) and when a build
/// reads a user's own catalog from `--templates`, so both are held to the same rules.
public enum CatalogRules {
    /// CLDR's plural categories, in CLDR's order.
    public static let categories = ["zero", "one", "two", "few", "many", "other"]

    /// The catalog's messages, in the order written.
    public static func entries(in text: String) throws(CatalogProblem) -> [CatalogEntry] {
        let root: Node
        do {
            guard let node = try Yams.compose(yaml: text) else { return [] }
            root = node
        } catch let error as YamlError {
            throw problem(error)
        } catch {
            throw CatalogProblem(line: 1, column: 1, "invalid YAML: \(error)")
        }
        guard case .mapping = root else {
            throw CatalogProblem(line: line(root), column: column(root), "a catalog is a mapping of message keys")
        }
        var entries: [CatalogEntry] = []
        try collect(root, prefix: "", into: &entries)
        return entries
    }

    private static func collect(_ node: Node, prefix: String, into entries: inout [CatalogEntry]) throws(CatalogProblem)
    {
        guard let mapping = node.mapping else { return }
        for (keyNode, value) in mapping {
            guard let name = keyNode.scalar?.string, !name.isEmpty, !name.contains(".") else {
                throw CatalogProblem(
                    line: line(keyNode), column: column(keyNode), "a message key is a plain name without dots")
            }
            let key = prefix.isEmpty ? name : prefix + "." + name
            switch value {
            case .scalar(let scalar):
                entries.append(
                    CatalogEntry(key: key, forms: .text(scalar.string), line: line(keyNode), column: column(keyNode)))
            case .mapping(let inner):
                let names = inner.keys.compactMap { $0.scalar?.string }
                if !names.isEmpty, names.allSatisfy(categories.contains) {
                    var forms: [String: String] = [:]
                    for (category, form) in inner {
                        guard let text = form.scalar?.string else {
                            throw CatalogProblem(
                                line: line(form), column: column(form),
                                "the \(category.scalar?.string ?? "") form of \"\(key)\" must be a text")
                        }
                        forms[category.scalar?.string ?? ""] = text
                    }
                    guard forms["other"] != nil else {
                        throw CatalogProblem(
                            line: line(keyNode), column: column(keyNode),
                            "the plural message \"\(key)\" has no \"other\" form, which every language needs")
                    }
                    entries.append(
                        CatalogEntry(key: key, forms: .plural(forms), line: line(keyNode), column: column(keyNode)))
                } else {
                    try collect(value, prefix: key, into: &entries)
                }
            case .sequence, .alias:
                throw CatalogProblem(
                    line: line(value), column: column(value),
                    "the message \"\(key)\" must be a text or a mapping of plural forms (one, other, …)")
            }
        }
    }

    /// What a catalog gets wrong against the reference catalog (English, the source): a key the
    /// reference has not, a placeholder it does not name, one of its placeholders missing, or plural
    /// forms for a message that has none. Placeholders are `{name}`; a plural form other than
    /// `other` may leave out `{count}` ("un jour").
    public static func problems(in entries: [CatalogEntry], against reference: [CatalogEntry]) -> [CatalogProblem] {
        let known = Dictionary(reference.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        var problems: [CatalogProblem] = []
        for entry in entries {
            guard let source = known[entry.key] else {
                let near = nearest(entry.key, in: known.keys)
                problems.append(
                    CatalogProblem(
                        line: entry.line, column: entry.column,
                        "unknown message key \"\(entry.key)\"" + (near.map { " (did you mean \"\($0)\"?)" } ?? "")))
                continue
            }
            let wanted = Set(source.texts.flatMap(placeholders))
            if case .plural = entry.forms, case .text = source.forms {
                problems.append(
                    CatalogProblem(
                        line: entry.line, column: entry.column,
                        "the message \"\(entry.key)\" has no number to choose a plural form by: write one text"))
                continue
            }
            let forms: [(String, String)]
            switch entry.forms {
            case .text(let text): forms = [("other", text)]
            case .plural(let byCategory): forms = categories.compactMap { name in byCategory[name].map { (name, $0) } }
            }
            for (category, text) in forms {
                let named = Set(placeholders(in: text))
                if let stray = named.subtracting(wanted).sorted().first {
                    problems.append(
                        CatalogProblem(
                            line: entry.line, column: entry.column,
                            "the message \"\(entry.key)\" names the placeholder {\(stray)}, which it is not given"
                                + (wanted.isEmpty
                                    ? ""
                                    : " (it has " + wanted.sorted().map { "{\($0)}" }.joined(separator: ", ") + ")")))
                }
                let needed = category == "other" ? wanted : wanted.subtracting(["count"])
                if let missing = needed.subtracting(named).sorted().first {
                    problems.append(
                        CatalogProblem(
                            line: entry.line, column: entry.column,
                            "the message \"\(entry.key)\" is missing the placeholder {\(missing)}"
                                + (forms.count > 1 ? " in its \(category) form" : "")))
                }
            }
        }
        return problems
    }

    /// The placeholders a text names: `count` and `name` in `{count} of {name}`.
    public static func placeholders(in text: String) -> [String] {
        var found: [String] = []
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{") {
            let after = rest[rest.index(after: open)...]
            guard let close = after.firstIndex(of: "}") else { break }
            let name = after[..<close]
            if !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) {
                found.append(String(name))
            }
            rest = after[after.index(after: close)...]
        }
        return found
    }

    private static func nearest(_ key: String, in keys: Dictionary<String, CatalogEntry>.Keys) -> String? {
        let scored = keys.map { ($0, distance(Array(key), Array($0))) }.filter { $0.1 <= max(2, key.count / 4) }
        return scored.min { $0.1 != $1.1 ? $0.1 < $1.1 : $0.0 < $1.0 }?.0
    }

    private static func distance(_ a: [Character], _ b: [Character]) -> Int {
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1]
            for (j, y) in b.enumerated() {
                current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1)))
            }
            previous = current
        }
        return previous[b.count]
    }

    private static func line(_ node: Node) -> Int { node.mark?.line ?? 1 }
    private static func column(_ node: Node) -> Int { node.mark?.column ?? 1 }

    private static func problem(_ error: YamlError) -> CatalogProblem {
        switch error {
        case let .scanner(_, problem, mark, _), let .parser(_, problem, mark, _), let .composer(_, problem, mark, _):
            return CatalogProblem(line: mark.line, column: mark.column, "invalid YAML: \(problem)")
        case let .duplicatedKeysInMapping(duplicates, context):
            return CatalogProblem(
                line: context.mark.line, column: context.mark.column,
                "duplicate message key \"\(duplicates.sorted().first ?? "")\"")
        default:
            return CatalogProblem(line: 1, column: 1, "invalid YAML: \(error)")
        }
    }
}
