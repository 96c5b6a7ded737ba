import GazetteCore

/// One value a job gave a report's key, with where it was written: what a kind's unit reads
/// its options from, whatever the job's format (YAML, JSON, the command line).
package struct OptionValue: Sendable {
    package enum Shape: Sendable {
        case scalar(String)
        case list([OptionValue])
        case mapping
    }

    package var shape: Shape
    package var location: ErrorLocation

    package init(_ shape: Shape, at location: ErrorLocation) {
        self.shape = shape
        self.location = location
    }

    package func error(_ message: String) -> BuildError {
        BuildError(.usage, location, message)
    }

    /// The single value, or an error naming where a list or mapping was given instead.
    package func text() throws(BuildError) -> String {
        guard case let .scalar(text) = shape else { throw error("expected a single value") }
        return text
    }

    /// The items of a list.
    package func items(named key: String) throws(BuildError) -> [OptionValue] {
        guard case let .list(items) = shape else { throw error("\"\(key)\" must be a list") }
        return items
    }

    /// `true` or `false` as YAML writes them.
    package var flag: Bool? {
        guard case let .scalar(text) = shape else { return nil }
        switch text.lowercased() {
        case "true", "yes", "on": return true
        case "false", "no", "off": return false
        default: return nil
        }
    }
}

/// The keys one report of a job gave, for its kind's unit to read.
package struct OptionFields: Sendable {
    package var values: [String: OptionValue]

    package init(_ values: [String: OptionValue] = [:]) {
        self.values = values
    }

    package subscript(key: String) -> OptionValue? { values[key] }
}
