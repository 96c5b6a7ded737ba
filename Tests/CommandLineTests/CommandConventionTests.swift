import Foundation
import GazetteTestSupport
import XCTest
@testable import Jobs

/// Conventions of the command line that users of other tools expect.
final class CommandConventionTests: XCTestCase {
    private func run(_ arguments: [String], environment: [String: String] = [:]) throws -> (
        status: Int32, output: String
    ) {
        var env = ProcessInfo.processInfo.environment
        env.removeValue(forKey: "SOURCE_DATE_EPOCH")
        env.merge(environment) { _, new in new }
        return try TestSupport.run(try TestSupport.gazette(), arguments, environment: env)
    }

    func testSourceDateEpochIsTheDefaultClock() throws {
        let folder = TestSupport.temporaryFolder()
        let fromEnvironment = try run(
            ["build", "--output", folder.appendingPathComponent("a").path, "-q"],
            environment: ["SOURCE_DATE_EPOCH": "1700000000"])
        XCTAssertEqual(fromEnvironment.status, 0, fromEnvironment.output)
        XCTAssertEqual(
            try run(["build", "--output", folder.appendingPathComponent("b").path, "-q", "--now", "1700000000"]).status,
            0)
        let a = TestSupport.snapshot(folder.appendingPathComponent("a")),
            b = TestSupport.snapshot(folder.appendingPathComponent("b"))
        XCTAssertFalse(a.isEmpty)
        XCTAssertEqual(a, b)
        let wrong = try run(
            ["build", "--output", folder.appendingPathComponent("c").path], environment: ["SOURCE_DATE_EPOCH": "soon"])
        XCTAssertEqual(wrong.status, 64)
        XCTAssertTrue(wrong.output.contains("SOURCE_DATE_EPOCH must be Unix seconds"), wrong.output)
    }

    /// --email without recipients warns; -q prints errors only.
    func testQuietPrintsNoWarnings() throws {
        let folder = TestSupport.temporaryFolder()
        let loud = try run([
            "build", "--now", "1700000000", "--email", "--output", folder.appendingPathComponent("a").path
        ])
        XCTAssertTrue(loud.output.contains("warning: report.eml has no recipient"), loud.output)
        let quiet = try run([
            "build", "--now", "1700000000", "--email", "-q", "--output", folder.appendingPathComponent("b").path
        ])
        XCTAssertEqual(quiet.status, 0)
        XCTAssertEqual(quiet.output, "")
    }

    func testVerboseTimesEachStepAndEachReportsParts() throws {
        let folder = TestSupport.temporaryFolder()
        let result = try run([
            "build", "--now", "1700000000", "--verbose", "--no-cache", "--output",
            folder.appendingPathComponent("a").path
        ])
        XCTAssertEqual(result.status, 0, result.output)
        for step in ["prepare the output", "build reports", "render the front page", "publish"] {
            XCTAssertNotNil(
                result.output.range(of: #"step "\#(step)" took \d+\.\d{3} s"#, options: .regularExpression), step)
        }
        XCTAssertNotNil(
            result.output.range(of: #"Credit score: draw charts took \d+\.\d{3} s"#, options: .regularExpression),
            result.output)
    }

    func testVersionIsPrinted() throws {
        let result = try run(["--version"])
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.output.trimmingCharacters(in: .whitespacesAndNewlines), "0.5.0")
    }

    func testAJobFileThatCannotBeReadSaysWhy() throws {
        let folder = TestSupport.temporaryFolder()
        XCTAssertEqual(
            JobFileLoader.whyUnreadable(folder.appendingPathComponent("nope.yml").path), "there is no such file")
        XCTAssertEqual(JobFileLoader.whyUnreadable(folder.path), "it is a folder, not a file")
        let result = try run(["build", folder.path])
        XCTAssertEqual(result.status, 64)
        XCTAssertTrue(
            result.output.contains("\(folder.path): error: cannot read the job file: it is a folder, not a file"),
            result.output)
    }
}
