import ArgumentParser
import Foundation
import GazetteCore
import SiteBuild

@main
struct Gazette: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gazette",
        abstract: "Turns credit reports, workout logs and racing data into a static website of reports and charts.",
        version: GazetteVersion.current,
        subcommands: [
            BuildCommand.self, SendCommand.self, WatchCommand.self, ServeCommand.self, MergeCommand.self,
            SchemaCommand.self, MergeHistoryCommand.self,
            InitCommand.self, TemplatesCommand.self, ManCommand.self
        ],
        defaultSubcommand: nil
    )

    /// A mistyped command gets the closest one, as a mistyped option already does.
    static func main() async {
        MemoryTrim.shareOneArena()
        let arguments = Array(CommandLine.arguments.dropFirst())
        if let word = arguments.first, !word.hasPrefix("-"), let problem = unknownCommand(word) {
            FileHandle.standardError.write(
                Data(
                    "Error: \(problem)\nUsage: gazette <subcommand>\n  See 'gazette --help' for more information.\n"
                        .utf8))
            Foundation.exit(ExitCode.validationFailure.rawValue)
        }
        EarlySummary.check(arguments)
        await main(arguments)
    }

    /// nil when `word` names a command.
    static func unknownCommand(_ word: String) -> String? {
        let names = configuration.subcommands.map { $0._commandName } + ["help"]
        guard !names.contains(word) else { return nil }
        let hint = Suggestion.closest(to: word, in: names).map { "; did you mean '\($0)'?" } ?? ""
        return "unknown command '\(word)'\(hint) (the commands: \(names.joined(separator: ", ")))"
    }
}
