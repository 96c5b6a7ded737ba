import CatalogFormat
import Deterministic
import Foundation
import Mustache
import GazetteCore
import Reports
import Localization

/// The Mustache templates, stylesheet and script the site is made from.
///
/// The files under `Templates/` are compiled into the program; a folder given with
/// `--templates` overrides any of them by name. Rendering is strict: every tag must resolve in
/// its context, and a missing template is an error naming it.
public struct TemplateLibrary: Sendable {
    /// Raw text of every file, by name relative to the templates folder (`credit-score.mustache`).
    public private(set) var files: [String: String]
    /// Where each file came from, for error messages.
    package private(set) var origins: [String: String]
    /// Partials swapped for another template in this variant (`chart` → `chart-inline`).
    package let aliases: [String: String]
    private var library: MustacheLibrary
    /// Every template file's tags by name (without `.mustache`), scanned once for the strict checker.
    package private(set) var tags: [String: [Tag]]
    /// Files of the override folder whose names no built-in template has: most likely misspelt.
    public private(set) var unmatchedOverrides: [String] = []
    /// Templates whose text is not the built-in one (from `--templates`, or replaced).
    package private(set) var overridden: Set<String> = []
    /// Renders pages with the renderers compiled from the built-in templates; false once any
    /// template is overridden, since a partial of the user's must be seen by every page using it.
    package var usesCompiledTemplates: Bool { overridden.isEmpty }
    /// Renders every page both ways and fails on any difference (`GAZETTE_CROSS_CHECK_TEMPLATES=1`):
    /// the differential check of the compiled renderers against swift-mustache. Only CI sets it
    /// (`.ci/run`, on the demo's builds); `swift test` does not.
    package var crossCheck = ProcessInfo.processInfo.environment["GAZETTE_CROSS_CHECK_TEMPLATES"] == "1"
    /// The readers' words, which templates show as `{{words.KEY}}` (English until `speaking`).
    public private(set) var words: Words = .english
    /// The same words as the tree swift-mustache reads `words.KEY` from.
    private var wordsTree = WordsTree.english

    /// The files compiled into the program, in name order: what `gazette templates` writes out.
    public static var builtInFiles: [(name: String, text: String)] {
        EmbeddedTemplates.files.map { ($0.name, $0.text) }.sorted { $0.name < $1.name }
    }

