import Foundation
import XCTest
@testable import Publishing

final class OutputTests: XCTestCase {
    func testJSONIsSortedPreciseAndExplicit() {
        let value = JSONValue.object(["b": .double(310.90909090909093), "a": .null, "c": .array([.int(1), .string("x\"<")]), "d": .double(360)])
        XCTAssertEqual(value.rendered(), """
        {
          "a": null,
          "b": 310.90909090909093,
          "c": [
            1,
            "x\\"\\u003c"
          ],
          "d": 360.0
        }

        """)
    }

    func testSlugsAreSafeAndUnique() {
        XCTAssertEqual(Slug.make("../../etc"), "etc")
        XCTAssertEqual(Slug.make("<img src=x onerror=alert(1)>"), "img-src-x-onerror-alert-1")
        XCTAssertEqual(Slug.make("Barbell Bench Press"), "barbell-bench-press")
        XCTAssertEqual(Slug.make("É!"), "item")
        XCTAssertEqual(Slug.unique(["Woodbine 18:10", "Woodbine 18:10", "assets"], reserved: ["assets"]),
                       ["woodbine-18-10", "woodbine-18-10-2", "assets-2"])
    }

    func testTwoWritesToOnePathAreAnError() throws {
        var site = Site()
        try site.add("a.html", text: "1")
        XCTAssertThrowsError(try site.add("a.html", text: "2"))
    }

    func testManifestListsEveryFileWithSizeAndHash() throws {
        var site = Site()
        try site.add("b.txt", text: "abc")
        try site.add("a.txt", text: "")
        let manifest = site.manifest(generatedAt: TestSupport.fixedNow).rendered()
        XCTAssertTrue(manifest.contains("\"sha256\": \"ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad\""))
        XCTAssertTrue(manifest.contains("\"sha256\": \"e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855\""))
        XCTAssertLessThan(manifest.range(of: "a.txt")!.lowerBound, manifest.range(of: "b.txt")!.lowerBound)
    }

    func testPublishingReplacesTheOutputWhole() throws {
        let dir = TestSupport.temporaryFolder()
        let target = dir.appendingPathComponent("Output")
        var first = Site()
        try first.add("old.html", text: "old")
        try Publisher(target: target).publish(first)
        var second = Site()
        try second.add("new/index.html", text: "new")
        try Publisher(target: target).publish(second)
        XCTAssertEqual(TestSupport.snapshot(target).keys.sorted(), ["new/index.html"])
        // Nothing is left beside the output.
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path), ["Output"])
    }

    func testAFailedWriteLeavesThePreviousOutputAsItWas() throws {
        let dir = TestSupport.temporaryFolder()
        let target = dir.appendingPathComponent("Output")
        var first = Site()
        try first.add("index.html", text: "previous")
        try Publisher(target: target).publish(first)
        var broken = Site()
        try broken.add("a", text: "file")
        try broken.add("a/b.html", text: "cannot go under a file")
        XCTAssertThrowsError(try Publisher(target: target).publish(broken)) { error in
            XCTAssertEqual((error as? BuildError)?.kind, .io)
        }
        XCTAssertEqual(TestSupport.snapshot(target), ["index.html": Data("previous".utf8)])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path), ["Output"])
    }

    func testStagingLeftByAnInterruptedBuildIsCleanedUp() throws {
        let dir = TestSupport.temporaryFolder()
        let stale = dir.appendingPathComponent(".Output.building-999999")
        TestSupport.writeFile("half", to: stale.appendingPathComponent("index.html"))
        var site = Site()
        try site.add("index.html", text: "new")
        try Publisher(target: dir.appendingPathComponent("Output")).publish(site)
        XCTAssertFalse(FileManager.default.fileExists(atPath: stale.path))
    }

    func testUTCTimeFormatsWithoutTheMachineLocale() {
        XCTAssertEqual(UTCTime.long(TestSupport.fixedNow), "14 November 2023 at 22:13 UTC")
        XCTAssertEqual(UTCTime.iso(TestSupport.fixedNow), "2023-11-14T22:13:20Z")
        XCTAssertEqual(UTCTime.long(Date(timeIntervalSince1970: -1)), "31 December 1969 at 23:59 UTC")
    }
}

final class PlaceholderTests: XCTestCase {
    func testTheRepositoryReadmeInTheOutputFolderSurvivesABuild() throws {
        let target = TestSupport.temporaryFolder().appendingPathComponent("Output")
        TestSupport.writeFile("keep me", to: target.appendingPathComponent("README.md"))
        TestSupport.writeFile("stale", to: target.appendingPathComponent("old.html"))
        var site = Site()
        try site.add("index.html", text: "new")
        try Publisher(target: target).publish(site)
        XCTAssertEqual(TestSupport.snapshot(target), ["README.md": Data("keep me".utf8), "index.html": Data("new".utf8)])
    }
}
