import ArgumentParser
import GazetteCore

@main
struct Gazette: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gazette",
        abstract: "Turns credit reports, workout logs and racing data into a static website of reports and charts.",
        version: GazetteVersion.current,
        subcommands: [BuildCommand.self, SendCommand.self, WatchCommand.self, ServeCommand.self, MergeCommand.self, SchemaCommand.self,
                      InitCommand.self, TemplatesCommand.self, ManCommand.self],
        defaultSubcommand: nil
    )
}
