import Foundation
import GazetteTestSupport
import XCTest
@testable import GazetteCore
@testable import SiteOutput

/// Issue 63, 5: builds into two outputs of one folder take turns. While one build holds the
/// lock of `site/a`, a build into `site/b` says it waits, writes nothing, and goes on once the
/// first lets go.
final class OutputLockTests: XCTestCase {
    func testABuildIntoASiblingOutputWaitsForTheBuildThatHoldsTheFolder() throws {
        let folder = TestSupport.temporaryFolder().appendingPathComponent("site")
        let first = try OutputLock.take(output: folder.appendingPathComponent("a"))
        let second = folder.appendingPathComponent("b")
        let process = Process()
        process.executableURL = try TestSupport.gazette()
        process.arguments = ["build", "--output", second.path, "--now", "2023-11-04T05:50:00Z"]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        var environment = TestSupport.environmentWithOwnCache()
        process.environment = environment
        try process.run()
        // Long enough for the demo to build had it not waited.
        Thread.sleep(forTimeInterval: 3)
        XCTAssertTrue(process.isRunning, "the second build waited for the folder's lock")
        XCTAssertFalse(FileManager.default.fileExists(atPath: second.path), "and wrote nothing meanwhile")
        first.release()
        process.waitUntilExit()
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        XCTAssertEqual(process.terminationStatus, 0, said)
        XCTAssertTrue(said.contains("note: another build is writing \(second.path); waiting for it to end"), said)
        XCTAssertTrue(FileManager.default.fileExists(atPath: second.appendingPathComponent("index.html").path))
    }
}
