import Foundation
import XCTest

@testable import SiteOutput

/// `FileDigest.ofFile` reads a file a piece at a time, into a buffer no larger than the file:
/// its digest and size are those of the bytes, whatever their length against the piece.
final class FileDigestTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("file-digest-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    func testAFileIsDigestedWholeAtAnyLength() throws {
        // Empty, one byte, a chart's few KB, one piece exactly, and past two pieces.
        for length in [0, 1, 4_321, 262_144, 262_143, 600_001] {
            let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 8) }
            let url = folder.appendingPathComponent("file-\(length)")
            try Data(bytes).write(to: url)
            let read = try XCTUnwrap(FileDigest.ofFile(at: url.path), "\(length)")
            XCTAssertEqual(read.size, length)
            XCTAssertEqual(read.digest, FileDigest(of: Data(bytes)), "\(length)")
        }
    }

    func testNoDigestForWhatCannotBeRead() {
        XCTAssertNil(FileDigest.ofFile(at: folder.appendingPathComponent("missing").path))
        XCTAssertNil(FileDigest.ofFile(at: folder.path), "a folder")
    }
}
