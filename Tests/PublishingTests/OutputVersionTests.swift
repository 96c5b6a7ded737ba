import Canvas
import Foundation
import GazetteTestSupport
import XCTest
@testable import Jobs
@testable import Publishing

/// A rebuild reuses a report's folder whole when the report's key is unchanged, and the key holds
/// `BuildCache.outputVersion` for the code that made it. This test records a digest of the demo
/// site (pages, data, e-mails, PDFs, charts) with that version: when the bytes change on the
/// machine that recorded them and the version did not, it fails.
final class OutputVersionTests: XCTestCase {
    func testChangedOutputComesWithANewOutputVersion() async throws {
        let output = TestSupport.temporaryFolder().appendingPathComponent("site")
        var options = BuildOptions(now: TestSupport.fixedNow, jobs: 2, email: true)
        options.pdf = true
        let result = await Pipeline(job: DemoJob.make(output: output, now: TestSupport.fixedNow), options: options).run()
        XCTAssertEqual(result.exitCode, 0)
        var hash: UInt64 = 0xcbf29ce484222325
        for (path, data) in TestSupport.snapshot(output).sorted(by: { $0.key < $1.key }) {
            for byte in Array(path.utf8) + [0] + Array(data) { hash = (hash ^ UInt64(byte)) &* 0x100000001b3 }
        }
        let digest = String(hash, radix: 16)
        let golden = Golden(besides: #filePath).folder.appendingPathComponent("output-version.txt")
        let environment = Canvas.environmentFingerprint.replacingOccurrences(of: "\n", with: " | ")
        if Golden.recording {
            try "\(BuildCache.outputVersion)\n\(environment)\n\(digest)\n".write(to: golden, atomically: true, encoding: .utf8)
            return
        }
        let recorded = (try? String(contentsOf: golden, encoding: .utf8))?.split(separator: "\n", omittingEmptySubsequences: false) ?? []
        guard recorded.count >= 3 else { return XCTFail("no recorded output version: record with GAZETTE_RECORD_GOLDENS=1") }
        guard recorded[1] == environment else {
            throw XCTSkip("recorded with other libraries or fonts; the bytes cannot be compared here")
        }
        if recorded[2] != digest {
            XCTAssertNotEqual(String(recorded[0]), BuildCache.outputVersion,
                              "the demo's output changed: raise BuildCache.outputVersion, then record with GAZETTE_RECORD_GOLDENS=1")
        }
    }
}
