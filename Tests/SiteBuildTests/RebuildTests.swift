import Deterministic
import Foundation
import GazetteTestSupport
import XCTest
@testable import Jobs
@testable import SiteBuild
import Reports
import Workouts

/// A rebuild looks only at what changed, and every rebuild's tree is byte for byte the tree a
/// build that reuses nothing (`--no-cache`) writes over a copy of the output the rebuild found:
/// nothing changed, one log changed, removed or added, a log touched but unchanged, a damaged
/// output file, a changed template, a changed option. Histories are on, as by default: a site
/// that remembers differs from a cold build into an empty folder by design, not from this.
final class RebuildTests: XCTestCase {
    /// Each output's copy as it was just before the latest build into it.
    private var before: [String: URL] = [:]

    private struct Site {
        let inputs: URL
        var reports: [ReportSpec]
        let output: URL

        func job(_ output: URL? = nil) -> Job { Job(title: "Gym", output: output ?? self.output, reports: reports) }
    }

    /// An hour ago: a file changed just now is never vouched for by its stat (its clock's tick may
    /// hide a second change), so the logs are dated back as a user's logs would be.
    private static let anHourAgo = Date().addingTimeInterval(-3600)

    private func log(seed: UInt64) -> String {
        WorkoutLogGenerator.generate(
            seed: seed, exercises: ["Back Squat", "Deadlift"], start: CivilDate(year: 2022, month: 1, day: 3), days: 120
        )
    }

    private func write(_ text: String, to url: URL, modified: Date = anHourAgo) {
        TestSupport.writeFile(text, to: url)
        setModified(url, modified)
    }

    private func setModified(_ url: URL, _ date: Date) {
        XCTAssertNoThrow(try FileManager.default.setAttributes([.modificationDate: date], ofItemAtPath: url.path))
    }

    private func site(count: Int = 4) -> Site {
        let inputs = TestSupport.temporaryFolder()
        var reports: [ReportSpec] = []
        for index in 0..<count {
            let url = inputs.appendingPathComponent("athlete-\(index).txt")
            write(log(seed: UInt64(index)), to: url)
            reports.append(ReportSpec(kind: .workouts, title: "Athlete \(index)", sources: [.file(url)]))
        }
        return Site(
            inputs: inputs, reports: reports, output: TestSupport.temporaryFolder().appendingPathComponent("site"))
    }

    private func build(
        _ job: Job, templates: URL? = nil, verify: Bool = false, pdf: Bool = false, inPlace: Bool = false,
        cardsPerPage: Int? = nil, reuse: Bool = true, now: Date = TestSupport.fixedNow
    ) async -> (BuildResult, CollectedLines) {
        keepCopy(of: job.output)
        let details = CollectedLines()
        var options = BuildOptions(now: now, jobs: 2, templatesFolder: templates)
        options.reusesEarlierWork = reuse
        options.cardsPerPage = cardsPerPage
        options.verify = verify
        if pdf { options.switches.insert("pdf") }
        options.publishesInPlace = inPlace
        let reporter = Reporter(progress: { _ in }, warning: { _ in }, error: { _ in }, detail: details.add)
        let result = await Pipeline(job: job, options: options, reporter: reporter).run()
        XCTAssertNil(result.fatal)
        return (result, details)
    }

    /// Copies `output` aside (when there is one), for the reference build of the rebuild into it.
    private func keepCopy(of output: URL) {
        before[output.path] = nil
        guard FileManager.default.fileExists(atPath: output.path) else { return }
        let copy = TestSupport.temporaryFolder().appendingPathComponent("site")
        XCTAssertNoThrow(try FileManager.default.copyItem(at: output, to: copy))
        before[output.path] = copy
    }

    /// The rebuilt tree against a build that reuses nothing (`--no-cache`) over a copy of the
    /// output the rebuild found (or into an empty folder when there was none).
    private func assertSameAsCold(
        _ site: Site, templates: URL? = nil, pdf: Bool = false, cardsPerPage: Int? = nil,
        file: StaticString = #filePath, line: UInt = #line
    ) async {
        let reference = TestSupport.temporaryFolder().appendingPathComponent("site")
        if let previous = before[site.output.path] {
            XCTAssertNoThrow(try FileManager.default.copyItem(at: previous, to: reference))
        }
        _ = await build(site.job(reference), templates: templates, pdf: pdf, cardsPerPage: cardsPerPage, reuse: false)
        TestSupport.assertSameTree(site.output, reference, file: file, line: line)
    }

