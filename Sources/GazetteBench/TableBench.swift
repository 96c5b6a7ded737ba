import Foundation
import Mustache
import SiteBuild
import Rendering
import Reports

/// A page with a table of 20,000 rows, rendered three ways: swift-mustache reading the typed page
/// context by reflection (Gazette's first way), swift-mustache reading the context lowered once to
/// objects and lists (how `--templates` overrides render), and the renderer compiled from the
/// built-in template (how Gazette renders it now).
enum TableBench {
    struct Result {
        var rows: Int
        var reflection: Double
        var lowered: Double
        var compiled: Double
        var identical: Bool
    }

    static func run(rows: Int, runs: Int) throws -> Result {
        let (templates, context) = try TablePageSample.exercisePage(days: rows)
        // The same templates as Gazette had them before: read by swift-mustache's reflective
        // look-ups and escaped by its built-in HTML type (so without the CONTENT_TYPE pragma).
        var reflective = MustacheLibrary()
        for (name, text) in templates.files where name.hasSuffix(".mustache") {
            let before = text.split(separator: "\n", omittingEmptySubsequences: false)
                .filter { !$0.hasPrefix("{{% CONTENT_TYPE") }.joined(separator: "\n")
            reflective.register(try MustacheTemplate(string: before), named: String(name.dropLast(".mustache".count)))
        }
        var before = "", after = "", native: [UInt8] = []
        var reflection = Double.infinity, lowered = Double.infinity, compiled = Double.infinity
        for _ in 0..<runs {
            if ProcessInfo.processInfo.environment["GAZETTE_BENCH_LOWERED_ONLY"] == nil {
                reflection = min(
                    reflection, measure { before = reflective.render(context, withTemplate: "exercise") ?? "" })
            }
            lowered = min(lowered, try measure { after = try templates.render("exercise", context) })
            compiled = min(compiled, try measure { native = try templates.render(context) })
        }
        if ProcessInfo.processInfo.environment["GAZETTE_BENCH_TRACE"] != nil {
            var tree: Any = 0
            let lowering = try measure { tree = try TemplateLowering.lower(context) }
            // The page's words are added by the render, as a build adds them (the lowered context has none).
            let rendering = try measure { _ = try templates.render("exercise", lowered: tree) }
            print("   lower \(Figures.time(lowering)), add words, check and render \(Figures.time(rendering))")
        }
        // The reflective renderer has no catalog, so its page lacks the words: only the two ways a
        // build renders are compared.
        _ = before
        let same = !after.isEmpty && Array(after.utf8) == native
        return Result(rows: rows, reflection: reflection, lowered: lowered, compiled: compiled, identical: same)
    }
}

/// The reflective renderer reads stored properties; a chart's file paths are made from its stem
/// when asked, so the "before" side is told them by name, as the page's lowered tree has them.
extension ChartImage: MustacheParent {
    public func child(named name: String) -> Any? {
        switch name {
        case "src": src.path
        case "alt": alt
        case "width": width
        case "height": height
        case "table": table
        default: nil
        }
    }
}
