import Canvas
import Deterministic
import Foundation
import GazettePictureTestSupport
import GazetteTestSupport
import XCTest
@testable import Jobs
@testable import SiteBuild

/// A rebuild reuses a report's folder whole when the report's key is unchanged, and the key holds
/// `BuildCache.outputVersion` for the code that made it. This test records a digest of the demo
/// site (pages, data, e-mails, PDFs, charts) with that version: when the bytes change on the
/// machine that recorded them and the version did not, it fails.
final class OutputVersionTests: XCTestCase {
    func testChangedOutputComesWithANewOutputVersion() async throws {
        let output = TestSupport.temporaryFolder().appendingPathComponent("site")
        var options = BuildOptions(now: TestSupport.fixedNow, jobs: 2, switches: ["email"])
        options.switches.insert("pdf")
        let result = await Pipeline(job: DemoJob.make(output: output, now: TestSupport.fixedNow), options: options)
            .run()
        XCTAssertEqual(result.exitCode, 0)
        let files = TestSupport.snapshot(output).sorted(by: { $0.key < $1.key })
        let digest = String(
            FNV1a.hash64(files.lazy.flatMap { path, data in Array(path.utf8) + [0] + Array(data) }), radix: 16)
        let golden = Golden(besides: #filePath).folder.appendingPathComponent("output-version.txt")
        try VersionRecord(
            file: golden, version: BuildCache.outputVersion, environment: Canvas.environmentFingerprint, digest: digest
        )
        .check(name: "BuildCache.outputVersion")
    }
}
