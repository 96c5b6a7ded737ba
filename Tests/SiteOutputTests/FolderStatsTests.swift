import Foundation
import GazetteTestSupport
import XCTest

@testable import SiteOutput

/// A report folder seen two ways in one walk (`FolderSeal`): its files' stats, and its files'
/// paths and inodes read from the folders' entries alone; nothing for a folder holding anything
/// but files and folders.
final class FolderStatsTests: XCTestCase {
    func testASealIsTheDigestsOfTheFilesAsTheirStatsGiveThem() throws {
        let root = TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let charts = root.appendingPathComponent("amy/charts")
        try FileManager.default.createDirectory(at: charts, withIntermediateDirectories: true)
        try Data("page".utf8).write(to: root.appendingPathComponent("amy/index.html"))
        try Data("png".utf8).write(to: charts.appendingPathComponent("squat.png"))

        let files = try XCTUnwrap(FolderStats.files(in: "amy", under: root.path))
        XCTAssertEqual(files.map(\.path).sorted(), ["amy/charts/squat.png", "amy/index.html"])
        var fingerprint = FolderDigest()
        for (path, stat) in files {
            fingerprint.add(
                path: path, stat.inode, UInt64(stat.size), UInt64(bitPattern: Int64(stat.seconds)),
                UInt64(stat.nanoseconds))
        }
        let seal = try XCTUnwrap(FolderSeal.stats(of: "amy", under: root.path))
        XCTAssertEqual(seal.files, 2)
        XCTAssertEqual(seal.fingerprint, fingerprint.digest)
        XCTAssertEqual(seal.links, FolderStats.linkDigest(files))
        let linksOnly = try XCTUnwrap(FolderSeal.links(of: "amy", under: root.path))
        XCTAssertNil(linksOnly.fingerprint, "no file was stat-ed")
        XCTAssertEqual(linksOnly.links, seal.links)
        XCTAssertEqual(linksOnly.files, 2)
    }

    func testHardLinksElsewhereAreTheSameFilesAndAnEditInPlaceIsNot() throws {
        let root = TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let output = root.appendingPathComponent("output")
        let spare = root.appendingPathComponent("spare")
        for folder in [output, spare] {
            try FileManager.default.createDirectory(
                at: folder.appendingPathComponent("amy/charts"), withIntermediateDirectories: true)
        }
        try Data("page".utf8).write(to: output.appendingPathComponent("amy/index.html"))
        try Data("png".utf8).write(to: output.appendingPathComponent("amy/charts/squat.png"))
        for path in ["amy/index.html", "amy/charts/squat.png"] {
            try FileManager.default.linkItem(
                at: output.appendingPathComponent(path), to: spare.appendingPathComponent(path))
        }
        let seal = try XCTUnwrap(FolderSeal.stats(of: "amy", under: output.path))
        XCTAssertEqual(FolderSeal.links(of: "amy", under: spare.path)?.links, seal.links)

        // An edit in place keeps the inode (the links) but not the stats.
        let handle = try FileHandle(forWritingTo: output.appendingPathComponent("amy/index.html"))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("!".utf8))
        try handle.close()
        let edited = try XCTUnwrap(FolderSeal.stats(of: "amy", under: output.path))
        XCTAssertEqual(edited.links, seal.links)
        XCTAssertNotEqual(edited.fingerprint, seal.fingerprint)

        // A file replaced by another of the same name is another inode.
        try FileManager.default.removeItem(at: spare.appendingPathComponent("amy/charts/squat.png"))
        try Data("png".utf8).write(to: spare.appendingPathComponent("amy/charts/squat.png"))
        XCTAssertNotEqual(FolderSeal.links(of: "amy", under: spare.path)?.links, seal.links)
        // A file moved to another folder is another path.
        try FileManager.default.moveItem(
            at: spare.appendingPathComponent("amy/charts/squat.png"), to: spare.appendingPathComponent("amy/squat.png"))
        XCTAssertNotEqual(FolderSeal.links(of: "amy", under: spare.path)?.links, seal.links)
    }

    func testAFolderHoldingALinkOrMissingHasNoSeal() throws {
        let root = TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("amy/charts"), withIntermediateDirectories: true)
        try Data("page".utf8).write(to: root.appendingPathComponent("amy/index.html"))
        try FileManager.default.createSymbolicLink(
            at: root.appendingPathComponent("amy/charts/link"),
            withDestinationURL: root.appendingPathComponent("amy/index.html"))
        XCTAssertNil(FolderSeal.stats(of: "amy", under: root.path), "a symbolic link is not a report's file")
        XCTAssertNil(FolderSeal.links(of: "amy", under: root.path))
        XCTAssertNil(FolderStats.files(in: "amy", under: root.path))
        XCTAssertNil(FolderSeal.stats(of: "nobody", under: root.path))
        XCTAssertNil(FolderSeal.links(of: "nobody", under: root.path))
    }
}
