import Deterministic
import Foundation
import GazetteTestSupport
import XCTest
@testable import Jobs
@testable import SiteBuild
import Reports
import Workouts

/// Reuse of charts and whole reports: a warm build gives the bytes of a build that reuses nothing
/// over a copy of the output it found (histories on, as by default), reuses what did not change,
/// and never lets a damaged file through.
final class BuildCacheTests: XCTestCase {
    /// Each output's copy as it was just before the latest build into it.
    private var before: [String: URL] = [:]

    private func build(
        _ job: Job, now: Date = TestSupport.fixedNow, cache: URL? = nil, reuse: Bool = true,
        templates: URL? = nil
    ) async -> (BuildResult, CollectedLines) {
        before[job.output.path] = nil
        if FileManager.default.fileExists(atPath: job.output.path) {
            let copy = TestSupport.temporaryFolder().appendingPathComponent("site")
            XCTAssertNoThrow(try FileManager.default.copyItem(at: job.output, to: copy))
            before[job.output.path] = copy
        }
        let details = CollectedLines()
        var options = BuildOptions(now: now, jobs: 2, templatesFolder: templates)
        options.cacheFolder = cache
        options.reusesEarlierWork = reuse
        let reporter = Reporter(progress: { _ in }, warning: { _ in }, error: { _ in }, detail: details.add)
        let result = await Pipeline(job: job, options: options, reporter: reporter).run()
        return (result, details)
    }

    /// `output` against a build that reuses nothing over a copy of the output its latest build
    /// found (or into an empty folder when there was none), of `job` at `now`.
    private func assertSameAsNoCacheBuild(
        _ output: URL, now: Date = TestSupport.fixedNow, _ job: (URL) -> Job, file: StaticString = #filePath,
        line: UInt = #line
    ) async {
        let reference = TestSupport.temporaryFolder().appendingPathComponent("site")
        if let previous = before[output.path] {
            XCTAssertNoThrow(try FileManager.default.copyItem(at: previous, to: reference))
        }
        _ = await build(job(reference), now: now, reuse: false)
        TestSupport.assertSameTree(output, reference, file: file, line: line)
    }

    private func demo(into output: URL) -> Job {
        DemoJob.make(output: output, now: TestSupport.fixedNow)
    }

    func testARebuildWithNothingChangedReusesEveryReportAndEqualsAColdBuild() async throws {
        let warm = TestSupport.temporaryFolder().appendingPathComponent("site")
        let (first, _) = await build(demo(into: warm))
        XCTAssertEqual(first.exitCode, 0)
        let (second, details) = await build(demo(into: warm))
        XCTAssertEqual(second.exitCode, 0)
        XCTAssertEqual(details.cacheLine, "charts: 0 files drawn, 0 reused; reports: 5 of 5 reused whole")
        await assertSameAsNoCacheBuild(warm) { demo(into: $0) }
        let manifest = try TestSupport.jsonObject(warm.appendingPathComponent("manifest.json"))
        let reports = try XCTUnwrap(manifest["reports"] as? [[String: Any]])
        XCTAssertEqual(reports.compactMap { $0["slug"] as? String }.count, 5)
        let record = try TestSupport.jsonObject(warm.appendingPathComponent("training-log-alex/record.json"))
        XCTAssertGreaterThan((record["charts"] as? [String: Any])?.count ?? 0, 3)
        XCTAssertEqual((record["key"] as? String)?.count, 64)
    }

    func testANewClockRedrawsNoChartButRebuildsThePages() async throws {
        let warm = TestSupport.temporaryFolder().appendingPathComponent("site")
        let later = TestSupport.fixedNow.addingTimeInterval(3600)
        _ = await build(demo(into: warm))
        let (_, details) = await build(DemoJob.make(output: warm, now: later), now: later)
        // The next-to-go sample moves with the clock, so its two market charts are drawn again.
        let line = try XCTUnwrap(details.cacheLine)
        XCTAssertTrue(line.hasSuffix("reports: 0 of 5 reused whole"), line)
        XCTAssertFalse(line.hasPrefix("charts: 0 files drawn, 0 reused"), line)
        await assertSameAsNoCacheBuild(warm, now: later) { DemoJob.make(output: $0, now: later) }
    }

    func testADamagedFileInThePreviousOutputIsDrawnAgain() async throws {
        let warm = TestSupport.temporaryFolder().appendingPathComponent("site")
        _ = await build(demo(into: warm))
        let chart = try XCTUnwrap(
            FileManager.default.subpathsOfDirectory(atPath: warm.path)
                .filter { $0.hasPrefix("credit-score/charts/") && $0.hasSuffix(".svg") }.sorted().first)
        var bytes = try Data(contentsOf: warm.appendingPathComponent(chart))
        bytes[bytes.count / 2] ^= 0xFF
        try bytes.write(to: warm.appendingPathComponent(chart))
        let (result, details) = await build(demo(into: warm))
        XCTAssertEqual(result.exitCode, 0)
        // The credit report is not reused whole (a file differs); of its files only the damaged one is drawn.
        XCTAssertEqual(details.cacheLine?.hasPrefix("charts: 1 files drawn, "), true, details.cacheLine ?? "")
        XCTAssertEqual(details.cacheLine?.hasSuffix("reports: 4 of 5 reused whole"), true, details.cacheLine ?? "")
        await assertSameAsNoCacheBuild(warm) { demo(into: $0) }
    }

