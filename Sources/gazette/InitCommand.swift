import ArgumentParser
import Foundation
import Jobs
import SiteBuild

struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Start a site: a job file with every report kind on sample inputs, its schema, and a static/ folder.",
        discussion: """
            Writes gazette.yml, gazette.schema.json (named by the job's first line, for editors), \
            data/ with a sample of every input and static/ into DIR (default: the current folder), then \
            `gazette build` in DIR builds it. Existing files are never replaced.
            """
    )

    @Argument(help: "The folder to start the site in (made if missing).")
    var folder: String = "."

    @Option(
        help: ArgumentHelp(
            "The clock the samples are dated from: ISO 8601 or Unix seconds (default: now).", valueName: "time"))
    var now: String?

    func validate() throws {
        if let now, TimeParser.parse(now) == nil {
            throw ValidationError("--now must be ISO 8601 (2023-11-04T05:50:00Z) or Unix seconds, not \"\(now)\"")
        }
    }

    func run() throws {
        let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        let target = URL(fileURLWithPath: folder, relativeTo: cwd).standardizedFileURL
        let files = StarterJob.files(now: now.flatMap(TimeParser.parse) ?? Date())
        try FolderWriter.write(files.map { ($0.path, $0.bytes) }, into: target, what: "gazette init")
        print(
            "Wrote \(files.count) files into \(target.path): \(StarterJob.jobFileName), its schema, data/ and static/.")
        print("Next: cd \(folder == "." ? "." : folder) && gazette build   (or gazette serve to see it as you edit)")
    }
}
