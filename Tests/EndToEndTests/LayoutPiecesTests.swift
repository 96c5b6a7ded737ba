import Foundation
import GazetteTestSupport
import XCTest
@testable import Jobs
@testable import SiteBuild

/// A layout of the user's that escapes or repeats the body gets exactly what it asks for.
final class LayoutPiecesTests: XCTestCase {
    private func build(layout: (String) -> String) async throws -> String {
        let dir = TestSupport.temporaryFolder()
        let templates = dir.appendingPathComponent("templates")
        try FileManager.default.createDirectory(at: templates, withIntermediateDirectories: true)
        let original = try String(
            contentsOf: SampleData.repositoryRoot.appendingPathComponent("Templates/layout.mustache"), encoding: .utf8)
        XCTAssertTrue(original.contains("{{{body}}}"))
        try layout(original).write(
            to: templates.appendingPathComponent("layout.mustache"), atomically: true, encoding: .utf8)
        let spec = ReportSpec(kind: .workouts, title: "Lifts", sources: [.file(TestSupport.fixture("workouts.txt"))])
        let output = dir.appendingPathComponent("out")
        let result = await Pipeline(
            job: Job(title: "T", output: output, reports: [spec]),
            options: BuildOptions(now: TestSupport.fixedNow, jobs: 2, templatesFolder: templates)
        ).run()
        XCTAssertEqual(result.exitCode, 0, result.summaryLine)
        return try String(contentsOf: output.appendingPathComponent("lifts/index.html"), encoding: .utf8)
    }

    func testALayoutThatEscapesItsBodyGetsItEscaped() async throws {
        let page = try await build { $0.replacingOccurrences(of: "{{{body}}}", with: "{{body}}") }
        XCTAssertTrue(page.contains("&lt;section"), "the body is escaped as the layout asks")
    }

    func testALayoutThatShowsItsBodyTwiceGetsItTwice() async throws {
        let once = try await build { $0 }
        let twice = try await build { $0.replacingOccurrences(of: "{{{body}}}", with: "{{{body}}}<hr>{{{body}}}") }
        XCTAssertGreaterThan(twice.utf8.count, once.utf8.count + 1000)
    }
}
