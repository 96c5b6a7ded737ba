import Foundation
import GazetteTestSupport
import SiteOutput
import XCTest
@testable import SiteBuild

/// What a build saw as the stat file recorded it is noted by number (`BitSet`), not copied: the
/// next build's stat file still holds exactly what this build saw, anew or as recorded.
final class StatFileSeenTests: XCTestCase {
    func testBitSetCountsWhatItHolds() {
        var set = BitSet(count: 130)
        XCTAssertFalse(set.contains(0))
        for number in [0, 63, 64, 129, 64] { set.insert(number) }
        XCTAssertEqual(set.count, 4)
        XCTAssertTrue(set.contains(63) && set.contains(64) && set.contains(129))
        XCTAssertFalse(set.contains(1) || set.contains(130) || set.contains(-1))
        set.remove(64)
        set.remove(65)
        XCTAssertEqual(set.count, 3)
        XCTAssertFalse(set.contains(64))
        XCTAssertEqual(BitSet(count: 0).count, 0)
    }

    private func stamp(_ byte: UInt8, warnings: Int = 0) -> StatFile.ReportStamp {
        StatFile.ReportStamp(
            fingerprint: FileDigest(bytes: [UInt8](repeating: byte, count: 32)),
            key: FileDigest(bytes: [UInt8](repeating: byte &+ 1, count: 32)), warnings: warnings)
    }

    func testWhatIsCarriedOverIsWhatWasSeen() throws {
        let folder = TestSupport.temporaryFolder()
        var stats: [String: FileStat] = [:]
        for name in ["a", "b", "c"] {
            let url = folder.appendingPathComponent(name)
            TestSupport.writeFile(name, to: url)
            try FileManager.default.setAttributes(
                [.modificationDate: Date().addingTimeInterval(-3600)], ofItemAtPath: url.path)
            stats[name] = try XCTUnwrap(FileStat(path: url.path))
        }
        func path(_ name: String) -> String { folder.appendingPathComponent(name).path }
        let digest = FileDigest(bytes: [UInt8](repeating: 7, count: 32))
        let file = StatFile(
            inputs: [
                path("a"): .init(stat: stats["a"]!, digest: digest), path("b"): .init(stat: stats["b"]!, digest: digest)
            ],
            reports: ["one": stamp(1), "two": stamp(2), "three": stamp(3)])
        // Seen as recorded: the input a and the report one; anew: the input c, and the report two
        // with other warnings; not seen: the input b and the report three.
        XCTAssertEqual(file.inputDigest(path("a")), digest)
        file.noteInput(path("c"), stat: stats["c"]!, digest: digest)
        let one = stamp(1)
        file.noteReport(
            "one", fingerprint: one.fingerprint, key: one.key, warnings: 0, history: nil, freshness: nil, updated: nil)
        let two = stamp(2, warnings: 4)
        file.noteReport(
            "two", fingerprint: two.fingerprint, key: two.key, warnings: 4, history: nil, freshness: nil, updated: nil)

        let next = file.carriedOver()
        XCTAssertEqual(next.inputDigest(path("a")), digest)
        XCTAssertEqual(next.inputDigest(path("c")), digest)
        XCTAssertNil(next.inputDigest(path("b")))
        XCTAssertEqual(next.recorded("one", fingerprint: one.fingerprint), one)
        XCTAssertEqual(next.recorded("two", fingerprint: two.fingerprint)?.warnings, 4)
        XCTAssertNil(next.recorded("three", fingerprint: stamp(3).fingerprint))

        // Seen anew and then as recorded again: noted by number alone, as the file had it.
        file.noteReport(
            "two", fingerprint: stamp(2).fingerprint, key: stamp(2).key, warnings: 0, history: nil, freshness: nil,
            updated: nil)
        XCTAssertEqual(file.carriedOver().recorded("two", fingerprint: stamp(2).fingerprint), stamp(2))
    }
}
