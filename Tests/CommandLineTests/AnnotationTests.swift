import Foundation
import GazetteTestSupport
import XCTest

/// Issue 50: under `--summary github` every error and warning of `build`, `merge` and `send` is an
/// annotation on the CI page, option errors and a shard's real-clock warning included.
final class AnnotationTests: XCTestCase {
    private func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let result = try TestSupport.runApart(TestSupport.gazette(), arguments, in: TestSupport.temporaryFolder())
        return (result.status, result.standardOutput)
    }

    func testOptionErrorsOfMergeAndSendAreAnnotated() throws {
        let cases: [([String], String)] = [
            (["merge", "--summary", "github", "--jobs", "0", "part"], "::error title=Gazette%3A the build stopped::"),
            (["merge", "--summary", "github", "--output"], "::error title=Gazette%3A the build stopped::"),
            (["send", "--summary", "github", "--bogus"], "::error title=Gazette%3A send::Unknown option '--bogus'"),
            (["send", "--summary=github", "Output", "--smtp"], "::error title=Gazette%3A send::")
        ]
        for (arguments, annotation) in cases {
            let (status, output) = try run(arguments)
            XCTAssertEqual(status, 64, arguments.joined(separator: " "))
            XCTAssertTrue(output.hasPrefix(annotation), "\(arguments.joined(separator: " ")): \(output)")
        }
    }

    func testAShardOnTheRealClockIsAnnotatedAndCounted() throws {
        let folder = TestSupport.temporaryFolder()
        try FileManager.default.copyItem(
            at: TestSupport.fixture("credit-report.json"), to: folder.appendingPathComponent("c.json"))
        try "title: S\nreports:\n  - {kind: credit-score, input: c.json}\n".write(
            to: folder.appendingPathComponent("job.yml"), atomically: true, encoding: .utf8)
        var environment = ProcessInfo.processInfo.environment
        environment["SOURCE_DATE_EPOCH"] = nil
        let result = try TestSupport.runApart(
            TestSupport.gazette(),
            ["build", "job.yml", "--summary", "github", "--shard", "1/1", "--output", "part"],
            environment: environment, in: folder)
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertTrue(
            result.standardOutput.hasPrefix(
                "::warning title=Gazette%3A S::shard 1/1 is built on the real clock: `gazette merge` needs every shard"),
            result.standardOutput)
        XCTAssertTrue(result.standardError.contains("(1 warning, 0 errors)"), result.standardError)
    }
}
