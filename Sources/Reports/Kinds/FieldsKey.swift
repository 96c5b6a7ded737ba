import GazetteCore
import JSONSupport

/// `fields:`, the key of every kind that reads a JSON input no format knows: where each value the
/// report needs is, by path (docs/reference/inputs.md, "Any other JSON"). One schema and one
/// reading for all of them; the domain says which keys each kind's block has (`FieldKeys`).
extension OptionKey {
    static func fields(_ keys: FieldKeys, _ what: String) -> OptionKey {
        var schema = fieldsSchema(keys)
        if case .object(var properties) = schema {
            properties["description"] = .string(
                "where in a JSON input no format knows each value of \(what) is, by path (used instead of format)")
            schema = .object(properties)
        }
        return OptionKey("fields", schema)
    }

    private static func fieldsSchema(_ keys: FieldKeys) -> JSONValue {
        var properties: [String: JSONValue] = [:]
        for key in keys.all {
            properties[key] = OptionKey.text(keys.descriptions[key] ?? "a path")
        }
        for (name, group) in keys.groups {
            properties[name] = fieldsSchema(group)
        }
        return .object([
            "type": .string("object"), "additionalProperties": .bool(false),
            "required": .array(keys.required.map(JSONValue.string)), "properties": .object(properties)
        ])
    }
}

extension OptionValue {
    /// A `fields:` block as the domain reads it; an error at the place of an unknown key, a value
    /// that is not a path, or a key the block lacks.
    func fieldMapping(_ keys: FieldKeys, named name: String = "fields") throws(BuildError) -> FieldMapping {
        var mapping = FieldMapping()
        for entry in try entries(named: name) {
            if let group = keys.groups[entry.key] {
                mapping.groups[entry.key] = try entry.value.fieldMapping(group, named: "\(name).\(entry.key)")
                continue
            }
            guard keys.all.contains(entry.key) else {
                let known = (keys.all + keys.groups.keys.sorted()).joined(separator: ", ")
                throw entry.error("unknown key \"\(entry.key)\" in \(name) (expected one of: \(known))")
            }
            mapping.paths[entry.key] = try entry.value.text()
        }
        if let problem = keys.problem(in: mapping, prefix: name) { throw error(problem) }
        return mapping
    }
}