    public init(overrides folder: URL? = nil) throws(BuildError) {
        HTMLEscaping.register
        var files: [String: String] = [:]
        var origins: [String: String] = [:]
        for entry in EmbeddedTemplates.files {
            files[entry.name] = entry.text
            origins[entry.name] = "Templates/" + entry.name
        }
        var unmatched: [String] = []
        var overridden: Set<String> = []
        if let folder {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder), isFolder.boolValue else {
                throw BuildError(.usage, .file(folder.path), "no such templates folder")
            }
            for (name, url) in FileTree.files(under: folder) {
                // A catalog of a language Gazette has none for adds that language.
                let isCatalog = name.hasPrefix("messages/") && name.hasSuffix(".yml")
                if files[name] == nil, !isCatalog { unmatched.append(url.path) }
                guard let data = FileManager.default.contents(atPath: url.path) else {
                    throw BuildError(.io, .file(url.path), "cannot read the template")
                }
                // A file that is there but not UTF-8 is a broken template (65), not an I/O fault.
                guard let text = String(validating: data, as: UTF8.self) else {
                    throw BuildError(.template, .file(url.path), "the template is not UTF-8 text")
                }
                if name.hasSuffix(".mustache") { overridden.insert(name) }
                files[name] = text
                origins[name] = url.path
            }
        }
        // Scanned first: its errors say what is wrong in words and point at the tag to fix.
        let tags = try Self.scanTags(files: files, origins: origins)
        var library = MustacheLibrary()
        // In name order, so the first broken template reported is always the same one.
        for (name, text) in files.sorted(by: { $0.key < $1.key }) where name.hasSuffix(".mustache") {
            do {
                library.register(try MustacheTemplate(string: text), named: String(name.dropLast(".mustache".count)))
            } catch let error as MustacheTemplate.ParserError {
                throw BuildError(
                    .template,
                    TemplateLines.location(
                        parserLine: error.context.lineNumber, parserColumn: error.context.columnNumber,
                        in: text, origin: origins[name]!),
                    TemplateLines.words(error.error))
            } catch {
                throw BuildError(.template, .file(origins[name]!), "invalid template: \(error)")
            }
        }
        self.files = files
        self.origins = origins
        self.library = library
        self.aliases = [:]
        self.tags = tags
        self.unmatchedOverrides = unmatched
        self.overridden = overridden
    }

    private init(
        files: [String: String], origins: [String: String], aliases: [String: String], overridden: Set<String>,
        crossCheck: Bool
    ) throws(BuildError) {
        var library = MustacheLibrary()
        for (name, text) in files.sorted(by: { $0.key < $1.key }) where name.hasSuffix(".mustache") {
            let key = String(name.dropLast(".mustache".count))
            guard
                let template = try? MustacheTemplate(string: files[(aliases[key] ?? key) + ".mustache"] ?? text)
            else {
                throw BuildError(.template, .file(origins[name]!), "invalid template")
            }
            library.register(template, named: key)
        }
        self.files = files
        self.origins = origins
        self.library = library
        self.aliases = aliases
        self.overridden = overridden
        self.crossCheck = crossCheck
        self.tags = try Self.scanTags(files: files, origins: origins)
    }

    private static func scanTags(files: [String: String], origins: [String: String]) throws(BuildError) -> [String:
        [Tag]]
    {
        var tags: [String: [Tag]] = [:]
        for (name, text) in files.sorted(by: { $0.key < $1.key }) where name.hasSuffix(".mustache") {
            tags[String(name.dropLast(".mustache".count))] = try TagScanner(text: text, origin: origins[name]!).scan()
        }
        return tags
    }

    /// The same templates with some partials replaced by others, for pages that must stand alone
    /// (self-contained files, e-mail) and so draw their charts differently.
    public func variant(replacing aliases: [String: String]) throws(BuildError) -> TemplateLibrary {
        for (_, target) in aliases where files[target + ".mustache"] == nil {
            throw BuildError(.template, .none, "no template named \"\(target)\"")
        }
        return try TemplateLibrary(
            files: files, origins: origins, aliases: aliases, overridden: overridden, crossCheck: crossCheck)
    }

    /// The same library with one template's text replaced (or added), the others kept as they
    /// were parsed: what a fuzzer or an editor preview needs many times a second.
    public func replacing(_ name: String, with text: String) throws(BuildError) -> TemplateLibrary {
        let file = name + ".mustache"
        let template: MustacheTemplate
        do {
            // Parsed as written first, so a fault is placed in the text the author sees.
            template = try MustacheTemplate(string: text)
        } catch let error as MustacheTemplate.ParserError {
            throw BuildError(
                .template,
                .text(
                    path: file, line: error.context.lineNumber, column: error.context.columnNumber,
                    sourceLine: error.context.line), TemplateLines.words(error.error))
        } catch {
            throw BuildError(.template, .file(file), "invalid template: \(error)")
        }
        var copy = self
        copy.files[file] = text
        copy.origins[file] = file
        copy.overridden.insert(file)
        copy.library.register(template, named: name)
        copy.tags[name] = try TagScanner(text: text, origin: file).scan()
        return copy
    }

    /// The same templates showing `words` wherever they say `{{words.KEY}}`.
    public func speaking(_ words: Words) -> TemplateLibrary {
        var copy = self
        copy.words = words
        copy.wordsTree = words == .english ? WordsTree.english : WordsTree.tree(words)
        return copy
    }

    /// The template file that renders under `name` in this variant.
    package func resolvedName(_ name: String) -> String {
        aliases[name] ?? name
    }

    /// The text of a non-template file such as `style.css`.
    public func asset(_ name: String) throws(BuildError) -> String {
        guard let text = files[name] else { throw BuildError(.template, .none, "no template file named \"\(name)\"") }
        return text
    }

    /// A page (or e-mail) rendered from its context by the context's template: by the compiled
    /// renderer, or through swift-mustache when templates are overridden. A page that stands
    /// alone (a variant with aliases) gets the inline chart partials and its pictures embedded.
    package func render<Context: CompiledPageContext & Encodable>(
        _ context: Context, embedding: ChartEmbedding? = nil
    ) throws(BuildError) -> [UInt8] {
        let name = Context.template.rawValue
        var userInfo: [CodingUserInfoKey: Any] = [:]
        if let embedding { userInfo[ChartEmbedding.key] = embedding }
        guard usesCompiledTemplates else { return Array(try render(name, context, userInfo: userInfo).utf8) }
        var out = HTMLOutput(standsAlone: !aliases.isEmpty, embedding: embedding, words: words)
        context.render(into: &out)
        let bytes = out.bytes
        if crossCheck {
            let interpreted = Array(try render(name, context, userInfo: userInfo).utf8)
            guard interpreted == bytes else {
                let at =
                    zip(interpreted, bytes).enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset
                    ?? min(interpreted.count, bytes.count)
                throw BuildError(
                    .template, .file(origin(of: name)),
                    "the compiled renderer and swift-mustache differ at byte \(at): compiled "
                        + "\"\(String(decoding: bytes[max(0, at - 40)..<min(bytes.count, at + 40)], as: UTF8.self))\", "
                        + "swift-mustache \"\(String(decoding: interpreted[max(0, at - 40)..<min(interpreted.count, at + 40)], as: UTF8.self))\""
                )
            }
        }
        return bytes
    }

    /// Renders the template `name` (without `.mustache`) with a page context after checking every
    /// tag resolves. The context is lowered once, and the checker and the renderer read the same tree.
    public func render<Context: Encodable>(
        _ name: String, _ context: Context,
        userInfo: [CodingUserInfoKey: Any] = [:]
    ) throws(BuildError) -> String {
        try render(name, lowered: try TemplateLowering.lower(context, userInfo: userInfo))
    }

    /// Renders with a context already lowered by `TemplateLowering`.
    package func render(_ name: String, lowered context: Any) throws(BuildError) -> String {
        let file = name + ".mustache"
        guard files[file] != nil else {
            throw BuildError(.template, .none, "no template named \"\(name)\" (looked for \(file))")
        }
        let context = WordsTree.adding(wordsTree, to: context)
        try TemplateChecker(library: self).check(name, context: context)
        guard let text = library.render(context, withTemplate: name) else {
            throw BuildError(.template, .file(origins[file]!), "the template could not be rendered")
        }
        return text
    }

    package func origin(of name: String) -> String {
        origins[name + ".mustache"] ?? name + ".mustache"
    }
}

