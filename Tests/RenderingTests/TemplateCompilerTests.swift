import Foundation
import GazetteTestSupport
import XCTest

/// The template compiler the build runs (`CompileTemplates`, through `CompileTemplatesPlugin`):
/// a built-in template that names a field its context lacks, or misuses one, stops the build at
/// the template's line and column.
final class TemplateCompilerTests: XCTestCase {
    /// Runs the compiler over the built-in templates with `edit` applied to one of them, and the
    /// real context declarations of Reports and Rendering.
    private func compile(_ name: String, edit: (String) -> String) throws -> (status: Int32, output: String) {
        let root = SampleData.repositoryRoot
        let folder = TestSupport.temporaryFolder()
        var templates: [String] = []
        for file in try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("Templates").path)
        where file.hasSuffix(".mustache") {
            var text = try String(contentsOf: root.appendingPathComponent("Templates/\(file)"), encoding: .utf8)
            if file == name + ".mustache" { text = edit(text) }
            let copy = folder.appendingPathComponent(file)
            try text.write(to: copy, atomically: true, encoding: .utf8)
            templates.append(copy.path)
        }
        var contexts: [String] = []
        for target in ["Sources/Reports", "Sources/Rendering"] {
            let base = root.appendingPathComponent(target)
            let walker = FileManager.default.enumerator(atPath: base.path)
            while let path = walker?.nextObject() as? String {
                if path.hasSuffix(".swift") { contexts.append(base.appendingPathComponent(path).path) }
            }
        }
        let output = folder.appendingPathComponent("CompiledTemplates.swift")
        return try TestSupport.run(
            try TestSupport.builtProgram("CompileTemplates"),
            [
                output.path, "--messages", root.appendingPathComponent("Templates/messages/en.yml").path, "--alias",
                "chart=chart-inline", "--templates"
            ] + templates + ["--contexts"] + contexts)
    }

    func testTheBuiltInTemplatesCompile() throws {
        let result = try compile("exercise") { $0 }
        XCTAssertEqual(result.status, 0, result.output)
    }

    func testAnUnknownFieldStopsTheBuildAtItsPlace() throws {
        let result = try compile("exercise") {
            $0.replacingOccurrences(of: "<p class=\"lede\">{{lede}}</p>", with: "<p class=\"lede\">{{leed}}</p>")
        }
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(
            result.output.contains("exercise.mustache:3:17: error: {{leed}} is not a field of ExercisePage"),
            result.output)
    }

    func testAMessageTheEnglishCatalogLacksStopsTheBuild() throws {
        let result = try compile("layout") {
            $0.replacingOccurrences(of: "{{words.layout.skip}}", with: "{{words.layout.skipp}}")
        }
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(
            result.output.contains(
                "layout.mustache:20:30: error: {{words.layout.skipp}}: Templates/messages/en.yml has no message \"layout.skipp\""
            ), result.output)
    }

    func testAFieldOfAnOuterContextIsFoundAndAMissingOneInAPartialIsNamedWithItsChain() throws {
        let inner = try compile("data-table") { $0.replacingOccurrences(of: "{{header}}", with: "{{heder}}") }
        XCTAssertEqual(inner.status, 1)
        XCTAssertTrue(inner.output.contains("data-table.mustache:9:"), inner.output)
        XCTAssertTrue(inner.output.contains("{{heder}} is not a field of TableRow, DataTable"), inner.output)
        XCTAssertTrue(inner.output.contains("→ data-table"), inner.output)
    }

    func testAListShownAsTextStopsTheBuild() throws {
        let result = try compile("exercise") { $0.replacingOccurrences(of: "{{recordCount}}", with: "{{records}}") }
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.output.contains("{{records}} is a list"), result.output)
    }

    func testAnUnclosedSectionStopsTheBuild() throws {
        let result = try compile("exercise") { $0.replacingOccurrences(of: "{{/hasRecords}}", with: "") }
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.output.contains("exercise.mustache"), result.output)
        XCTAssertTrue(
            result.output.contains("never closed") || result.output.contains("closes a section"), result.output)
    }
}