    /// Each test's stat files and spares in a folder of its own, on the outputs' file system (a
    /// spare must share it), gone with the test.
    private var savedCacheHome: String?

    override func setUp() {
        super.setUp()
        savedCacheHome = ProcessInfo.processInfo.environment["XDG_CACHE_HOME"]
        setenv("XDG_CACHE_HOME", TestSupport.temporaryFolder().appendingPathComponent("cache").path, 1)
    }

    override func tearDown() {
        if let savedCacheHome { setenv("XDG_CACHE_HOME", savedCacheHome, 1) } else { unsetenv("XDG_CACHE_HOME") }
        super.tearDown()
    }

    private func inode(_ url: URL) -> UInt64? {
        (try? FileManager.default.attributesOfItem(atPath: url.path))?[.systemFileNumber] as? UInt64
    }

    func testNothingChangedOpensNoInputAndPublishesNothing() async throws {
        let site = site()
        _ = await build(site.job())
        let front = inode(site.output.appendingPathComponent("index.html"))
        let (_, details) = await build(site.job())
        XCTAssertEqual(details.cacheLine, "charts: 0 files drawn, 0 reused; reports: 4 of 4 reused whole")
        XCTAssertFalse(details.all.contains { $0.contains(": read ") }, "an untouched input was opened")
        XCTAssertTrue(details.all.contains { $0.contains("nothing changed") }, details.all.joined(separator: "\n"))
        XCTAssertEqual(inode(site.output.appendingPathComponent("index.html")), front, "the output was replaced")
        await assertSameAsCold(site)
    }

    /// On the same clock, whether a report's history already holds this build's entry is the
    /// stat file's to say (its `updated`), as for every file of the folder its stats vouch for:
    /// a history whose bytes changed under the same stat is not read. Decoding every history was a
    /// third of a rebuild in which nothing changed (`--verify` reads them all).
    func testNothingChangedReadsNoHistory() async throws {
        let site = site()
        _ = await build(site.job())
        let history = site.output.appendingPathComponent("athlete-0/history.json")
        var info = stat()
        XCTAssertEqual(lstat(history.path, &info), 0)
        let handle = try FileHandle(forWritingTo: history)
        try handle.write(contentsOf: Data(repeating: UInt8(ascii: " "), count: Int(info.st_size)))
        try handle.close()
        var times = [info.st_atim, info.st_mtim]
        XCTAssertEqual(utimensat(AT_FDCWD, history.path, &times, 0), 0)
        let (_, details) = await build(site.job())
        XCTAssertEqual(details.cacheLine, "charts: 0 files drawn, 0 reused; reports: 4 of 4 reused whole")
    }

    func testNothingChangedLeavesTheStatFileAsItWasButMarksItUsed() async throws {
        let site = site()
        _ = await build(site.job())
        let statFile = try XCTUnwrap(StatFile.location(of: site.output))
        let written = try Data(contentsOf: statFile)
        let file = inode(statFile)
        setModified(statFile, Self.anHourAgo)
        _ = await build(site.job())
        XCTAssertEqual(inode(statFile), file, "the stat file was written again")
        XCTAssertEqual(try Data(contentsOf: statFile), written)
        // Its time says it is in use, so the tidying of old outputs keeps it and the spare.
        let modified = try XCTUnwrap(
            FileManager.default.attributesOfItem(atPath: statFile.path)[.modificationDate] as? Date)
        XCTAssertGreaterThan(modified, Self.anHourAgo.addingTimeInterval(1800))
        // A stat file the next build would read otherwise is written anew.
        write(log(seed: 98), to: site.inputs.appendingPathComponent("athlete-1.txt"))
        _ = await build(site.job())
        XCTAssertNotEqual(inode(statFile), file, "a changed build kept the old stat file")
    }

    func testOneChangedLogRebuildsItsReportAndEqualsAColdBuild() async throws {
        let site = site()
        _ = await build(site.job())
        write(log(seed: 99), to: site.inputs.appendingPathComponent("athlete-2.txt"))
        let (_, details) = await build(site.job())
        XCTAssertEqual(details.cacheLine?.hasSuffix("reports: 3 of 4 reused whole"), true, details.cacheLine ?? "")
        await assertSameAsCold(site)
    }

