import Foundation
import GazetteTestSupport
import XCTest
@testable import GazetteCore
@testable import SiteOutput

final class OutputTests: XCTestCase {
    func testALongDocumentWrittenToAFileIsTheSameAsItsText() throws {
        // Far more than one 64 KiB piece, with characters of several bytes across the pieces.
        let list = JSONList(count: 20_000) { index in
            .sortedObject([("date", .string("2020-01-\(index % 28 + 1) ✓")), ("value", .double(Double(index) / 7))])
        }
        let document = JSONValue.object(["days": .lazyArray(list), "title": .string("Ünïcode")])
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gazette-json-\(UUID().uuidString)")
        let staging = Staging(folder: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try staging.stream("doc.json") { document.write(into: &$0) }
        let written = try String(contentsOf: folder.appendingPathComponent("doc.json"), encoding: .utf8)
        XCTAssertGreaterThan(written.utf8.count, 1 << 20)
        XCTAssertEqual(written, document.rendered())
    }

    func testTwoWritesToOnePathAreAnError() throws {
        let target = TestSupport.temporaryFolder().appendingPathComponent("Output")
        let staging = try Publisher(target: target).begin()
        try staging.write("a.html", text: "1")
        XCTAssertThrowsError(try staging.write("a.html", text: "2")) { error in
            XCTAssertEqual(
                error as? BuildError, BuildError(.io, .file("a.html"), "two parts of the build write the same file"))
        }
    }

    func testManifestListsEveryFileWithSizeAndHash() throws {
        let staging = try Publisher(target: TestSupport.temporaryFolder().appendingPathComponent("Output")).begin()
        try staging.write("b.txt", text: "abc")
        try staging.write("a.txt", text: "")
        try staging.writeManifest(generatedAt: TestSupport.fixedNow, reports: .array([]))
        let manifest = String(decoding: try XCTUnwrap(staging.read("manifest.json")), as: UTF8.self)
        XCTAssertTrue(
            manifest.contains("\"sha256\": \"ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad\""))
        XCTAssertTrue(
            manifest.contains("\"sha256\": \"e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855\""))
        XCTAssertLessThan(manifest.range(of: "a.txt")!.lowerBound, manifest.range(of: "b.txt")!.lowerBound)
    }

    func testFilesWrittenFromManyThreadsAreAllInTheManifest() throws {
        let staging = try Publisher(target: TestSupport.temporaryFolder().appendingPathComponent("Output")).begin()
        DispatchQueue.concurrentPerform(iterations: 200) { index in
            try? staging.write("r\(index % 7)/charts/f\(index).txt", text: String(index))
        }
        XCTAssertEqual(staging.count, 200)
        XCTAssertEqual(staging.read("r3/charts/f10.txt"), Array("10".utf8))
    }

    /// A sealed folder's files go to its record, in path order, and leave the manifest, which
    /// lists the other files in path order; a file written again into a sealed folder is still caught.
    func testSealedFoldersGoToTheirRecordsAndTheManifestListsTheRest() throws {
        let staging = try Publisher(target: TestSupport.temporaryFolder().appendingPathComponent("Output")).begin()
        for path in ["a/x.html", "a/charts/c.png", "a-b/y.html", "index.html", "b.txt", "assets/style.css"] {
            try staging.write(path, text: path)
        }
        let sealed = staging.seal("a")
        XCTAssertEqual(sealed.map(\.path), ["a/charts/c.png", "a/x.html"])
        XCTAssertEqual(sealed.map(\.size), [14, 8])
        XCTAssertEqual(sealed[1].digest, FileDigest(of: Array("a/x.html".utf8)))
        XCTAssertNotNil(sealed[1].stat, "a written file's stat is taken as it is written")
        XCTAssertEqual(staging.seal("a-b").map(\.path), ["a-b/y.html"])
        XCTAssertThrowsError(try staging.write("a/x.html", text: "again")) { error in
            XCTAssertEqual(
                error as? BuildError, BuildError(.io, .file("a/x.html"), "two parts of the build write the same file"))
        }
        let record = try staging.writeRecord("a/record.json", Array("{}".utf8))
        XCTAssertEqual(record.size, 2)
        try staging.writeManifest(
            generatedAt: TestSupport.fixedNow,
            reports: .array([.sortedObject([("path", .string("a/record.json")), ("slug", .string("a"))])]))
        let manifest =
            try JSONSerialization.jsonObject(with: Data(try XCTUnwrap(staging.read("manifest.json")))) as? [String: Any]
        let files = try XCTUnwrap(manifest?["files"] as? [[String: Any]])
        XCTAssertEqual(files.compactMap { $0["path"] as? String }, ["assets/style.css", "b.txt", "index.html"])
        XCTAssertEqual(files.first?["size"] as? Int, 16)
        XCTAssertEqual((manifest?["reports"] as? [[String: Any]])?.first?["slug"] as? String, "a")
        XCTAssertEqual(manifest?["format"] as? String, "gazette-manifest 2")
    }

    /// Publishes `files` as Gazette does: staged one by one, a manifest naming Gazette, one swap.
    static func publish(_ files: [String: String], to target: URL) throws {
        let publisher = Publisher(target: target)
        let staging = try publisher.begin()
        for (path, text) in files.sorted(by: { $0.key < $1.key }) { try staging.write(path, text: text) }
        try staging.writeManifest(generatedAt: TestSupport.fixedNow, reports: .array([]))
        try publisher.commit(staging)
    }

    func testPublishingReplacesTheOutputWhole() throws {
        let dir = TestSupport.temporaryFolder()
        let target = dir.appendingPathComponent("Output")
        try Self.publish(["old.html": "old"], to: target)
        try Self.publish(["new/index.html": "new"], to: target)
        XCTAssertEqual(TestSupport.snapshot(target).keys.sorted(), ["manifest.json", "new/index.html"])
        // Nothing is left beside the output.
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path), ["Output"])
    }

    func testAFailedWriteLeavesThePreviousOutputAsItWas() throws {
        let dir = TestSupport.temporaryFolder()
        let target = dir.appendingPathComponent("Output")
        try Self.publish(["index.html": "previous"], to: target)
        let before = TestSupport.snapshot(target)
        let publisher = Publisher(target: target)
        let broken = try publisher.begin()
        try broken.write("a", text: "file")
        XCTAssertThrowsError(try broken.write("a/b.html", text: "cannot go under a file")) { error in
            XCTAssertEqual((error as? BuildError)?.kind, .io)
        }
        publisher.discard(broken)
        XCTAssertEqual(TestSupport.snapshot(target), before)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path), ["Output"])
    }

    func testStagingLeftByAnInterruptedBuildIsCleanedUp() throws {
        let dir = TestSupport.temporaryFolder()
        let stale = dir.appendingPathComponent(".Output.building-999999")
        TestSupport.writeFile("half", to: stale.appendingPathComponent("index.html"))
        try Self.publish(["index.html": "new"], to: dir.appendingPathComponent("Output"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: stale.path))
    }

}

