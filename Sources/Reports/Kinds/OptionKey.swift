import GazetteCore

/// One key a report kind reads from its job-file entry, with the JSON Schema of the values it
/// accepts: the job loader reads the names, `gazette schema` writes both, so they cannot drift.
package struct OptionKey: Sendable {
    package let name: String
    package let schema: JSONValue

    package init(_ name: String, _ schema: JSONValue) {
        self.name = name
        self.schema = schema
    }

    package static func text(_ description: String) -> JSONValue {
        .object(["type": .string("string"), "description": .string(description)])
    }

    package static func oneOf(_ values: [String], _ description: String) -> JSONValue {
        .object(["enum": .array(values.map(JSONValue.string)), "description": .string(description)])
    }
}
