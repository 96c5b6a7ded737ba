import ArgumentParser
import Foundation
import GazetteCore
import Jobs
import SiteBuild

/// The channels' options with a value (`--paper`, `--email-from`, …), each declared by its
/// channel's setting (`OutputChannels.options`), so the building commands name none. The argument
/// parser takes options as stored properties only: each is a slot of this group, named and
/// described by the option it holds, a single value or a list as the option says; a slot no
/// channel fills is hidden, and refused if given.
struct ChannelOptions: ParsableArguments {
    /// The declared options, single-valued and repeatable, in the channels' order.
    static let single = OutputChannels.options.filter { !$0.repeats }
    static let repeating = OutputChannels.options.filter(\.repeats)

    @Option(name: name(single, 0, spare: "spare-channel-value"), help: help(single, 0))
    var single0: String?
    @Option(name: name(single, 1, spare: "spare-channel-value"), help: help(single, 1))
    var single1: String?
    @Option(name: name(single, 2, spare: "spare-channel-value"), help: help(single, 2))
    var single2: String?
    @Option(name: name(single, 3, spare: "spare-channel-value"), help: help(single, 3))
    var single3: String?
    @Option(name: name(repeating, 0, spare: "spare-channel-list"), help: help(repeating, 0))
    var repeating0: [String] = []
    @Option(name: name(repeating, 1, spare: "spare-channel-list"), help: help(repeating, 1))
    var repeating1: [String] = []

    /// Each option given, by its name, with its values in order.
    var given: [String: [String]] {
        var given: [String: [String]] = [:]
        for (option, value) in zip(Self.single, [single0, single1, single2, single3]) where value != nil {
            given[option.name] = [value!]
        }
        for (option, values) in zip(Self.repeating, [repeating0, repeating1]) where !values.isEmpty {
            given[option.name] = values
        }
        return given
    }

    func validate() throws {
        precondition(Self.single.count <= 4 && Self.repeating.count <= 2, "more channel options than slots")
        let singles = [single0, single1, single2, single3].enumerated().dropFirst(Self.single.count)
        if let spare = singles.first(where: { $0.element != nil }) {
            throw ValidationError("Unknown option '--spare-channel-value-\(spare.offset)'")
        }
        let lists = [repeating0, repeating1].enumerated().dropFirst(Self.repeating.count)
        if let spare = lists.first(where: { !$0.element.isEmpty }) {
            throw ValidationError("Unknown option '--spare-channel-list-\(spare.offset)'")
        }
    }

    /// The build's settings from the options given and the environment: a mistake is a usage error.
    func settings() throws -> ChannelValues {
        do {
            return try OutputChannels.commandLineSettings(given, environment: ProcessInfo.processInfo.environment)
        } catch {
            throw ValidationError(error.message)
        }
    }

    /// The option's name; a spare slot's own, hidden one.
    private static func name(_ options: [ChannelOption], _ index: Int, spare: String) -> NameSpecification {
        .customLong(index < options.count ? options[index].name : "\(spare)-\(index)")
    }

    private static func help(_ options: [ChannelOption], _ index: Int) -> ArgumentHelp {
        guard index < options.count else { return ArgumentHelp(visibility: .private) }
        let option = options[index]
        let help = option.help + (option.defaultValue.map { " (default: \($0))" } ?? "")
        return ArgumentHelp(help, valueName: option.valueName)
    }
}
