import Foundation
import PackagePlugin

/// Compiles the message catalogs (`Templates/messages/*.yml`) into the target as Swift
/// dictionaries, after checking each against the English one.
@main
struct EmbedCatalogs: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let folder = context.package.directoryURL.appending(path: "Templates").appending(path: "messages")
        let catalogs = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".yml") && !$0.hasPrefix(".") }.sorted()
            .map { folder.appending(path: $0) }
        let output = context.pluginWorkDirectoryURL.appending(path: "BuiltInCatalogs.swift")
        return [
            .buildCommand(
                displayName: "Compiling \(catalogs.count) message catalogs",
                executable: try context.tool(named: "CompileCatalogs").url,
                arguments: [output.path] + catalogs.map(\.path),
                inputFiles: catalogs,
                outputFiles: [output]
            )
        ]
    }
}
