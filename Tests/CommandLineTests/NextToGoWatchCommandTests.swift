import Foundation
import GazetteBuildTestSupport
import GazetteTestSupport
import XCTest
@testable import SiteBuild
@testable import GazetteCore
@testable import Jobs

/// The built `gazette watch` as a subprocess: real clock (shifted with --now), real signals.
final class NextToGoWatchCommandTests: XCTestCase {
    private func waitFor(_ seconds: TimeInterval, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if condition() { return true }
            Thread.sleep(forTimeInterval: 0.1)
        }
        return condition()
    }

    func testWatchFollowsALocalServerRebuildsAsARaceLeavesAndStopsCleanlyOnSIGTERM() throws {
        let binary = try TestSupport.gazette()
        let recorded = try [UInt8](Data(contentsOf: TestSupport.fixture("next-to-go.json")))
        let server = try LocalHTTPServer { _ in LocalHTTPServer.Response(body: recorded) }
        defer { server.stop() }
        let folder = TestSupport.temporaryFolder()
        TestSupport.writeFile(
            """
            title: Racing
            reports:
              - kind: next-to-go
                input: \(server.url("/rest/v1/racing/?method=nextraces&count=10"))
                categories: [horse]
                max-age: 2s
            """, to: folder.appendingPathComponent("job.yml"))
        let process = Process()
        process.executableURL = binary
        // Three seconds before Thornvale R3 leaves (1700000035): the watch must rebuild for it.
        process.arguments = ["watch", "job.yml", "--now", "1700000032"]
        process.currentDirectoryURL = folder
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }

        let report = folder.appendingPathComponent("Output/next-to-go")
        let reportNow = { try? NextToGoTest.reportNow(in: report) }
        let firstHorse = { (try? NextToGoTest.selection("horse", in: report))?.first }
        XCTAssertTrue(waitFor(30) { reportNow() != nil }, "the first build")
        XCTAssertTrue(waitFor(15) { (reportNow() ?? 0) >= 1_700_000_035 }, "rebuilt when Thornvale R3 left")
        XCTAssertEqual(firstHorse(), "Saltbush Downs R5")

        // The served data changes: within max-age (2 s) the pages follow.
        let fresh = NextToGoTest.feedJSON(NextToGoTest.races("Kilo", count: 6, first: 1_700_000_300))
        server.respond { _ in .json(fresh) }
        XCTAssertTrue(waitFor(15) { firstHorse() == "Kilo R1" }, "rebuilt from the new answer")
        XCTAssertGreaterThanOrEqual(server.requests.count, 2)
        XCTAssertEqual(server.requests.first?.headers["accept"], "application/json")

        process.terminate()  // SIGTERM
        XCTAssertTrue(waitFor(15) { !process.isRunning }, "the watch ends on SIGTERM")
        process.waitUntilExit()
        XCTAssertEqual(process.terminationReason, .exit, "it exits rather than dying of the signal")
        XCTAssertEqual(process.terminationStatus, 0)
        let log = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        // The first build is a build ("…Z Built 1 of 1 report…"), the later ones rebuilds.
        XCTAssertEqual(
            log.components(separatedBy: "\n")[1].range(of: #"^\S+Z Built 1 of 1 report "#, options: .regularExpression)
                != nil, true, log)
        XCTAssertFalse(log.contains("first build"), log)
        // Through a pipe the banner still comes before the first rebuild's line.
        XCTAssertTrue(log.hasPrefix("Watching "), log)
        XCTAssertTrue(log.contains("Thornvale R3 left the list"), log)
        XCTAssertTrue(log.contains("fetched again"), log)
        XCTAssertTrue(log.hasSuffix("Stopped watching.\n"), log)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
            $0.hasPrefix(".Output")
        }
        XCTAssertEqual(leftovers, [], "no staging folder left behind")
    }
}
