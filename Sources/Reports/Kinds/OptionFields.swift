import GazetteCore

/// One value a job gave a report's key, with where it was written: what a kind's unit reads
/// its options from, whatever the job's format (YAML, JSON, the command line).
package struct OptionValue: Sendable {
    package enum Shape: Sendable {
        case scalar(String)
        case list([OptionValue])
        /// Keys and values in the order written, each key with its place.
        case mapping([OptionEntry])
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

    /// The entries of a mapping.
    package func entries(named key: String) throws(BuildError) -> [OptionEntry] {
        guard case let .mapping(entries) = shape else { throw error("\"\(key)\" must be a mapping of keys to values") }
        return entries
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

/// One key of a mapping and its value.
package struct OptionEntry: Sendable {
    package var key: String
    package var keyLocation: ErrorLocation
    package var value: OptionValue

    package init(key: String, at keyLocation: ErrorLocation, value: OptionValue) {
        self.key = key
        self.keyLocation = keyLocation
        self.value = value
    }

    package func error(_ message: String) -> BuildError {
        BuildError(.usage, keyLocation, message)
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
