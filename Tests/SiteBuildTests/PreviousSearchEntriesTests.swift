import Foundation
import GazetteCore
import XCTest

@testable import SiteBuild
@testable import SiteOutput

/// The previous search index is read a piece at a time as kept front pages ask for their
/// reports' entries: one cursor, forward across pieces, back where it was when a page's entries
/// are not all there.
final class PreviousSearchEntriesTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("search-entries-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("search"), withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    /// Pieces of `perPiece` entries for `slugs`, and the manifest listing them (`damaged`: the
    /// piece of that number differs from what the manifest lists).
    private func previous(_ slugs: [String], perPiece: Int, damaged: Int? = nil) throws -> SiteManifest {
        var files: [JSONValue] = []
        for (number, start) in stride(from: 0, to: slugs.count, by: perPiece).enumerated() {
            let rows = slugs[start..<min(start + perPiece, slugs.count)].map {
                "[\"Title \($0)\",\"best \($0)\",\"\($0)\"]"
            }
            let text = "window.GazetteSearch.piece(\"entries-\(number)\",[\(rows.joined(separator: ","))]);\n"
            let path = "search/entries-\(number).js"
            try Data((number == damaged ? text + " " : text).utf8).write(to: folder.appendingPathComponent(path))
            files.append(Staging.entry(path, text.utf8.count, FileDigest(of: Data(text.utf8)).hex))
        }
        let document = JSONValue.object([
            "generator": .string("Gazette"), "format": .string(Staging.manifestFormat), "generatedAt": .int(1),
            "files": .array(files), "reports": .array([])
        ])
        return SiteManifest(folder: folder, bytes: Data(document.rendered().utf8))
    }

    private func slugs(_ entries: [FrontPageReuseEntry]?) -> [String]? { entries?.map(\.slug) }
    private typealias FrontPageReuseEntry = PreviousSearchEntries.Entry

    func testKeptPagesReadTheirEntriesAcrossPiecesInOrder() throws {
        let all = (0..<23).map { "athlete-\($0)" }
        let entries = PreviousSearchEntries(try previous(all, perPiece: 4), slugs: all)
        // Pages of five: the first, the third (across a piece's end), the fifth (the last, short).
        XCTAssertEqual(slugs(entries.entries(0..<5)), Array(all[0..<5]))
        XCTAssertEqual(slugs(entries.entries(10..<15)), Array(all[10..<15]))
        let last = try XCTUnwrap(entries.entries(20..<23))
        XCTAssertEqual(last.map(\.slug), Array(all[20..<23]))
        XCTAssertEqual(last[0].title, "Title athlete-20")
        XCTAssertEqual(last[0].headline, "best athlete-20")
        // A page before the cursor is not found again (pages are asked in order).
        XCTAssertNil(entries.entries(0..<5))
    }

    func testAPageWhoseReportsMovedIsMadeAndTheCursorStays() throws {
        let before = (0..<12).map { "athlete-\($0)" }
        // This build's job: athlete-5 went, athlete-99 came in its place.
        var now = before
        now[5] = "athlete-99"
        let entries = PreviousSearchEntries(try previous(before, perPiece: 3), slugs: now)
        XCTAssertEqual(slugs(entries.entries(0..<4)), Array(before[0..<4]))
        XCTAssertNil(entries.entries(4..<8), "athlete-99 is not in the previous index")
        XCTAssertEqual(slugs(entries.entries(8..<12)), Array(before[8..<12]), "the cursor stayed where it was")
    }

    func testAPieceNotAsListedIsNotUsed() throws {
        let all = (0..<9).map { "athlete-\($0)" }
        let entries = PreviousSearchEntries(try previous(all, perPiece: 3, damaged: 1), slugs: all)
        XCTAssertEqual(slugs(entries.entries(0..<3)), Array(all[0..<3]))
        XCTAssertNil(entries.entries(3..<6), "its piece was changed by hand")
        XCTAssertNil(entries.entries(6..<9), "past a damaged piece, nothing is read")
    }
}
