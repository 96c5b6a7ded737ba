import ArgumentParser
import Foundation
import GazetteCore
import Preview
import SiteBuild

struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Watch a job and serve its site on 127.0.0.1, reloading open pages after each rebuild.",
        discussion: """
            Everything `gazette watch` does, plus a web server for the output folder on 127.0.0.1 only. \
            After each rebuild is published, every open page reloads by itself (a next-to-go page when \
            its first race leaves, any page when an input, the job file, a template or a static file \
            changes). The reload script is added to HTML responses by the server; the files on disk \
            stay exactly what `gazette build` writes. If the port is taken the next free one is used, \
            and the line that gives the address says so. Standard output holds that line, one line per \
            build and the stop; with --verbose the server's own lines (each connection and request) go \
            to standard error. SIGINT (Ctrl-C) or SIGTERM stops it quietly, with exit status 0.
            """
    )

    @Argument(help: "The job file (YAML or JSON; default: ./gazette.yml, .yaml or .json, else the demo).")
    var job: String?

    @Option(help: "The port to serve on, on 127.0.0.1 (the next free one if it is taken).")
    var port: Int = 8080

    @Flag(help: "Open the site in the default browser (xdg-open) once it is served.")
    var open = false

    @Option(help: ArgumentHelp("How often to check the input files for changes.", valueName: "seconds"))
    var poll: Int64 = 1

    @OptionGroup var common: CommonOptions

    func validate() throws {
        try common.validateConventions()
        guard (1...65_535).contains(port) else { throw ValidationError("--port must be from 1 to 65535") }
        guard (1...86_400).contains(poll) else { throw ValidationError("--poll must be from 1 to 86400 seconds") }
    }

    func run() async throws {
        var session = try WatchSession(job: job, poll: poll, common: common, serving: true)
        let reload = LiveReload()
        let server: PreviewServer
        do {
            // FlyingFox's own lines (each connection and request) only with --verbose, on standard error.
            let log: (@Sendable (String) -> Void)? = common.verbose ? { @Sendable line in Console.error(line) } : nil
            server = try PreviewServer(root: session.output, port: UInt16(port), reload: reload, log: log)
        } catch {
            Console.error("gazette serve: \(error)")
            throw ExitCode(ExitStatus.usage)
        }
        session.watcher.onPublish = { _ in await reload.published() }
        let taken = Int(server.port) == port ? "" : " (port \(port) is taken)"
        session.banner(
            "Serving \(session.output.path) at \(server.url)\(taken); watching \(session.watched). Stop with Ctrl-C.")
        let opensBrowser = open
        await session.run(
            alongside: {
                async let serving: Void = {
                    do { try await server.run() } catch {
                        if !Task.isCancelled { Console.error("gazette serve: \(error)") }
                    }
                }()
                if opensBrowser {
                    try? await server.waitUntilListening()
                    Self.openBrowser(server.url)
                }
                await serving
            }, stop: { await server.stop() })
    }

    /// Hands the address to the desktop's browser; a machine without one gets a note instead.
    static func openBrowser(_ url: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["xdg-open", url]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            Console.error("note: could not open a browser (xdg-open): open \(url) yourself")
        }
    }
}
