import Foundation
import GazetteTestSupport
import XCTest

@testable import SiteOutput

/// A folder's files read from its entries alone: the paths and inode numbers a stat gives, and
/// nothing for a folder holding anything but files and folders.
final class FolderStatsTests: XCTestCase {
    func testLinksAreTheFilesPathsAndInodesAsTheirStatsGiveThem() throws {
        let root = TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let charts = root.appendingPathComponent("amy/charts")
        try FileManager.default.createDirectory(at: charts, withIntermediateDirectories: true)
        try Data("page".utf8).write(to: root.appendingPathComponent("amy/index.html"))
        try Data("png".utf8).write(to: charts.appendingPathComponent("squat.png"))
        // A hard link elsewhere is the same file: the same inode under another path.
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("twin/amy/charts"), withIntermediateDirectories: true)
        try FileManager.default.linkItem(
            at: charts.appendingPathComponent("squat.png"),
            to: root.appendingPathComponent("twin/amy/charts/squat.png"))

        let links = try XCTUnwrap(FolderStats.links(in: "amy", under: root.path))
        let stats = try XCTUnwrap(FolderStats.files(in: "amy", under: root.path))
        XCTAssertEqual(links.map(\.path).sorted(), ["amy/charts/squat.png", "amy/index.html"])
        XCTAssertEqual(
            Dictionary(uniqueKeysWithValues: links.map { ($0.path, $0.inode) }),
            Dictionary(uniqueKeysWithValues: stats.map { ($0.path, $0.stat.inode) }))
        let twin = try XCTUnwrap(FolderStats.links(in: "twin/amy/charts", under: root.path))
        XCTAssertEqual(twin.first?.inode, links.first { $0.path == "amy/charts/squat.png" }?.inode)

        try FileManager.default.createSymbolicLink(
            at: root.appendingPathComponent("amy/link"),
            withDestinationURL: root.appendingPathComponent("amy/index.html"))
        XCTAssertNil(FolderStats.links(in: "amy", under: root.path), "a symbolic link is not a report's file")
        XCTAssertNil(FolderStats.links(in: "nobody", under: root.path))
    }
}
