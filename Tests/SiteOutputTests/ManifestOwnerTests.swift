import Foundation
import XCTest

@testable import SiteOutput

/// `SiteManifest.isGazettes` reads an output's manifest a piece at a time until Gazette's mark:
/// it must find the mark wherever the pieces split it, and say no to anyone else's file.
final class ManifestOwnerTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("manifest-owner-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private func write(_ text: String) throws {
        try Data(text.utf8).write(to: folder.appendingPathComponent("manifest.json"))
    }

    /// A document whose `generator` key starts `offset` bytes in, padded before it by a long array.
    private func manifest(markAt offset: Int, compact: Bool = false) -> String {
        let head = "{\n  \"files\": [\""
        let padding = String(repeating: "x", count: offset - head.count - 4)
        let mark = compact ? "\"generator\":\"Gazette\"" : "\"generator\": \"Gazette\""
        return head + padding + "\"],\n  " + mark + ",\n  \"reports\": []\n}\n"
    }

    func testTheMarkIsFoundAcrossEveryPieceBoundaryNearIt() throws {
        // The pieces are 65,536 bytes: a mark starting a few bytes either side of that is split.
        for offset in 65_500...65_540 {
            let text = manifest(markAt: offset)
            XCTAssertEqual(text.utf8.count > 65_536, true)
            try write(text)
            XCTAssertTrue(SiteManifest.isGazettes(folder), "mark at \(offset)")
        }
    }

    func testTheCompactMarkAndAShortManifestAreGazettes() throws {
        try write(manifest(markAt: 200_000, compact: true))
        XCTAssertTrue(SiteManifest.isGazettes(folder))
        try write("{\"generator\":\"Gazette\"}")
        XCTAssertTrue(SiteManifest.isGazettes(folder))
    }

    func testAnotherToolsManifestIsNot() throws {
        try write("{\n  \"generator\": \"Hugo\",\n  \"note\": \"\\\"generator\\\": \\\"Gazette\\\"\"\n}\n")
        XCTAssertFalse(SiteManifest.isGazettes(folder), "an escaped mark inside a string is not the key")
        try write("[\"generator\": \"Gazette\"]")
        XCTAssertFalse(SiteManifest.isGazettes(folder), "not an object")
        try write("")
        XCTAssertFalse(SiteManifest.isGazettes(folder))
        try FileManager.default.removeItem(at: folder.appendingPathComponent("manifest.json"))
        XCTAssertFalse(SiteManifest.isGazettes(folder))
    }
}

/// A file's digest read a piece at a time is its bytes' digest, whatever its length.
final class FileDigestOfFileTests: XCTestCase {
    func testAFileReadInPiecesHasItsBytesDigest() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("digest-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: url) }
        for count in [0, 1, 262_143, 262_144, 262_145, 600_000] {
            let bytes = (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31) }
            try Data(bytes).write(to: url)
            XCTAssertEqual(FileDigest(ofFileAt: url.path), FileDigest(of: bytes), "\(count) bytes")
        }
        XCTAssertNil(FileDigest(ofFileAt: url.path + ".missing"))
    }
}
