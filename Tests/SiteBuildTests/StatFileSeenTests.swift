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

    private func fingerprint(_ byte: UInt8) -> FileDigest { FileDigest(bytes: [UInt8](repeating: byte, count: 32)) }

    private func stamp(_ byte: UInt8, warnings: Int = 0) -> StatFile.ReportStamp {
        StatFile.ReportStamp(fingerprint: fingerprint(byte), key: fingerprint(byte &+ 1), warnings: warnings)
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
        file.noteReport("one", one)
        let two = stamp(2, warnings: 4)
        file.noteReport("two", two)

        let next = file.carriedOver()
        XCTAssertEqual(next.inputDigest(path("a")), digest)
        XCTAssertEqual(next.inputDigest(path("c")), digest)
        XCTAssertNil(next.inputDigest(path("b")))
        XCTAssertEqual(next.recorded("one", fingerprint: fingerprint(1)), one)
        XCTAssertEqual(next.recorded("two", fingerprint: fingerprint(2))?.warnings, 4)
        XCTAssertNil(next.recorded("three", fingerprint: fingerprint(3)))

        // Seen anew and then as recorded again: the stamp seen last is kept.
        file.noteReport(
            "two", stamp(2))
        XCTAssertEqual(file.carriedOver().recorded("two", fingerprint: fingerprint(2)), stamp(2))
    }

    /// The file written lists every input seen, anew or as recorded, once and in path order.
    func testTheWrittenFileListsInputsInPathOrder() throws {
        let saved = ProcessInfo.processInfo.environment["XDG_CACHE_HOME"]
        setenv("XDG_CACHE_HOME", TestSupport.temporaryFolder().appendingPathComponent("cache").path, 1)
        defer { if let saved { setenv("XDG_CACHE_HOME", saved, 1) } else { unsetenv("XDG_CACHE_HOME") } }
        let folder = TestSupport.temporaryFolder()
        func path(_ name: String) -> String { folder.appendingPathComponent(name).path }
        var stats: [String: FileStat] = [:]
        for name in ["0", "a", "b", "c", "d"] {
            TestSupport.writeFile(name, to: folder.appendingPathComponent(name))
            // A file changed in the last moments is not trusted by its stat, so not noted.
            try FileManager.default.setAttributes(
                [.modificationDate: Date().addingTimeInterval(-3600)], ofItemAtPath: path(name))
            stats[name] = try XCTUnwrap(FileStat(path: path(name)))
        }
        func digest(_ byte: UInt8) -> FileDigest { FileDigest(bytes: [UInt8](repeating: byte, count: 32)) }
        let file = StatFile(
            inputs: [
                path("d"): .init(stat: stats["d"]!, digest: digest(4)),
                path("b"): .init(stat: stats["b"]!, digest: digest(2)),
                path("a"): .init(stat: stats["a"]!, digest: digest(1))
            ],
            reports: ["one": stamp(1)])
        // Seen as recorded: d and b; anew: c, 0, and a with another digest.
        file.noteInput(path("c"), stat: stats["c"]!, digest: digest(3))
        XCTAssertEqual(file.inputDigest(path("d")), digest(4))
        file.noteInput(path("0"), stat: stats["0"]!, digest: digest(0))
        XCTAssertEqual(file.inputDigest(path("b")), digest(2))
        file.noteInput(path("a"), stat: stats["a"]!, digest: digest(9))
        let output = folder.appendingPathComponent("site")
        file.write(for: output)
        let text = try String(contentsOf: try XCTUnwrap(StatFile.location(of: output)), encoding: .utf8)
        let inputs = text.split(separator: "\n").filter { $0.hasPrefix("i ") }.map { line in
            let fields = line.split(separator: "\t")
            return "\(fields[2].split(separator: "/").last!) \(fields[1].prefix(2))"
        }
        XCTAssertEqual(inputs, ["0 00", "a 09", "b 02", "c 03", "d 04"])
    }

    /// A build that notes most reports anew (a new clock) keeps every stamp, each in the place of
    /// the one the file recorded.
    func testEveryStampNotedAnewIsKeptWhenMostAre() {
        let names = (0..<3000).map { "report-\($0)" }
        var recorded: [String: StatFile.ReportStamp] = [:]
        for (index, name) in names.enumerated() { recorded[name] = stamp(UInt8(index % 200)) }
        let file = StatFile(reports: recorded)
        for (index, name) in names.enumerated() where index != 7 {
            let anew = stamp(UInt8(index % 200), warnings: index)
            file.noteReport(name, anew)
        }
        let next = file.carriedOver()
        for (index, name) in names.enumerated() {
            let expected = index == 7 ? nil : stamp(UInt8(index % 200), warnings: index)
            XCTAssertEqual(next.recorded(name, fingerprint: fingerprint(UInt8(index % 200))), expected, name)
        }
    }

    /// A stamp noted anew takes the recorded one's place: the build no longer vouches for the
    /// recorded one, and the file written holds the new one even when every report came anew
    /// (as many as it recorded, none of them as recorded: not "nothing changed").
    func testAStampNotedAnewReplacesTheRecordedOne() throws {
        let saved = ProcessInfo.processInfo.environment["XDG_CACHE_HOME"]
        setenv("XDG_CACHE_HOME", TestSupport.temporaryFolder().appendingPathComponent("cache").path, 1)
        defer { if let saved { setenv("XDG_CACHE_HOME", saved, 1) } else { unsetenv("XDG_CACHE_HOME") } }
        let output = TestSupport.temporaryFolder().appendingPathComponent("site")
        let first = StatFile()
        for (name, recorded) in [("one", stamp(1)), ("two", stamp(2))] {
            first.noteReport(name, recorded)
        }
        first.write(for: output)
        let file = StatFile(output: output)
        XCTAssertEqual(file.recorded("one", fingerprint: fingerprint(1)), stamp(1))
        for (name, byte) in [("one", UInt8(1)), ("two", 2)] {
            let anew = stamp(byte, warnings: 5)
            file.noteReport(name, anew)
        }
        XCTAssertNil(file.recorded("one", fingerprint: fingerprint(1)), "replaced in this build")
        file.write(for: output)
        let next = StatFile(output: output)
        XCTAssertEqual(next.recorded("one", fingerprint: fingerprint(1))?.warnings, 5)
        XCTAssertEqual(next.recorded("two", fingerprint: fingerprint(2))?.warnings, 5)
    }

    /// A report's stamp keeps half of its fingerprint and key (`ShortDigest`): 96 bytes a report.
    func testAReportStampIsHeldIn96Bytes() {
        XCTAssertEqual(MemoryLayout<StatFile.ReportStamp>.stride, 96)
        XCTAssertEqual(stamp(1).key.hex, String(repeating: "02", count: 16))
        XCTAssertTrue(stamp(1).holds(key: FileDigest(bytes: [UInt8](repeating: 2, count: 32))))
        var other = [UInt8](repeating: 2, count: 32)
        other[15] = 3
        XCTAssertFalse(stamp(1).holds(key: FileDigest(bytes: other)))
    }

    /// A file written before stamps were halved (`gazette-stats 6`, whole digests) is read, so an
    /// upgrade costs no build its stats; the next file is written in halves.
    func testAFileWithWholeDigestsIsRead() throws {
        let saved = ProcessInfo.processInfo.environment["XDG_CACHE_HOME"]
        setenv("XDG_CACHE_HOME", TestSupport.temporaryFolder().appendingPathComponent("cache").path, 1)
        defer { if let saved { setenv("XDG_CACHE_HOME", saved, 1) } else { unsetenv("XDG_CACHE_HOME") } }
        let output = TestSupport.temporaryFolder().appendingPathComponent("site")
        let location = try XCTUnwrap(StatFile.location(of: output))
        try FileManager.default.createDirectory(
            at: location.deletingLastPathComponent(), withIntermediateDirectories: true)
        let whole = { (byte: String) in String(repeating: byte, count: 32) }
        let history = whole("0c")
        try "gazette-stats 6\nr \(whole("01"))\t\(whole("02"))\t3\t\(history)\t1700000000:-\t1690000000\tone\n"
            .write(to: location, atomically: true, encoding: .utf8)
        let file = StatFile(output: output)
        let recorded = try XCTUnwrap(file.recorded("one", fingerprint: fingerprint(1)))
        XCTAssertTrue(recorded.holds(key: FileDigest(bytes: [UInt8](repeating: 2, count: 32))))
        XCTAssertEqual(recorded.warnings, 3)
        XCTAssertEqual(recorded.history, FileDigest(hex: history))
        XCTAssertEqual(recorded.freshness?.validUntil, 1_700_000_000)
        XCTAssertNil(recorded.freshness?.errorAt)
        XCTAssertEqual(recorded.updated, 1_690_000_000)
        file.noteReport("one", recorded.with(fingerprint: FileDigest(bytes: [UInt8](repeating: 9, count: 32))))
        file.write(for: output)
        let written = try String(contentsOf: location, encoding: .utf8)
        XCTAssertEqual(
            written,
            "gazette-stats 7\nr \(String(repeating: "09", count: 16))\t\(String(repeating: "02", count: 16))\t3\t"
                + "\(history)\t1700000000:-\t1690000000\tone\n")
    }
}
