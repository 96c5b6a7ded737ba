import Foundation
import XCTest
@testable import GazetteCore
@testable import Rendering
@testable import Jobs
import GazetteTestSupport

final class TemplateTests: XCTestCase {
    private struct Row: Encodable {
        var name: String
        var note: String?
    }
    private struct Page: Encodable {
        var title: String
        var rows: [Row]
        var flag: Bool
    }

    private func library(_ files: [String: String]) throws -> TemplateLibrary {
        let dir = TestSupport.temporaryFolder()
        for (name, text) in files { TestSupport.writeFile(text, to: dir.appendingPathComponent(name)) }
        return try TemplateLibrary(overrides: dir)
    }

    func testEmbeddedTemplatesAreCompiledIn() throws {
        let library = try TemplateLibrary()
        for name in ["layout.mustache", "index.mustache", "credit-score.mustache", "chart.mustache", "style.css"] {
            XCTAssertNotNil(library.files[name], name)
        }
    }

    func testRendersAndEscapesInputText() throws {
        let library = try library([
            "t.mustache": "<h1>{{title}}</h1>{{#rows}}<p>{{name}}{{#note}}: {{note}}{{/note}}</p>{{/rows}}"
        ])
        let html = try library.render(
            "t", Page(title: "<script>alert(1)</script>", rows: [Row(name: "a&b", note: nil)], flag: true))
        XCTAssertEqual(html, "<h1>&lt;script&gt;alert(1)&lt;/script&gt;</h1><p>a&amp;b</p>")
    }

    func testAnUnresolvedTagIsAnErrorWithItsPosition() throws {
        let library = try library(["t.mustache": "<h1>{{title}}</h1>\n{{#rows}}\n  <p>{{nmae}}</p>\n{{/rows}}\n"])
        XCTAssertThrowsError(try library.render("t", Page(title: "x", rows: [Row(name: "a", note: nil)], flag: false)))
        { error in
            let error = error as! BuildError
            XCTAssertEqual(error.kind, .template)
            guard case let .text(path, line, column, source, _) = error.location else { return XCTFail("\(error)") }
            XCTAssertTrue(path.hasSuffix("t.mustache"))
            XCTAssertEqual(line, 3)
            XCTAssertEqual(column, 6)
            XCTAssertEqual(source, "  <p>{{nmae}}</p>")
            XCTAssertTrue(error.message.contains("\"nmae\" does not resolve"))
            XCTAssertTrue(error.description.hasSuffix("  <p>{{nmae}}</p>\n     ^"), error.description)
        }
    }

    func testSectionsThatDoNotRenderAreNotChecked() throws {
        let library = try library(["t.mustache": "{{#flag}}{{whatever}}{{/flag}}{{^rows}}{{none}}{{/rows}}"])
        XCTAssertEqual(try library.render("t", Page(title: "", rows: [Row(name: "a", note: nil)], flag: false)), "")
    }

    func testPartialsAreCheckedInTheirContext() throws {
        let library = try library([
            "t.mustache": "{{#rows}}{{> row}}{{/rows}}", "row.mustache": "[{{name}}{{title}}{{missing}}]"
        ])
        XCTAssertThrowsError(try library.render("t", Page(title: "T", rows: [Row(name: "a", note: nil)], flag: false)))
        { error in
            XCTAssertTrue("\(error)".contains("row.mustache:1:"), "\(error)")
            XCTAssertTrue("\(error)".contains("(the context has: name, note) (in t → row)"), "\(error)")
        }
    }

    func testContextsAreLoweredToObjectsListsAndValues() throws {
        let lowered = try TemplateLowering.lower(
            Page(title: "T", rows: [Row(name: "a", note: nil), Row(name: "b", note: "n")], flag: true))
        let page = try XCTUnwrap(lowered as? TemplateObject)
        XCTAssertEqual(page.names, ["title", "rows", "flag"])
        XCTAssertEqual((page.child(named: "title") as? TemplateText)?.renderText, "T")
        XCTAssertEqual(page.child(named: "flag") as? Bool, true)
        let rows = try XCTUnwrap(page.child(named: "rows") as? [Any])
        let first = try XCTUnwrap(rows.first as? TemplateObject)
        // An empty optional is a field the checker knows, but reads as missing when rendering.
        XCTAssertTrue(first.field("note") != nil)
        XCTAssertNil(first.child(named: "note"))
        XCTAssertTrue(first.field("nmae") == nil)
        XCTAssertEqual(((rows.last as? TemplateObject)?.child(named: "note") as? TemplateText)?.renderText, "n")
    }

    func testAnEmptyOptionalLooksUpTheStackAsReflectionDid() throws {
        let library = try library(["t.mustache": "{{#rows}}[{{#note}}{{.}}{{/note}}{{^note}}-{{/note}}]{{/rows}}"])
        XCTAssertEqual(
            try library.render(
                "t", Page(title: "", rows: [Row(name: "a", note: nil), Row(name: "b", note: "x")], flag: false)),
            "[-][x]")
    }

    func testAMissingTemplateIsAnErrorNamingIt() throws {
        XCTAssertThrowsError(try TemplateLibrary().render("nope", Page(title: "", rows: [], flag: false))) { error in
            XCTAssertTrue("\(error)".contains("no template named \"nope\""))
        }
    }

    func testAParseErrorHasThePositionAndCaret() {
        XCTAssertThrowsError(try library(["bad.mustache": "ok\n{{#a}}x{{/b}}\n"])) { error in
            let error = error as! BuildError
            guard case let .text(path, line, _, _, _) = error.location else { return XCTFail("\(error)") }
            XCTAssertTrue(path.hasSuffix("bad.mustache"))
            XCTAssertEqual(line, 2)
        }
    }

    func testOverridesReplaceTemplatesByName() throws {
        let library = try library(["style.css": "body { color: red; }"])
        XCTAssertEqual(try library.asset("style.css"), "body { color: red; }")
        XCTAssertNotNil(library.files["layout.mustache"])
    }
}

/// A lazy list renders as the same list would, made element by element.
final class LazyTemplateListTests: XCTestCase {
    private struct Item: Encodable { var name: String }
    private struct Page: Encodable { var items: LazyTemplateList<Item> }
    private struct EagerPage: Encodable { var items: [Item] }

    func testALazyListRendersLikeTheListAndIsCheckedLikeIt() throws {
        let lazy = LazyTemplateList(count: 40) { index in Item(name: "n\(index)") }
        let library = try TemplateLibrary().replacing(
            "list", with: "{{#items}}<i>{{name}}</i>{{/items}}{{^items}}none{{/items}}")
        let eager = try library.render("list", EagerPage(items: (0..<40).map { Item(name: "n\($0)") }))
        XCTAssertEqual(try library.render("list", Page(items: lazy)), eager)
        let bad = try library.replacing("list", with: "{{#items}}{{nmae}}{{/items}}")
        XCTAssertThrowsError(try bad.render("list", Page(items: lazy))) { error in
            XCTAssertTrue("\(error)".contains("\"nmae\" does not resolve"), "\(error)")
        }
        XCTAssertEqual(
            try library.render("list", Page(items: LazyTemplateList(count: 0) { _ in Item(name: "") })), "none")
    }
}
