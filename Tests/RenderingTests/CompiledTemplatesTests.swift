import Foundation
import GazetteTestSupport
import Reports
import XCTest

@testable import Rendering

/// The renderers compiled from the built-in templates write exactly what swift-mustache writes
/// from the same templates: on every page context of every shape, and on the whole demo site.
final class CompiledTemplatesTests: XCTestCase {
    /// Both ways for one context: compiled, and through swift-mustache, in a site page and in a
    /// page that stands alone (inline chart partials, embedded pictures).
    private func assertSame<Context: CompiledPageContext & Codable>(
        _ type: Context.Type, seeds: Range<Int> = 0..<40, longLists: Bool = false,
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let library = try TemplateLibrary()
        let standalone = try library.variant(replacing: compiledStandaloneAliases)
        let embedding = ChartEmbedding { "data:image/png;base64,\($0.count)<&>" }
        for seed in seeds {
            let context = try ContextFiller.make(type, seed: seed, longLists: longLists)
            let name = Context.template.rawValue
            let channels: [(TemplateLibrary, Bool, ChartEmbedding?)] = [
                (library, false, nil), (standalone, true, embedding)
            ]
            for (templates, standsAlone, embedded) in channels {
                var out = HTMLOutput(standsAlone: standsAlone, embedding: embedded)
                context.render(into: &out)
                var userInfo: [CodingUserInfoKey: Any] = [:]
                if let embedded { userInfo[ChartEmbedding.key] = embedded }
                let interpreted = try templates.render(name, context, userInfo: userInfo)
                XCTAssertEqual(out.text, interpreted, "\(name), seed \(seed)", file: file, line: line)
            }
        }
    }

    func testEveryPageTemplateOnContextsOfEveryShape() throws {
        try assertSame(WorkoutsPage.self)
        try assertSame(ExercisePage.self)
        try assertSame(CreditScorePage.self)
        try assertSame(RaceCardPage.self)
        try assertSame(RacePage.self)
        try assertSame(NextToGoPage.self)
        try assertSame(IndexPage.self)
        try assertSame(LayoutContext.self)
        try assertSame(ErrorPage.self)
        try assertSame(EmailPage.self)
        try assertSame(StaleNotice.Context.self)
    }

    func testLongListsRenderTheSame() throws {
        try assertSame(ExercisePage.self, seeds: 0..<3, longLists: true)
        try assertSame(IndexPage.self, seeds: 0..<3, longLists: true)
        try assertSame(NextToGoPage.self, seeds: 0..<3, longLists: true)
    }

    /// Every built-in template is reached by some page's renderer.
    func testEveryTemplateIsCompiledOrUsedAsAPartial() throws {
        let roots = Set(CompiledTemplate.allCases.map(\.rawValue))
        let library = try TemplateLibrary()
        let partials = Set(
            library.files.values.flatMap { text in
                text.components(separatedBy: "{{>").dropFirst().map {
                    $0.prefix { $0 != "}" }.trimmingCharacters(in: .whitespaces)
                }
            })
        for name in library.files.keys where name.hasSuffix(".mustache") {
            let template = String(name.dropLast(".mustache".count))
            XCTAssertTrue(
                roots.contains(template) || partials.contains(template)
                    || compiledStandaloneAliases.values.contains(template), template)
        }
    }

    /// The demo site, its self-contained pages, e-mails and PDFs, in English, German and Japanese,
    /// built with the compiled renderers
    /// and with every built-in template given again as an override (so swift-mustache renders): the
    /// same bytes in every file.
    func testTheDemoSiteIsTheSameBothWays() throws {
        let dir = TestSupport.temporaryFolder()
        let templates = dir.appendingPathComponent("templates")
        try FileManager.default.createDirectory(at: templates, withIntermediateDirectories: true)
        for (name, text) in TemplateLibrary.builtInFiles where name.hasSuffix(".mustache") {
            try text.write(to: templates.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        // German and Japanese catalogs too: their words go through the same two ways.
        let modes = [
            ["--email", "--pdf"], ["--self-contained", "--email"], ["--locale", "de-DE", "--email", "--pdf"],
            ["--locale", "ja-JP", "--self-contained"]
        ]
        for flags in modes {
            let compiled = dir.appendingPathComponent("compiled")
            let interpreted = dir.appendingPathComponent("interpreted")
            let common = ["build", "--now", "2026-03-01T09:00:00Z", "--jobs", "2"] + flags
            let first = try TestSupport.run(try TestSupport.gazette(), common + ["--output", compiled.path])
            XCTAssertEqual(first.status, 0, first.output)
            let second = try TestSupport.run(
                try TestSupport.gazette(), common + ["--output", interpreted.path, "--templates", templates.path])
            XCTAssertEqual(second.status, 0, second.output)
            let a = TestSupport.snapshot(compiled)
            let b = TestSupport.snapshot(interpreted)
            XCTAssertEqual(Set(a.keys), Set(b.keys))
            XCTAssertGreaterThan(a.keys.filter { $0.hasSuffix(".html") }.count, 10)
            for (path, bytes) in a where path != "manifest.json" {
                XCTAssertEqual(bytes, b[path], "\(flags): \(path)")
            }
            try? FileManager.default.removeItem(at: compiled)
            try? FileManager.default.removeItem(at: interpreted)
        }
    }
}