    func testOneRemovedReportEqualsAColdBuild() async throws {
        var site = site()
        _ = await build(site.job())
        site.reports.remove(at: 1)
        let (_, details) = await build(site.job())
        XCTAssertEqual(details.cacheLine?.hasSuffix("reports: 3 of 3 reused whole"), true, details.cacheLine ?? "")
        XCTAssertFalse(FileManager.default.fileExists(atPath: site.output.appendingPathComponent("athlete-1").path))
        await assertSameAsCold(site)
    }

    func testOneAddedReportRebuildsOnlyItAndEqualsAColdBuild() async throws {
        var site = site()
        _ = await build(site.job())
        let url = site.inputs.appendingPathComponent("athlete-new.txt")
        write(log(seed: 77), to: url)
        site.reports.insert(ReportSpec(kind: .workouts, title: "Newcomer", sources: [.file(url)]), at: 2)
        let (_, details) = await build(site.job())
        XCTAssertEqual(details.cacheLine?.hasSuffix("reports: 4 of 5 reused whole"), true, details.cacheLine ?? "")
        await assertSameAsCold(site)
    }

    func testATouchedButUnchangedLogIsReadOnceAndChangesNothing() async throws {
        let site = site()
        _ = await build(site.job())
        let touched = site.inputs.appendingPathComponent("athlete-3.txt")
        setModified(touched, Self.anHourAgo.addingTimeInterval(60))
        let (_, details) = await build(site.job())
        XCTAssertEqual(details.all.filter { $0.contains(": read ") }.count, 1, details.all.joined(separator: "\n"))
        XCTAssertEqual(details.cacheLine, "charts: 0 files drawn, 0 reused; reports: 4 of 4 reused whole")
        XCTAssertTrue(details.all.contains { $0.contains("nothing changed") })
        // Its new stat is vouched for now: the next build reads nothing.
        let (_, again) = await build(site.job())
        XCTAssertFalse(again.all.contains { $0.contains(": read ") }, again.all.joined(separator: "\n"))
        await assertSameAsCold(site)
    }

    /// `serve` publishes a rebuild folder by folder: the tree is still a cold build's, files of
    /// the user's in the output stay, and unchanged folders are not touched.
    func testPublishingInPlaceEqualsAColdBuild() async throws {
        var site = site()
        _ = await build(site.job())
        TestSupport.writeFile("mine", to: site.output.appendingPathComponent("CNAME"))
        let untouched = inode(site.output.appendingPathComponent("athlete-0/index.html"))
        write(log(seed: 42), to: site.inputs.appendingPathComponent("athlete-2.txt"))
        site.reports.remove(at: 3)
        let url = site.inputs.appendingPathComponent("athlete-new.txt")
        write(log(seed: 43), to: url)
        site.reports.append(ReportSpec(kind: .workouts, title: "Newcomer", sources: [.file(url)]))
        let (_, details) = await build(site.job(), inPlace: true)
        XCTAssertTrue(details.all.contains { $0.contains("published in place") }, details.all.joined(separator: "\n"))
        XCTAssertEqual(inode(site.output.appendingPathComponent("athlete-0/index.html")), untouched)
        XCTAssertEqual(TestSupport.read(site.output.appendingPathComponent("CNAME")), "mine")
        // The reference build over a copy of the output carries the user's file too.
        await assertSameAsCold(site)
        let siblings = try FileManager.default.contentsOfDirectory(atPath: site.output.deletingLastPathComponent().path)
        XCTAssertEqual(siblings, ["site"], "nothing is left beside the output")
    }

