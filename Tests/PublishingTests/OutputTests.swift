import Foundation
import XCTest
@testable import Publishing
@testable import GazetteCore
@testable import SiteOutput
@testable import Jobs
@testable import Rendering
import Reports

final class OutputTests: XCTestCase {
    func testJSONIsSortedPreciseAndExplicit() {
        let value = JSONValue.object([
            "b": .double(310.90909090909093), "a": .null, "c": .array([.int(1), .string("x\"<")]), "d": .double(360)
        ])
        XCTAssertEqual(
            value.rendered(),
            """
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

    func testEveryFormOfAnObjectWritesTheSameText() {
        let fields: [String: JSONValue] = [
            "b": .double(0.1), "a": .string("tab\there <b> \u{1} é"), "c": .array([]), "d": .object([:])
        ]
        let sorted = fields.sorted { $0.key < $1.key }.map { (key: $0.key, value: $0.value) }
        let plain = JSONValue.object(fields).rendered()
        XCTAssertEqual(JSONValue.sortedObject(sorted).rendered(), plain)
        XCTAssertEqual(JSONValue.lazyObject(JSONFields { AnyIterator(sorted.makeIterator()) }).rendered(), plain)
        XCTAssertEqual(JSONValue.lazyObject(JSONFields { AnyIterator([].makeIterator()) }).rendered(), "{}\n")
        XCTAssertTrue(plain.contains(#""a": "tab\there \u003cb> \u0001 é""#), plain)
        XCTAssertEqual(JSONValue.sortedObject(sorted), JSONValue.object(fields))
    }

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

    func testTheLedgerGivesBackEachRecordAndOffersOnlyKeyedOnesForReuse() throws {
        let ledger = try ReportLedger()
        func built(_ title: String) -> BuiltReport {
            BuiltReport(
                outcome: ReportOutcome(
                    title: title, slug: Slug.make(title), kind: .workouts,
                    warnings: [ReportWarning(.leftOut, "w \(title)")], error: nil,
                    headline: "360 lb", summary: ["line 1", "line 2"]),
                card: ReportCard(headline: "h", detail: "d", thumbnail: "squat"),
                thumbnail: ChartImage(
                    stem: "\(Slug.make(title))/charts/squat", alt: "a chart", width: 640, height: 360),
                sources: ["\(title).txt"])
        }
        try ledger.put("zed", ReportRecord(key: "k1", built: built("Zed")), reusable: true)
        try ledger.put("amy", ReportRecord(key: "", built: built("Amy")), reusable: false)
        try ledger.put("bob", ReportRecord(key: "k3", built: built("Bob")), reusable: true)
        XCTAssertEqual(ledger.record("amy"), ReportRecord(key: "", built: built("Amy")))
        XCTAssertEqual(ledger.record("zed")?.built(slug: "zed")?.outcome.summary, ["line 1", "line 2"])
        XCTAssertNil(ledger.reusableRecord("amy"))
        XCTAssertEqual(ledger.reusableRecord("bob")?.key, "k3")
        XCTAssertNil(ledger.record("nobody"))
        XCTAssertEqual(ledger.reusableSlugs, ["bob", "zed"])
        XCTAssertNil(ledger.failure)
    }

    func testSlugsAreSafeAndUnique() {
        XCTAssertEqual(Slug.make("../../etc"), "etc")
        XCTAssertEqual(Slug.make("<img src=x onerror=alert(1)>"), "img-src-x-onerror-alert-1")
        XCTAssertEqual(Slug.make("Barbell Bench Press"), "barbell-bench-press")
        XCTAssertEqual(Slug.make("É!"), "e")
        XCTAssertEqual(Slug.make("!? —"), "item")
        XCTAssertEqual(Slug.make(""), "item")
        XCTAssertEqual(
            Slug.unique(["Woodbine 18:10", "Woodbine 18:10", "assets"], reserved: ["assets"]),
            ["woodbine-18-10", "woodbine-18-10-2", "assets-2"])
    }

    /// Titles in any script give readable, distinct, stable folder names, never a bare fallback.
    func testSlugsFromAnyScript() {
        let cases = [
            ("Entraînement d'Élodie", "entrainement-d-elodie"),
            ("Crédit à la consommation", "credit-a-la-consommation"),
            ("Straße Łódź Ørsted Æsir", "strasse-lodz-orsted-aesir"),
            ("信用スコア", "xin-yongsukoa"),
            ("トレーニング記録", "toreningu-ji-lu"),
            ("Кредитный отчёт", "kreditnyj-otcet"),
            ("Ελληνικά", "ellenika"),
            ("한국어", "hangug-eo"),
            ("🏇", "horse-racing"),
            ("🏋️ 💪", "weight-lifter-flexed-biceps"),
            ("🏇 Races", "races")
        ]
        for (title, slug) in cases {
            XCTAssertEqual(Slug.make(title, fallback: "report"), slug, title)
        }
        let slugs = Slug.unique(cases.map(\.0), fallback: "report")
        XCTAssertEqual(Set(slugs).count, cases.count, "distinct")
        XCTAssertFalse(slugs.contains("report"))
        // Characters without a name (private use): the fallback with a hash of the text, the same on every run.
        XCTAssertEqual(Slug.make("\u{E000}", fallback: "report"), "report-" + Slug.shortHash("\u{E000}"))
        XCTAssertNotEqual(Slug.make("\u{E000}", fallback: "report"), Slug.make("\u{E001}", fallback: "report"))
        XCTAssertEqual(Slug.shortHash("a"), "e40c292c")
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
        try staging.writeManifest(generatedAt: TestSupport.fixedNow)
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

    /// A sealed folder's entries come back in the manifest in path order, among the files that were
    /// not sealed, and a file written again into a sealed folder is still caught.
    func testSealedFoldersKeepTheManifestWholeAndInOrder() throws {
        let staging = try Publisher(target: TestSupport.temporaryFolder().appendingPathComponent("Output")).begin()
        for path in ["a/x.html", "a/charts/c.png", "a-b/y.html", "index.html", "b.txt", "assets/style.css"] {
            try staging.write(path, text: path)
        }
        try staging.seal("a")
        try staging.seal("a-b")
        XCTAssertThrowsError(try staging.write("a/x.html", text: "again")) { error in
            XCTAssertEqual(
                error as? BuildError, BuildError(.io, .file("a/x.html"), "two parts of the build write the same file"))
        }
        try staging.writeManifest(generatedAt: TestSupport.fixedNow)
        let manifest =
            try JSONSerialization.jsonObject(with: Data(try XCTUnwrap(staging.read("manifest.json")))) as? [String: Any]
        let files = try XCTUnwrap(manifest?["files"] as? [[String: Any]])
        XCTAssertEqual(
            files.compactMap { $0["path"] as? String },
            ["a-b/y.html", "a/charts/c.png", "a/x.html", "assets/style.css", "b.txt", "index.html"])
        XCTAssertEqual(files.first?["size"] as? Int, 10)
    }

    /// Publishes `files` as Gazette does: staged one by one, a manifest naming Gazette, one swap.
    static func publish(_ files: [String: String], to target: URL) throws {
        let publisher = Publisher(target: target)
        let staging = try publisher.begin()
        for (path, text) in files.sorted(by: { $0.key < $1.key }) { try staging.write(path, text: text) }
        try staging.writeManifest(generatedAt: TestSupport.fixedNow)
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
