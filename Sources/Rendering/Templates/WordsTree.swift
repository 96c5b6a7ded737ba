import Localization

/// The readers' words as swift-mustache reads them: `{{words.exercise.best}}` walks nested
/// objects, one per part of the key. Only plain texts are there: a message about a number is said
/// in Swift, so a template naming one fails the strict check as an unknown field.
enum WordsTree {
    static let english = tree(.english)

    static func tree(_ words: Words) -> TemplateObject {
        final class Branch {
            var leaves: [String: Any?] = [:]
            var branches: [String: Branch] = [:]
            var names: [String] = []
        }
        let root = Branch()
        for (key, message) in words.messages.sorted(by: { $0.key < $1.key }) {
            guard case .text = message else { continue }
            let parts = key.split(separator: ".").map(String.init)
            var branch = root
            for part in parts.dropLast() {
                if branch.branches[part] == nil {
                    branch.branches[part] = Branch()
                    branch.names.append(part)
                }
                branch = branch.branches[part]!
            }
            branch.leaves[parts.last!] = TemplateText(words[key])
            branch.names.append(parts.last!)
        }
        func object(_ branch: Branch) -> TemplateObject {
            var fields = branch.leaves
            for (name, inner) in branch.branches { fields[name] = object(inner) }
            return TemplateObject(fields: fields, names: branch.names)
        }
        return object(root)
    }

    /// A lowered page context with `words` beside its own fields (its own `words`, if any, wins).
    static func adding(_ tree: TemplateObject, to context: Any) -> Any {
        guard let root = context as? TemplateObject, root.field("words") == nil else { return context }
        var fields = root.fields
        fields["words"] = tree
        return TemplateObject(fields: fields, names: root.names + ["words"])
    }
}
