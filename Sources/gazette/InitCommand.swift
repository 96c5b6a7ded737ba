import ArgumentParser
import Foundation
import Jobs
import SiteBuild
import Workouts

struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Start a site: a job file with every report kind on sample inputs, its schema, and a static/ folder.",
        discussion: """
            Writes gazette.yml, gazette.schema.json (named by the job's first line, for editors), \
            data/ with a sample of every input and static/ into DIR (default: the current folder), then \
            `gazette build` in DIR builds it. With --from FILE, the job is one workouts report on \
            that file instead, copied into data/; when no format knows the file, the report carries the \
            columns: block guessed from its header and first rows. Existing files are never replaced.
            """
    )

    @Argument(help: "The folder to start the site in (made if missing).")
    var folder: String = "."

    @Option(
        help: ArgumentHelp(
            "The clock the samples are dated from: ISO 8601 or Unix seconds (default: now).", valueName: "time"))
    var now: String?

    @Option(
        help: ArgumentHelp(
            "A workouts file to start from: the job reads it, with a guessed columns: block when no format knows it.",
            valueName: "file"))
    var from: String?

    func validate() throws {
        if let now, TimeParser.parse(now) == nil {
            throw ValidationError("--now must be ISO 8601 (2023-11-04T05:50:00Z) or Unix seconds, not \"\(now)\"")
        }
    }

    func run() throws {
        let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        let target = URL(fileURLWithPath: folder, relativeTo: cwd).standardizedFileURL
        let files =
            try from.map { try Self.filesFrom(URL(fileURLWithPath: $0, relativeTo: cwd).standardizedFileURL) }
            ?? StarterJob.files(now: now.flatMap(TimeParser.parse) ?? Date(), schema: JobSchema.json)
        try FolderWriter.write(files.map { ($0.path, $0.bytes) }, into: target, what: "gazette init")
        print(
            "Wrote \(files.count) files into \(target.path): \(StarterJob.jobFileName), its schema, data/ and static/.")
        print("Next: cd \(folder == "." ? "." : folder) && gazette build   (or gazette serve to see it as you edit)")
    }

    /// The job for `--from`: the file read as a workouts report reads it; a header no format
    /// knows brings its guessed block, and one nothing can be guessed from stops with the error.
    private static func filesFrom(_ file: URL) throws -> [StarterJob.File] {
        guard let data = FileManager.default.contents(atPath: file.path) else {
            Console.error("\(file.path): error: cannot read the file")
            throw ExitCode(ExitStatus.usage)
        }
        let bytes = [UInt8](data)
        var aggregator = OneRepMaxAggregator()
        var columns: String?
        do {
            try aggregator.ingest(bytes, file: file.path)
        } catch {
            if let hint = error.hint, error.line == 1 {
                columns = hint
            } else if error.line == 1 {
                // No format knows the header, and no block can be guessed from it.
                Console.error(error.description)
                throw ExitCode(ExitStatus.inputFailure)
            } else {
                // A known format with a line it cannot read: the job is written; its build says where.
                Console.error("note: " + error.description)
            }
        }
        return StarterJob.files(
            workoutsFile: file.lastPathComponent, bytes: bytes, columns: columns, schema: JobSchema.json)
    }
}
