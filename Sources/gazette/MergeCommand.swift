import ArgumentParser
import Foundation
import GazetteCore
import SiteBuild

struct MergeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract: "Merge the parts built with `build --shard K/N` into one site, as one build would have made it.",
        discussion: """
            Every shard of the job must be given exactly once. The front page, assets and manifest are \
            written and the site is published atomically. A report that failed in its shard keeps its \
            previous pages from the output, as in a single build.

            Exit status: as `gazette build` would have given for the whole job; 64 when the parts do not \
            belong together or a shard is missing or repeated.
            """
    )

    @Argument(help: "The parts' folders (each written by `gazette build JOB --shard K/N --output PART`).")
    var parts: [String]

    @Option(help: ArgumentHelp("Where to write the site.", valueName: "dir"))
    var output: String

    @Option(help: ArgumentHelp("The templates folder the shards were built with, if any.", valueName: "dir"))
    var templates: String?

    @Option(
        help: ArgumentHelp(
            "Print a summary of the merged site on standard output: text, markdown, json or github.",
            valueName: "format"))
    var summary: SummaryFormat?

    @Option(help: "How many pages to render at once (default: the number of cores).")
    var jobs: Int?

    @Flag(name: .shortAndLong, help: "Print only errors.")
    var quiet = false

    @Flag(name: .shortAndLong, help: "Print details of each step.")
    var verbose = false

    func validate() throws {
        if parts.isEmpty { throw ValidationError("give the parts' folders to merge") }
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1") }
    }

    func run() async throws {
        let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        func resolve(_ path: String) -> URL { URL(fileURLWithPath: path, relativeTo: cwd).standardizedFileURL }
        var logger = CommonOptions.logger()
        logger.logLevel = verbose ? .debug : .warning
        let merge = Merge(
            parts: parts.map(resolve), output: resolve(output), templatesFolder: templates.map(resolve),
            jobs: jobs ?? ProcessInfo.processInfo.activeProcessorCount,
            reporter: Console.reporter(quiet: quiet, logger: logger, progressToStandardError: summary != nil))
        let result = await merge.run()
        Console.printResult(result, quiet: quiet, summaryOnStandardError: summary != nil)
        var exitCode = result.exitCode
        if let summary, let failed = SummaryOutput.write(summary, result, title: result.siteTitle ?? "Gazette"),
            exitCode == 0
        {
            exitCode = failed
        }
        if exitCode != 0 { throw ExitCode(exitCode) }
    }
}