    /// A user's files inside report folders the build makes anew (and a folder of theirs left
    /// empty) are carried into the new output, as one at the top is: each report folder's paths
    /// are read from its record as the walk reaches it.
    func testUsersFilesInsideRemadeReportFoldersAreCarried() async throws {
        let site = site()
        _ = await build(site.job())
        let output = site.output
        TestSupport.writeFile("mine", to: output.appendingPathComponent("CNAME"))
        TestSupport.writeFile("notes", to: output.appendingPathComponent("athlete-1/notes.txt"))
        try FileManager.default.createDirectory(
            at: output.appendingPathComponent("athlete-1/drafts"), withIntermediateDirectories: true)
        TestSupport.writeFile("kept", to: output.appendingPathComponent("athlete-0/charts/mine.txt"))
        write(log(seed: 44), to: site.inputs.appendingPathComponent("athlete-1.txt"))
        // A day later every report is made once more: none of their folders is passed over whole.
        let warnings = CollectedLines()
        let reporter = Reporter(progress: { _ in }, warning: warnings.add, error: { _ in }, detail: { _ in })
        let options = BuildOptions(now: TestSupport.fixedNow.addingTimeInterval(86_400), jobs: 2)
        let result = await Pipeline(job: site.job(), options: options, reporter: reporter).run()
        XCTAssertNil(result.fatal, "Gazette's own files in the folders are known as its own")
        XCTAssertEqual(
            warnings.all.filter { $0.contains("did not write") },
            [
                "note: kept 4 files in the output that Gazette did not write (CNAME, athlete-0/charts/mine.txt, athlete-1/drafts/, …)"
            ])
        XCTAssertEqual(TestSupport.read(output.appendingPathComponent("CNAME")), "mine")
        XCTAssertEqual(TestSupport.read(output.appendingPathComponent("athlete-1/notes.txt")), "notes")
        XCTAssertEqual(TestSupport.read(output.appendingPathComponent("athlete-0/charts/mine.txt")), "kept")
        var isFolder: ObjCBool = false
        XCTAssertTrue(
            FileManager.default.fileExists(
                atPath: output.appendingPathComponent("athlete-1/drafts").path, isDirectory: &isFolder))
        XCTAssertTrue(isFolder.boolValue)
        // Gazette's own files are not taken for the user's: nothing else is said to be kept.
        let manifest = try String(contentsOf: output.appendingPathComponent("manifest.json"), encoding: .utf8)
        XCTAssertFalse(manifest.contains("notes.txt"))
    }

    func testADamagedOutputFileRebuildsItsReport() async throws {
        let site = site()
        _ = await build(site.job())
        let chart = try XCTUnwrap(
            FileManager.default.subpathsOfDirectory(atPath: site.output.appendingPathComponent("athlete-1").path)
                .sorted().first { $0.hasSuffix(".svg") })
        TestSupport.writeFile("<svg/>", to: site.output.appendingPathComponent("athlete-1/\(chart)"))
        let (_, details) = await build(site.job())
        XCTAssertEqual(details.cacheLine?.hasSuffix("reports: 3 of 4 reused whole"), true, details.cacheLine ?? "")
        await assertSameAsCold(site)
    }

    /// An output whose records an older Gazette wrote (another record format): its files are
    /// still Gazette's, so the build rebuilds every report over them and never calls them the
    /// user's own — which would stop the publish.
    func testAnOutputWithOlderRecordsIsRebuiltOver() async throws {
        let site = site()
        _ = await build(site.job())
        for slug in ["athlete-0", "athlete-1", "athlete-2", "athlete-3"] {
            let url = site.output.appendingPathComponent("\(slug)/record.json")
            let text = try XCTUnwrap(TestSupport.read(url))
            XCTAssertTrue(text.contains("\"format\":\"gazette-record 2\""))
            TestSupport.writeFile(
                text.replacingOccurrences(
                    of: "\"format\":\"gazette-record 2\"", with: "\"format\":\"gazette-record 1\""),
                to: url)
        }
        let (result, details) = await build(site.job())
        XCTAssertNil(result.fatal, "\(String(describing: result.fatal))")
        XCTAssertEqual(details.cacheLine?.hasSuffix("reports: 0 of 4 reused whole"), true, details.cacheLine ?? "")
        await assertSameAsCold(site)
    }

    /// A damage that keeps a file's size and modification time escapes the stats; `--verify`
    /// reads every file and finds it.
    func testVerifyFindsADamageTheStatsCannotSee() async throws {
        let site = site()
        _ = await build(site.job())
        let page = site.output.appendingPathComponent("athlete-0/index.html")
        let modified = try XCTUnwrap(
            try FileManager.default.attributesOfItem(atPath: page.path)[.modificationDate] as? Date)
        let handle = try FileHandle(forWritingTo: page)
        try handle.seek(toOffset: 40)
        try handle.write(contentsOf: Data("X".utf8))
        try handle.close()
        setModified(page, modified)
        let (_, details) = await build(site.job(), verify: true)
        XCTAssertEqual(details.cacheLine?.hasSuffix("reports: 3 of 4 reused whole"), true, details.cacheLine ?? "")
        await assertSameAsCold(site)
    }