extension TemplateLibrary {
    /// The words for `language` (`de`): Gazette's catalog for it with the user's
    /// `messages/LANG.yml` from `--templates` over it, or nil when neither has the language.
    /// Every catalog of the user's is checked first, against the English one: a key English has
    /// not, or a placeholder missing or unknown, is a template error (65) at its line.
    public func words(for language: String) throws(BuildError) -> Words? {
        var own: [String: Words.Message]?
        for name in files.keys.sorted() where name.hasPrefix("messages/") && name.hasSuffix(".yml") {
            guard let origin = origins[name], !origin.hasPrefix("Templates/") else { continue }
            let entries = try catalogEntries(name)
            let reference = Self.englishEntries
            if let problem = CatalogRules.problems(in: entries, against: reference).first {
                throw catalogError(problem, in: name)
            }
            if name == "messages/\(language).yml" {
                own = Dictionary(
                    entries.map { ($0.key, Words.Message($0.forms)) }, uniquingKeysWith: { _, last in last })
            }
        }
        let builtIn = Words.builtIn(language)
        guard let own else { return builtIn }
        return (builtIn ?? .english).overlaid(by: own, language: language)
    }

    /// English as Gazette carries it, the source a user's catalog must match: read (with Yams) only
    /// by a build that has a catalog of its own, and then once.
    private static let englishEntries =
        (try? CatalogRules.entries(in: EmbeddedTemplates.files.first { $0.name == "messages/en.yml" }?.text ?? ""))
        ?? []

    private func catalogEntries(_ name: String) throws(BuildError) -> [CatalogEntry] {
        do {
            return try CatalogRules.entries(in: files[name] ?? "")
        } catch {
            throw catalogError(error, in: name)
        }
    }

    private func catalogError(_ problem: CatalogProblem, in name: String) -> BuildError {
        let text = files[name] ?? ""
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let line = lines.indices.contains(problem.line - 1) ? String(lines[problem.line - 1]) : nil
        let column = line.map { TextColumns.column(ofScalarColumn: problem.column, in: $0) } ?? problem.column
        return BuildError(
            .template,
            .text(
                path: origins[name] ?? name, line: problem.line, column: column,
                sourceLine: line?.replacingOccurrences(of: "\r", with: "")),
            problem.message)
    }
}

extension Words.Message {
    /// A catalog entry's forms as a message.
    init(_ forms: CatalogEntry.Forms) {
        switch forms {
        case .text(let text): self = .text(text)
        case .plural(let byName):
            self = .plural(
                Dictionary(
                    byName.compactMap { name, text in PluralCategory(rawValue: name).map { ($0, text) } },
                    uniquingKeysWith: { first, _ in first }))
        }
    }
}