    func testACacheFolderServesAFreshOutputAndADamagedEntryIsDrawnAgain() async throws {
        let cacheFolder = TestSupport.temporaryFolder()
        let first = TestSupport.temporaryFolder().appendingPathComponent("site")
        let (_, cold) = await build(demo(into: first), cache: cacheFolder)
        let drawn = try XCTUnwrap(cold.cacheLine)
        XCTAssertTrue(drawn.contains(" 0 reused;"), drawn)

        // Damage one entry's bytes (its recorded SHA-256 stays).
        let entries = try FileManager.default.subpathsOfDirectory(atPath: cacheFolder.path)
            .filter { !$0.hasSuffix("/") && $0.split(separator: "/").count == 3 }.sorted()
        let chartFiles = try FileManager.default.subpathsOfDirectory(atPath: first.path).filter {
            $0.contains("/charts/") && $0.hasSuffix(".svg")
        }
        XCTAssertGreaterThan(chartFiles.count, 10)
        XCTAssertEqual(entries.count, chartFiles.count, "every chart file of the demo")
        let damaged = cacheFolder.appendingPathComponent(entries[0])
        var bytes = try Data(contentsOf: damaged)
        bytes[bytes.count - 1] ^= 0x01
        try bytes.write(to: damaged)

        let second = TestSupport.temporaryFolder().appendingPathComponent("site")
        let (_, warm) = await build(demo(into: second), cache: cacheFolder)
        let line = try XCTUnwrap(warm.cacheLine)
        XCTAssertTrue(line.hasPrefix("charts: 1 files drawn, "), line)
        TestSupport.assertSameTree(first, second)
    }

    func testNoCacheReusesNothingAndWritesTheSameBytes() async throws {
        let output = TestSupport.temporaryFolder().appendingPathComponent("site")
        _ = await build(demo(into: output))
        let reused = TestSupport.temporaryFolder().appendingPathComponent("site")
        try FileManager.default.copyItem(at: output, to: reused)
        let (_, details) = await build(demo(into: output), reuse: false)
        let line = try XCTUnwrap(details.cacheLine)
        XCTAssertTrue(line.hasSuffix(" 0 reused; reports: 0 of 5 reused whole"), line)
        // The same bytes as a rebuild that reuses everything it can over the same output.
        _ = await build(demo(into: reused))
        TestSupport.assertSameTree(output, reused)
    }

    func testOneChangedLogRebuildsOnlyItsReport() async throws {
        let inputs = TestSupport.temporaryFolder()
        var reports: [ReportSpec] = []
        for index in 0..<3 {
            let url = inputs.appendingPathComponent("athlete-\(index).txt")
            TestSupport.writeFile(
                WorkoutLogGenerator.generate(
                    seed: UInt64(index), exercises: ["Back Squat", "Deadlift"],
                    start: CivilDate(year: 2022, month: 1, day: 3), days: 200),
                to: url)
            reports.append(ReportSpec(kind: .workouts, title: "Athlete \(index)", sources: [.file(url)]))
        }
        let warm = TestSupport.temporaryFolder().appendingPathComponent("site")
        _ = await build(Job(title: "Gym", output: warm, reports: reports))
        TestSupport.writeFile(
            WorkoutLogGenerator.generate(
                seed: 99, exercises: ["Back Squat", "Deadlift"],
                start: CivilDate(year: 2022, month: 1, day: 3), days: 200),
            to: inputs.appendingPathComponent("athlete-1.txt"))
        let (_, details) = await build(Job(title: "Gym", output: warm, reports: reports))
        XCTAssertEqual(details.cacheLine?.hasSuffix("reports: 2 of 3 reused whole"), true, details.cacheLine ?? "")
        await assertSameAsNoCacheBuild(warm) { Job(title: "Gym", output: $0, reports: reports) }
    }

    func testAChangedTemplateRebuildsEveryReport() async throws {
        let templates = TestSupport.temporaryFolder()
        let output = TestSupport.temporaryFolder().appendingPathComponent("site")
        _ = await build(demo(into: output))
        let original = TestSupport.read(TestSupport.repoRoot.appendingPathComponent("Templates/layout.mustache"))
        XCTAssertFalse(original.isEmpty)
        TestSupport.writeFile(original + "<!-- changed -->", to: templates.appendingPathComponent("layout.mustache"))
        let (result, details) = await build(demo(into: output), templates: templates)
        XCTAssertEqual(result.exitCode, 0)
        XCTAssertEqual(details.cacheLine?.hasSuffix("reports: 0 of 5 reused whole"), true, details.cacheLine ?? "")
        let reference = TestSupport.temporaryFolder().appendingPathComponent("site")
        try FileManager.default.copyItem(at: try XCTUnwrap(before[output.path]), to: reference)
        _ = await build(demo(into: reference), reuse: false, templates: templates)
        TestSupport.assertSameTree(output, reference)
    }
}

private extension CollectedLines {
    /// The cache's own line: `charts: 0 files drawn, 204 reused; reports: 5 of 5 reused whole`.
    var cacheLine: String? { all.last { $0.contains("files drawn") }?.trimmingCharacters(in: .whitespaces) }
}
