import ArgumentParser

struct ManCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "man",
        abstract: "Print the man page (roff), made from the commands' own help: gazette man | man -l -"
    )

    func run() throws {
        print(try ManualPage.render(help: Gazette._dumpHelp()), terminator: "")
    }
}
