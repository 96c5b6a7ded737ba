import XCTest

@testable import SiteOutput

/// A stat and a digest read back from the stat file's bytes as they were written, and nothing
/// else read as one.
final class StatTextTests: XCTestCase {
    func testAStatReadsBackAsItWasWritten() {
        let stats = [
            FileStat(inode: 1_234_567, size: 4096, seconds: 1_700_000_000, nanoseconds: 123_456_789),
            FileStat(inode: UInt64.max, size: Int.max, seconds: Int.max, nanoseconds: 999_999_999),
            FileStat(inode: 0, size: 0, seconds: 0, nanoseconds: 0),
            // A file dated before 1970.
            FileStat(inode: 7, size: 1, seconds: -86_400, nanoseconds: 5)
        ]
        for stat in stats {
            XCTAssertEqual(Self.stat(stat.text), stat, stat.text)
            let line = Array("i \(stat.text)\tpath".utf8)
            XCTAssertEqual(
                line.withUnsafeBufferPointer {
                    FileStat(utf8: UnsafeBufferPointer(rebasing: $0[2..<(line.count - 5)]))
                },
                stat, stat.text)
        }
    }

    func testAnythingElseIsNoStat() {
        for text in [
            "", "1 2", "1 2 3", "1 2 3.", "1 2 .3", "1  2 3.4", "1 2 3.4 5", "a 2 3.4", "1 -2 3.4", "1 2 3.-4",
            "+1 2 3.4", "1 2 3.1000000000", "18446744073709551616 2 3.4", "1 9223372036854775808 3.4", "1 2 --3.4",
            "1 2 3.4\n"
        ] {
            XCTAssertNil(Self.stat(text), text)
        }
    }

    func testADigestReadsBackFromItsHexWhereverItLies() {
        let digest = FileDigest(of: Array("gazette".utf8))
        XCTAssertEqual(Self.digest(digest.hex), digest)
        XCTAssertEqual(FileDigest(hex: digest.hex), digest)
        let line = Array("r \(digest.hex)\tslug".utf8)
        XCTAssertEqual(
            line.withUnsafeBufferPointer { FileDigest(hexUTF8: UnsafeBufferPointer(rebasing: $0[2..<66])) }, digest)
        XCTAssertEqual(FileDigest(hex: String(repeating: "0", count: 64))?.bytes, [UInt8](repeating: 0, count: 32))
    }

    func testOtherTextIsNoDigest() {
        let hex = FileDigest(of: Array("gazette".utf8)).hex
        for text in [
            "", String(hex.dropLast()), hex + "0", hex.uppercased(), "g" + hex.dropFirst(), String(hex.dropLast()) + " "
        ] {
            XCTAssertNil(FileDigest(hex: text), text)
            XCTAssertNil(Self.digest(text), text)
        }
    }

    private static func stat(_ text: String) -> FileStat? {
        Array(text.utf8).withUnsafeBufferPointer { FileStat(utf8: $0) }
    }

    private static func digest(_ text: String) -> FileDigest? {
        Array(text.utf8).withUnsafeBufferPointer { FileDigest(hexUTF8: $0) }
    }
}
