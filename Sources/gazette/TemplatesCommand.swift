import ArgumentParser
import Foundation
import Rendering

struct TemplatesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "templates",
        abstract: "Write the built-in templates, stylesheet and script into a folder, to start a theme from.",
        discussion: """
            Edit what you want to change and delete the rest: `gazette build --templates DIR` uses a \
            file of DIR in place of the built-in file of the same name. Existing files are never replaced.
            """
    )

    @Argument(help: "The folder to write them into (made if missing).")
    var folder: String

    func run() throws {
        let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        let target = URL(fileURLWithPath: folder, relativeTo: cwd).standardizedFileURL
        let files = TemplateLibrary.builtInFiles
        try FolderWriter.write(files.map { ($0.name, Array($0.text.utf8)) }, into: target, what: "gazette templates")
        print("Wrote \(files.count) files into \(target.path); build with --templates \(folder).")
    }
}