    func testAChangedTemplateRebuildsEveryReportAndEqualsAColdBuild() async throws {
        let site = site()
        _ = await build(site.job())
        let templates = TestSupport.temporaryFolder()
        let original = TestSupport.read(TestSupport.repoRoot.appendingPathComponent("Templates/layout.mustache"))
        TestSupport.writeFile(original + "<!-- changed -->", to: templates.appendingPathComponent("layout.mustache"))
        let (_, details) = await build(site.job(), templates: templates)
        XCTAssertEqual(details.cacheLine?.hasSuffix("reports: 0 of 4 reused whole"), true, details.cacheLine ?? "")
        await assertSameAsCold(site, templates: templates)
    }

    func testAChangedOptionRebuildsEveryReportAndEqualsAColdBuild() async throws {
        let site = site()
        _ = await build(site.job())
        let (_, details) = await build(site.job(), pdf: true)
        XCTAssertEqual(details.cacheLine?.hasSuffix("reports: 0 of 4 reused whole"), true, details.cacheLine ?? "")
        XCTAssertTrue(
            FileManager.default.fileExists(atPath: site.output.appendingPathComponent("athlete-0/report.pdf").path))
        await assertSameAsCold(site, pdf: true)
    }

    /// The spare: after a build, a folder of links to the output's report files; a rebuild fills
    /// it with what changed and swaps it in whole, and the output it replaces becomes the next.
    func testARebuildGoesThroughTheSpareAndEqualsAColdBuild() async throws {
        let site = site()
        _ = await build(site.job())
        let spare = try XCTUnwrap(CacheHome.place("spares", for: site.output))
        assertTwins(site.output, spare, slugs: (0..<4).map { "athlete-\($0)" })
        for seed: UInt64 in [50, 51] {
            write(log(seed: seed), to: site.inputs.appendingPathComponent("athlete-2.txt"))
            let (_, details) = await build(site.job())
            XCTAssertTrue(
                details.all.contains { $0.contains("(3 report folders as its spare held them)") },
                details.all.joined(separator: "\n"))
            assertTwins(site.output, spare, slugs: (0..<4).map { "athlete-\($0)" })
            await assertSameAsCold(site)
        }
        let siblings = try FileManager.default.contentsOfDirectory(atPath: site.output.deletingLastPathComponent().path)
        XCTAssertEqual(siblings, ["site"], "nothing is left beside the output")
    }

    /// A file of the spare replaced by hand (or by a build killed halfway) costs only its folder:
    /// the spare's folder is no longer the output's, so it is made again from the output's files.
    func testAChangedSpareFolderIsNotTrusted() async throws {
        let site = site()
        _ = await build(site.job())
        let spare = try XCTUnwrap(CacheHome.place("spares", for: site.output))
        let page = spare.appendingPathComponent("athlete-1/index.html")
        try FileManager.default.removeItem(at: page)
        TestSupport.writeFile("<p>not the report</p>", to: page)
        write(log(seed: 60), to: site.inputs.appendingPathComponent("athlete-2.txt"))
        let (_, details) = await build(site.job())
        XCTAssertTrue(
            details.all.contains { $0.contains("(2 report folders as its spare held them)") },
            details.all.joined(separator: "\n"))
        await assertSameAsCold(site)
        assertTwins(site.output, spare, slugs: (0..<4).map { "athlete-\($0)" })
    }

    /// A spare holds links to its output's files: when the output is deleted, the next build that
    /// publishes (of any output) removes the spare, so the deleted bytes are freed.
    func testTheSpareOfADeletedOutputIsRemoved() async throws {
        let first = site(count: 1)
        _ = await build(first.job())
        let spare = try XCTUnwrap(CacheHome.place("spares", for: first.output))
        XCTAssertTrue(FileManager.default.fileExists(atPath: spare.path))
        try FileManager.default.removeItem(at: first.output)
        _ = await build(site(count: 1).job())
        XCTAssertFalse(FileManager.default.fileExists(atPath: spare.path))
        XCTAssertFalse(FileManager.default.fileExists(atPath: spare.path + ".output"))
        // Moved aside and removed behind the build, not before it ends.
        let discarded = spare.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("discarded").path
        XCTAssertTrue(
            waitUntilEmpty(discarded), "\((try? FileManager.default.contentsOfDirectory(atPath: discarded)) ?? [])")
    }

