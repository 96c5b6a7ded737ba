import GazetteCore
import Yams

/// A channel's setting that holds a value, declared by its channel as a switch is
/// (`ChannelSwitch`): the job key it is written under, on the job, on a report or both, the
/// key's schema, the reading of it into a typed value, and the command-line options (and the
/// environment) that give it for a whole build. The job loader, the schema and the command line
/// are handed every channel's settings (`SiteBuild`'s `OutputChannels.settings`) and name none.
package struct ChannelSetting: Sendable {
    /// The job key, and the name the value is filed under in `ChannelValues`.
    package let name: String
    /// Where a job file takes the key; empty when only the command line gives it.
    package let levels: [ChannelSwitch.Level]
    /// The key's schema at a level.
    package let schema: @Sendable (ChannelSwitch.Level) -> JSONValue
    /// The key's value at a level, read and checked; an error names its line and column.
    package let read: @Sendable (JobEntry, ChannelSwitch.Level) throws(BuildError) -> any ChannelValue
    /// The command-line options that give it.
    package let options: [ChannelOption]
    /// The build's value from the options given (each option's values by its name, in order) and
    /// the environment; nil when neither gives one. A mistake is a usage error naming its option.
    package let given: @Sendable ([String: [String]], [String: String]) throws(BuildError) -> (any ChannelValue)?

    package init(
        _ name: String, levels: [ChannelSwitch.Level] = [],
        schema: @escaping @Sendable (ChannelSwitch.Level) -> JSONValue = { _ in .object([:]) },
        read: @escaping @Sendable (JobEntry, ChannelSwitch.Level) throws(BuildError) -> any ChannelValue = {
            entry, _ throws(BuildError) in throw entry.error("\(entry.key) takes no value here")
        },
        options: [ChannelOption] = [],
        given: @escaping @Sendable ([String: [String]], [String: String]) throws(BuildError) -> (any ChannelValue)? = {
            _, _ in nil
        }
    ) {
        self.name = name
        self.levels = levels
        self.schema = schema
        self.read = read
        self.options = options
        self.given = given
    }
}

/// A command-line option of a channel's setting, with the help it shows.
package struct ChannelOption: Sendable, Hashable {
    /// The long name: `paper` is `--paper`.
    package let name: String
    /// The value's name in the help (`size`).
    package let valueName: String
    package let help: String
    /// Whether it may be given more than once (`--email-to`).
    package let repeats: Bool
    /// The value taken when it is not given, as the help shows it; nil for none.
    package let defaultValue: String?

    package init(_ name: String, valueName: String, help: String, repeats: Bool = false, defaultValue: String? = nil) {
        self.name = name
        self.valueName = valueName
        self.help = help
        self.repeats = repeats
        self.defaultValue = defaultValue
    }
}

/// A value a channel's setting holds, compared as itself.
package protocol ChannelValue: Sendable {
    func isEqual(to other: any ChannelValue) -> Bool
}

extension ChannelValue where Self: Equatable {
    package func isEqual(to other: any ChannelValue) -> Bool { (other as? Self) == self }
}

/// The channels' settings a job, a report or the command line gave, by setting name, each typed
/// by the channel that declares it.
public struct ChannelValues: Sendable, Equatable {
    private var values: [String: any ChannelValue] = [:]

    public init() {}

    /// The value of the setting `name`, as the type its channel reads it as.
    package subscript<Value: ChannelValue>(name: String, as type: Value.Type) -> Value? {
        get { values[name] as? Value }
        set { values[name] = newValue }
    }

    package mutating func set(_ name: String, _ value: any ChannelValue) { values[name] = value }

    public static func == (lhs: ChannelValues, rhs: ChannelValues) -> Bool {
        lhs.values.count == rhs.values.count
            && lhs.values.allSatisfy { name, value in rhs.values[name].map(value.isEqual) ?? false }
    }
}

/// A key's value in a job file as a channel's setting reads it: the node with its reader, so
/// every mistake names its line and column, without the setting naming the YAML library.
package struct JobEntry {
    package let key: String
    let node: Node
    let reader: NodeReader

    init(key: String, node: Node, reader: NodeReader) {
        self.key = key
        self.node = node
        self.reader = reader
    }

    /// A usage error at this value's place.
    package func error(_ message: String) -> BuildError { reader.error(at: node, message) }

    /// The value as text.
    package func string() throws(BuildError) -> String { try reader.string(node) }

    /// The value as text; nil for a null.
    package func optionalString() throws(BuildError) -> String? { try reader.optionalString(node) }

    /// The value's items: a list's, or the value alone.
    package var items: [JobEntry] {
        guard case let .sequence(list) = node else { return [self] }
        return list.map { JobEntry(key: key, node: $0, reader: reader) }
    }

    /// The keys of a mapping in order, each as its own entry (for a check before any is read); empty for another value.
    package var keys: [JobEntry] {
        guard case let .mapping(mapping) = node else { return [] }
        return mapping.map { JobEntry(key: $0.key.string ?? "", node: $0.key, reader: reader) }
    }

    /// A mapping's values by key, only `allowed` keys taken (an unknown one is noted as a
    /// problem, with the closest known key, and the rest read); `what` names it in errors.
    package func fields(allowed: [String], what: String) throws(BuildError) -> [String: JobEntry] {
        let fields = try reader.mapping(node, allowed: allowed, what: what)
        var entries: [String: JobEntry] = [:]
        for (key, _) in fields.keyNodes {
            if let value = fields[key] { entries[key] = JobEntry(key: key, node: value, reader: reader) }
        }
        return entries
    }

    /// Whether it is a mapping.
    package var isMapping: Bool {
        if case .mapping = node { return true }
        return false
    }
}
