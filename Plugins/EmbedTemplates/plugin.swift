import Foundation
import PackagePlugin

/// Compiles every file under the package's `Templates/` folder into the target as Swift source,
/// so the `gazette` binary carries its templates, stylesheet and script wherever it is copied.
@main
struct EmbedTemplates: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let root = context.package.directoryURL.appending(path: "Templates")
        let files = try Self.files(under: root)
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedTemplates.swift")
        return [
            .buildCommand(
                displayName: "Embedding \(files.count) template files",
                executable: try context.tool(named: "EmbedResources").url,
                arguments: [output.path, root.path] + files.map(\.path),
                inputFiles: files,
                outputFiles: [output]
            )
        ]
    }

    static func files(under root: URL) throws -> [URL] {
        guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey])
        else {
            return []
        }
        var found: [URL] = []
        for case let url as URL in walker {
            let isFile = (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) ?? false
            if isFile, !url.lastPathComponent.hasPrefix("."), url.lastPathComponent != "README.md" {
                found.append(url)
            }
        }
        return found.sorted { $0.path < $1.path }
    }
}
