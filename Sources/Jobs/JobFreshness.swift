import GazetteCore
import Reports
import Yams

/// `fresh: {warn-after: 2h, error-after: 1d}`, on a report or on the job (for every report that
/// sets none): how long a report's data may age before it is stale, and before it is an error,
/// over its kind's cadence.
extension JobFileLoader {
    static let freshKeys = ["warn-after", "error-after"]

    /// The cadence a `fresh:` block gives; an error at the value's line and column for a
    /// duration Gazette does not read, or an error-after before the warn-after.
    static func cadence(_ node: Node, reader: NodeReader) throws(BuildError) -> Cadence {
        let fields = try reader.mapping(node, allowed: freshKeys, what: "fresh")
        var cadence = Cadence(warnAfter: nil, errorAfter: nil)
        for key in freshKeys {
            guard let value = fields[key] else { continue }
            let text = try reader.string(value)
            guard let seconds = Cadence.seconds(text) else {
                throw reader.error(
                    at: value, "fresh \(key) must be a duration such as 90s, 10m, 2h, 7d or 1w, found \"\(text)\"")
            }
            if key == "warn-after" { cadence.warnAfter = seconds } else { cadence.errorAfter = seconds }
        }
        guard cadence.warnAfter != nil || cadence.errorAfter != nil else {
            // A block of unknown keys only has been noted as such (with a suggestion).
            if case let .mapping(mapping) = node, !mapping.isEmpty { return cadence }
            throw reader.error(at: node, "fresh needs warn-after, error-after or both")
        }
        if let warn = cadence.warnAfter, let error = cadence.errorAfter, error < warn, let value = fields["error-after"]
        {
            throw reader.error(at: value, "fresh error-after must not come before warn-after")
        }
        return cadence
    }

    /// The schema of a `fresh:` block.
    static var freshSchema: JSONValue {
        let duration = JSONValue.object([
            "type": .array([.string("string"), .string("integer")]),
            "pattern": .string("^[0-9]+[smhdw]?$")
        ])
        return .object([
            "type": .string("object"),
            "additionalProperties": .bool(false),
            "properties": .object(["warn-after": duration, "error-after": duration]),
            "description": .string(
                "how long the data may age before the report is stale (warn-after) and an error (error-after), "
                    + "counted from the data's time (a race card's: from when its last result is due): 90s, 10m, 2h, 7d, 1w"
            )
        ])
    }
}