    /// What a build left in `discarded/` (it ended first) the next build goes on removing.
    func testWhatWasDiscardedIsRemovedByTheNextBuild() async throws {
        let site = site(count: 1)
        _ = await build(site.job())
        let spare = try XCTUnwrap(CacheHome.place("spares", for: site.output))
        let discarded = spare.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("discarded")
        let left = discarded.appendingPathComponent("4242-1/athlete-0")
        try FileManager.default.createDirectory(at: left, withIntermediateDirectories: true)
        TestSupport.writeFile("<p>a page</p>", to: left.appendingPathComponent("index.html"))
        write(log(seed: 61), to: site.inputs.appendingPathComponent("athlete-0.txt"))
        _ = await build(site.job())
        XCTAssertTrue(
            waitUntilEmpty(discarded.path),
            "\((try? FileManager.default.contentsOfDirectory(atPath: discarded.path)) ?? [])")
        XCTAssertTrue(FileManager.default.fileExists(atPath: spare.path), "the live spare is not discarded")
    }

    /// Whether the folder at `path` is empty (or absent) within ten seconds.
    private func waitUntilEmpty(_ path: String) -> Bool {
        for _ in 0..<1000 {
            if (try? FileManager.default.contentsOfDirectory(atPath: path))?.isEmpty ?? true { return true }
            usleep(10_000)
        }
        return false
    }

    /// A rebuild makes only the front pages that show a changed report: the others keep their
    /// files (and inodes), and the search index still lists every report as a cold build's does.
    func testOnlyTheFrontPagesShowingAChangedReportAreMade() async throws {
        let site = site(count: 5)
        // Two cards a page: index.html (athletes 0, 1), pages/2.html (2, 3), pages/3.html (4).
        _ = await build(site.job(), cardsPerPage: 2)
        let pages = ["index.html", "pages/2.html", "pages/3.html"].map { site.output.appendingPathComponent($0) }
        let before = pages.map(inode)
        write(log(seed: 70), to: site.inputs.appendingPathComponent("athlete-2.txt"))
        let (_, details) = await build(site.job(), cardsPerPage: 2)
        XCTAssertTrue(
            details.all.contains { $0.contains("front page: 1 of 3 pages made") }, details.all.joined(separator: "\n"))
        XCTAssertEqual(inode(pages[0]), before[0])
        XCTAssertNotEqual(inode(pages[1]), before[1])
        XCTAssertEqual(inode(pages[2]), before[2])
        await assertSameAsCold(site, cardsPerPage: 2)
        // A kept page damaged by hand is made again.
        TestSupport.writeFile("<p>damaged</p>", to: pages[2])
        write(log(seed: 71), to: site.inputs.appendingPathComponent("athlete-0.txt"))
        let (_, again) = await build(site.job(), cardsPerPage: 2)
        XCTAssertTrue(
            again.all.contains { $0.contains("front page: 2 of 3 pages made") }, again.all.joined(separator: "\n"))
        await assertSameAsCold(site, cardsPerPage: 2)
    }

    /// A day later with nothing changed only the first front page, which says when the site was
    /// built, is made again; the later pages name the build that made them, as report pages do.
    /// (The first build on a later clock makes each report once more, to say "no change since".)
    func testADayLaterOnlyTheFirstFrontPageIsMade() async throws {
        let site = site(count: 5)
        let day = { (days: Double) in TestSupport.fixedNow.addingTimeInterval(days * 86_400) }
        _ = await build(site.job(), cardsPerPage: 2)
        _ = await build(site.job(), cardsPerPage: 2, now: day(1))
        let pages = ["index.html", "pages/2.html", "pages/3.html"].map { site.output.appendingPathComponent($0) }
        let before = pages.map(inode)
        let (_, details) = await build(site.job(), cardsPerPage: 2, now: day(2))
        XCTAssertTrue(
            details.all.contains { $0.contains("front page: 1 of 3 pages made") }, details.all.joined(separator: "\n"))
        XCTAssertNotEqual(inode(pages[0]), before[0])
        XCTAssertEqual(inode(pages[1]), before[1])
        XCTAssertEqual(inode(pages[2]), before[2])
        XCTAssertTrue(TestSupport.read(pages[0]).contains(UTCTime.iso(day(2))))
        XCTAssertTrue(TestSupport.read(pages[1]).contains(UTCTime.iso(day(1))), "the build that made it")
    }

