import Foundation
import GazetteTestSupport
import XCTest

@testable import SiteOutput

/// A spare claimed and pruned on threads of its own: it keeps the folders that hold the output's
/// very files and nothing else, and one the build does not use goes back where the next looks.
final class SparePruningTests: XCTestCase {
    /// An output with two report folders, and its spare: `amy` linked to the output's files,
    /// `ben` a copy (other files), plus a stray top-level file.
    private func outputAndSpare() throws -> (root: URL, output: URL, spare: SpareOutput, links: [String: FileDigest]) {
        let root = TestSupport.temporaryFolder()
        let output = root.appendingPathComponent("output")
        let home = root.appendingPathComponent("spares/site")
        for slug in ["amy", "ben"] {
            let charts = output.appendingPathComponent("\(slug)/charts")
            try FileManager.default.createDirectory(at: charts, withIntermediateDirectories: true)
            try Data("page \(slug)".utf8).write(to: output.appendingPathComponent("\(slug)/index.html"))
            try Data("png \(slug)".utf8).write(to: charts.appendingPathComponent("squat.png"))
        }
        try FileManager.default.createDirectory(
            at: home.appendingPathComponent("amy/charts"), withIntermediateDirectories: true)
        for path in ["amy/index.html", "amy/charts/squat.png"] {
            try FileManager.default.linkItem(
                at: output.appendingPathComponent(path), to: home.appendingPathComponent(path))
        }
        try FileManager.default.copyItem(
            at: output.appendingPathComponent("ben"), to: home.appendingPathComponent("ben"))
        try Data("old front page".utf8).write(to: home.appendingPathComponent("index.html"))
        var links: [String: FileDigest] = [:]
        for slug in ["amy", "ben"] {
            links[slug] = try XCTUnwrap(FolderSeal.stats(of: slug, under: output.path)).links
        }
        return (root, output, SpareOutput(home: home), links)
    }

    func testItKeepsOnlyTheFoldersOfTheOutputsVeryFiles() throws {
        let (root, _, spare, links) = try outputAndSpare()
        defer { try? FileManager.default.removeItem(at: root) }
        let pruning = SparePruning(spare, keeping: links, workers: 2)
        let pruned = try XCTUnwrap(pruning.wait())
        XCTAssertEqual(pruned.claimed.path, spare.claimed.path)
        XCTAssertEqual(pruned.kept.folders, ["amy"])
        XCTAssertEqual(pruned.kept.files, 2)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: pruned.claimed.path), ["amy"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: spare.home.path), "the spare was not claimed")
        // Asked again, it is the same spare, not claimed twice.
        XCTAssertEqual(pruning.wait()?.claimed.path, pruned.claimed.path)
    }

    func testAnUnusedSpareGoesBackPruned() throws {
        let (root, _, spare, links) = try outputAndSpare()
        defer { try? FileManager.default.removeItem(at: root) }
        SparePruning(spare, keeping: links, workers: 2).giveBack()
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: spare.home.path), ["amy"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: spare.claimed.path))
        // The next build claims it as any spare.
        XCTAssertEqual(SparePruning(spare, keeping: links, workers: 1).wait()?.kept.folders, ["amy"])
    }

    func testOneGivenBackWhenAnotherTookItsPlaceIsRemoved() throws {
        let (root, _, spare, links) = try outputAndSpare()
        defer { try? FileManager.default.removeItem(at: root) }
        let pruning = SparePruning(spare, keeping: links, workers: 2)
        _ = pruning.wait()
        try FileManager.default.createDirectory(
            at: spare.home.appendingPathComponent("cara"), withIntermediateDirectories: true)
        pruning.giveBack()
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: spare.home.path), ["cara"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: spare.claimed.path))
    }

    func testWithoutASpareThereIsNothingToClaim() throws {
        let root = TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let spare = SpareOutput(home: root.appendingPathComponent("spares/none"))
        let pruning = SparePruning(spare, keeping: [:], workers: 2)
        XCTAssertNil(pruning.wait())
        pruning.giveBack()
        XCTAssertFalse(FileManager.default.fileExists(atPath: spare.home.path))
    }
}
