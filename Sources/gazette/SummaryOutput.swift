import Foundation
import SiteBuild

/// Where `--summary` goes: the summary on standard output; for `github`, the annotations there and
/// the Markdown table appended to `$GITHUB_STEP_SUMMARY` (or on standard output when it is unset,
/// as on a machine outside GitHub Actions).
enum SummaryOutput {
    /// Prints the summary; returns the exit status to use when the job summary could not be written.
    static func write(
        _ format: SummaryFormat, _ result: BuildResult, title: String,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> Int32? {
        let workspace =
            environment["GITHUB_WORKSPACE"].flatMap { $0.isEmpty ? nil : $0 }
            ?? FileManager.default.currentDirectoryPath
        print(format.render(result, title: title, workspace: workspace), terminator: "")
        guard format == .github else { return nil }
        let markdown = SummaryFormat.markdown.render(result, title: title, workspace: workspace)
        guard let path = environment["GITHUB_STEP_SUMMARY"], !path.isEmpty else {
            print(markdown, terminator: "")
            return nil
        }
        do {
            try append(markdown, to: path)
            return nil
        } catch {
            Console.error("\(path): error: could not append the job summary (\(error.localizedDescription))")
            return ExitStatus.io
        }
    }

    /// GitHub gives each step an empty file; a step that writes twice appends, as its docs ask.
    private static func append(_ text: String, to path: String) throws {
        if !FileManager.default.fileExists(atPath: path) {
            try Data().write(to: URL(fileURLWithPath: path))
        }
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(text.utf8))
    }
}