final class PlaceholderTests: XCTestCase {
    func testTheRepositoryReadmeInTheOutputFolderSurvivesABuild() throws {
        let target = TestSupport.temporaryFolder().appendingPathComponent("Output")
        TestSupport.writeFile("keep me", to: target.appendingPathComponent("README.md"))
        try OutputTests.publish(["old.html": "stale"], to: target)
        try OutputTests.publish(["index.html": "new"], to: target)
        XCTAssertEqual(TestSupport.snapshot(target).keys.sorted(), ["README.md", "index.html", "manifest.json"])
        XCTAssertEqual(TestSupport.read(target.appendingPathComponent("README.md")), "keep me")
    }

    func testAFolderGazetteDidNotWriteIsNeverReplaced() throws {
        let target = TestSupport.temporaryFolder().appendingPathComponent("work")
        TestSupport.writeFile("my notes", to: target.appendingPathComponent("notes.txt"))
        XCTAssertThrowsError(try OutputTests.publish(["index.html": "new"], to: target)) { error in
            XCTAssertEqual((error as? BuildError)?.kind, .usage)
            XCTAssertTrue("\(error)".contains("refusing to replace"), "\(error)")
        }
        XCTAssertEqual(TestSupport.snapshot(target), ["notes.txt": Data("my notes".utf8)])
    }

    func testAFileIsNeverReplacedByASite() throws {
        let target = TestSupport.temporaryFolder().appendingPathComponent("report.json")
        TestSupport.writeFile("{}", to: target)
        XCTAssertThrowsError(try OutputTests.publish(["index.html": "new"], to: target))
        XCTAssertEqual(TestSupport.read(target), "{}")
    }

    func testAnOutputLeftAsideByAKilledSwapIsPutBack() throws {
        let dir = TestSupport.temporaryFolder()
        let target = dir.appendingPathComponent("Output")
        try OutputTests.publish(["index.html": "good"], to: target)
        // A build killed between its two renames: no Output, the old one aside under a dead PID.
        XCTAssertEqual(rename(target.path, dir.appendingPathComponent(".Output.previous-999999").path), 0)
        try Publisher(target: target).prepare()
        XCTAssertEqual(TestSupport.read(target.appendingPathComponent("index.html")), "good")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path), ["Output"])
    }
}