    /// When every report is taken whole, in the same order, the search index is kept by link, not
    /// gathered again; one changed report makes it anew, as a cold build writes it.
    func testTheSearchIndexIsKeptWhileEveryReportIs() async throws {
        let site = site(count: 5)
        let day = { (days: Double) in TestSupport.fixedNow.addingTimeInterval(days * 86_400) }
        _ = await build(site.job(), cardsPerPage: 2)
        _ = await build(site.job(), cardsPerPage: 2, now: day(1))
        let index = ["search/directory.js", "search/entries-0.js", "search/words-0.js"].map {
            site.output.appendingPathComponent($0)
        }
        let before = index.map(inode)
        let texts = index.map(TestSupport.read)
        _ = await build(site.job(), cardsPerPage: 2, now: day(2))
        XCTAssertEqual(index.map(inode), before, "kept by link")
        XCTAssertEqual(index.map(TestSupport.read), texts)
        XCTAssertTrue(
            FileManager.default.fileExists(atPath: site.output.appendingPathComponent("assets/search.js").path),
            "its script goes with it")
        // A damaged piece is not kept: the index is made again.
        TestSupport.writeFile("damaged", to: index[2])
        _ = await build(site.job(), cardsPerPage: 2, now: day(3))
        XCTAssertEqual(TestSupport.read(index[2]), texts[2])
        let remade = index.map(inode)
        write(log(seed: 72), to: site.inputs.appendingPathComponent("athlete-3.txt"))
        _ = await build(site.job(), cardsPerPage: 2, now: day(4))
        XCTAssertNotEqual(inode(index[0]), remade[0], "a changed report makes the index anew")
    }

    /// A day later with nothing changed, `freshness.json`'s entries of the reports taken whole are
    /// carried from the previous file, not read from every record: the same bytes as a build that
    /// reads them all (a week's cadence, so each entry has its times and a state past fresh).
    func testADayLaterTheFreshnessEntriesAreCarriedAsTheRecordsGiveThem() async throws {
        var site = site(count: 3)
        for index in site.reports.indices {
            site.reports[index].fresh = Cadence(warnAfter: 7 * 86_400, errorAfter: nil)
        }
        let day = { (days: Double) in TestSupport.fixedNow.addingTimeInterval(days * 86_400) }
        _ = await build(site.job())
        _ = await build(site.job(), now: day(1))
        let (_, details) = await build(site.job(), now: day(2))
        XCTAssertEqual(details.cacheLine, "charts: 0 files drawn, 0 reused; reports: 3 of 3 reused whole")
        let freshness = TestSupport.read(site.output.appendingPathComponent("freshness.json"))
        XCTAssertTrue(freshness.contains("\"state\" : \"stale\""), freshness)
        XCTAssertTrue(freshness.contains("\"validUntil\" : 1"), freshness)
        // A build that reads every record, over a copy of the output the rebuild found (its report
        // pages differ: made anew, they name their own build).
        let reference = TestSupport.temporaryFolder().appendingPathComponent("site")
        try FileManager.default.copyItem(at: try XCTUnwrap(before[site.output.path]), to: reference)
        _ = await build(site.job(reference), reuse: false, now: day(2))
        XCTAssertEqual(freshness, TestSupport.read(reference.appendingPathComponent("freshness.json")))
    }

    /// Every file of each report folder in `spare` is the output's own file (the same inode).
    private func assertTwins(_ output: URL, _ spare: URL, slugs: [String], line: UInt = #line) {
        for slug in slugs {
            let files =
                (try? FileManager.default.subpathsOfDirectory(atPath: output.appendingPathComponent(slug).path))
                ?? []
            XCTAssertFalse(files.isEmpty, slug, line: line)
            for file in files where !file.hasSuffix("charts") {
                let path = "\(slug)/\(file)"
                XCTAssertEqual(
                    inode(output.appendingPathComponent(path)), inode(spare.appendingPathComponent(path)), path,
                    line: line)
            }
        }
    }
}

extension CollectedLines {
    /// The cache's own line: `charts: 0 files drawn, 204 reused; reports: 5 of 5 reused whole`.
    fileprivate var cacheLine: String? { all.last { $0.contains("files drawn") }?.trimmingCharacters(in: .whitespaces) }
}
