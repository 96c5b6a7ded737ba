import Foundation
import PackagePlugin

/// Compiles the built-in templates into Swift renderers over their page contexts (see
/// `CompileTemplates`): the page-context structs are read from the sources of `Reports` and of
/// the target itself, so a template naming a field its context lacks fails the build; the English
/// catalog says which `{{words.…}}` messages there are.
@main
struct CompileTemplatesPlugin: BuildToolPlugin {
    /// Partials another template replaces in pages that stand alone (self-contained files, e-mail):
    /// one embedded picture per theme instead of linked files.
    static let standaloneAliases = [
        "chart": "chart-inline", "exercise-chart": "chart-inline"
    ]

    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let package = context.package.directoryURL
        let templates = try Self.files(under: package.appending(path: "Templates"), suffix: ".mustache")
        let contexts =
            try Self.files(under: package.appending(path: "Sources/Reports"), suffix: ".swift")
            + Self.files(under: package.appending(path: "Sources/Rendering"), suffix: ".swift")
        let messages = package.appending(path: "Templates/messages/en.yml")
        let output = context.pluginWorkDirectoryURL.appending(path: "CompiledTemplates.swift")
        var arguments = [output.path, "--messages", messages.path, "--alias"]
        arguments += Self.standaloneAliases.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        arguments += ["--templates"] + templates.map(\.path) + ["--contexts"] + contexts.map(\.path)
        return [
            .buildCommand(
                displayName: "Compiling \(templates.count) templates",
                executable: try context.tool(named: "CompileTemplates").url,
                arguments: arguments,
                inputFiles: templates + contexts + [messages],
                outputFiles: [output]
            )
        ]
    }

    static func files(under root: URL, suffix: String) throws -> [URL] {
        guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey])
        else { return [] }
        var found: [URL] = []
        for case let url as URL in walker where url.lastPathComponent.hasSuffix(suffix) {
            found.append(url)
        }
        return found.sorted { $0.path < $1.path }
    }
}
