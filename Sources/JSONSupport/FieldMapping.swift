/// A job's `fields:` block: where in an input no format knows each value a report needs is, by
/// path (`JSONPath`). A group (`runners:`) is a mapping of its own, its paths read from each of
/// the values its `path:` reaches. The domain says which keys a kind reads (`FieldKeys`).
public struct FieldMapping: Equatable, Sendable, Encodable {
    /// Key → path, as written (`name: title`).
    public var paths: [String: String]
    /// Group → its own mapping (`runners: {path: entrants[], number: no}`).
    public var groups: [String: FieldMapping]

    public init(paths: [String: String] = [:], groups: [String: FieldMapping] = [:]) {
        self.paths = paths
        self.groups = groups
    }
}

/// The keys of one level of a kind's `fields:` block: those it must have, those it may have, and
/// its groups.
public struct FieldKeys: Sendable {
    public var required: [String]
    public var optional: [String]
    public var groups: [String: FieldKeys]
    /// The keys whose path may reach many values (`races`, a group's `path`).
    public var lists: [String]
    /// What each key holds, for the schema and the docs.
    public var descriptions: [String: String]

    public init(
        required: [String], optional: [String] = [], groups: [String: FieldKeys] = [:], lists: [String] = ["path"],
        descriptions: [String: String] = [:]
    ) {
        self.lists = lists
        self.required = required
        self.optional = optional
        self.groups = groups
        self.descriptions = descriptions
    }

    public var all: [String] { required + optional }

    /// What is wrong with a mapping's paths, or nil: a path that is not one, a list path where one
    /// value is wanted, a key the level must have and lacks. Keys are named from `prefix`.
    public func problem(in mapping: FieldMapping, prefix: String = "fields") -> String? {
        for key in required where mapping.paths[key] == nil && mapping.groups[key] == nil {
            return "\(prefix) needs \(key)"
        }
        for (key, text) in mapping.paths.sorted(by: { $0.key < $1.key }) {
            guard let path = JSONPath(text) else {
                return "\(prefix).\(key): \"\(text)\" is not a path (keys joined by dots, [] for each element)"
            }
            if path.isList, !lists.contains(key) {
                return "\(prefix).\(key): \"\(text)\" reaches many values, where one is wanted: no [] or {}"
            }
        }
        for (name, group) in mapping.groups.sorted(by: { $0.key < $1.key }) {
            if let keys = groups[name], let problem = keys.problem(in: group, prefix: "\(prefix).\(name)") {
                return problem
            }
        }
        return nil
    }
}
