import Foundation
import GazetteTestSupport
import XCTest
@testable import Jobs
@testable import SiteBuild

/// The long step's counts: what a build reports, and when a terminal or a log shows it.
final class BuildProgressTests: XCTestCase {
    private final class Events: @unchecked Sendable {
        private let lock = NSLock()
        private var list: [BuildProgress] = []
        func add(_ event: BuildProgress) {
            lock.lock()
            list.append(event)
            lock.unlock()
        }
        var all: [BuildProgress] {
            lock.lock()
            defer { lock.unlock() }
            return list
        }
    }

    func testABuildCountsEveryReportAndEveryChartFile() async throws {
        let events = Events()
        let reporter = Reporter(progress: { _ in }, warning: { _ in }, error: { _ in }, advance: events.add)
        let output = TestSupport.temporaryFolder().appendingPathComponent("site")
        let result = await Pipeline(
            job: DemoJob.make(output: output, now: TestSupport.fixedNow),
            options: BuildOptions(now: TestSupport.fixedNow, jobs: 2), reporter: reporter
        ).run()
        XCTAssertEqual(result.exitCode, 0)
        let all = events.all
        let last = try XCTUnwrap(all.max { ($0.reportsDone, $0.chartFilesDone) < ($1.reportsDone, $1.chartFilesDone) })
        // Every drawing counts: the files in charts/, and the charts written into their pages.
        let paths = try FileManager.default.subpathsOfDirectory(atPath: output.path)
        let inline = paths.filter { $0.hasSuffix(".html") }.map {
            // An inline chart's root: its prefix and `role="img"` (its layouts are `<svg>`s too).
            TestSupport.read(output.appendingPathComponent($0)).split(separator: "\n").filter {
                $0.hasPrefix("<svg class=\"i") && $0.contains(" role=\"img\"")
            }.count
        }.reduce(0, +)
        XCTAssertGreaterThan(inline, 10)
        let chartFiles = paths.filter { $0.contains("/charts/") }.count + inline
        XCTAssertEqual(last.reports, 5)
        XCTAssertEqual(last.reportsDone, 5)
        XCTAssertEqual(last.chartFiles, chartFiles)
        XCTAssertEqual(last.chartFilesDone, chartFiles)
        XCTAssertEqual(last.text, "[2/4] build reports 5/5, chart files \(chartFiles)/\(chartFiles)")
        XCTAssertTrue(all.allSatisfy { $0.chartFilesDone <= $0.chartFiles && $0.reportsDone <= $0.reports })
    }

    private func progress(_ done: Int, of reports: Int, files: Int = 0, of chartFiles: Int = 0) -> BuildProgress {
        BuildProgress(
            step: "[2/4] build reports", reportsDone: done, reports: reports, chartFilesDone: files,
            chartFiles: chartFiles)
    }

    func testALogGetsALineEachTenthOfTheReportsAfterTheFirstSecond() {
        var display = ProgressDisplay(inPlace: false)
        XCTAssertNil(display.text(for: progress(50, of: 100), elapsed: .milliseconds(900)))
        var shown: [Int] = []
        for done in 1...100 where display.text(for: progress(done, of: 100), elapsed: .seconds(2)) != nil {
            shown.append(done)
        }
        XCTAssertEqual(shown, [10, 20, 30, 40, 50, 60, 70, 80, 90, 100])
    }

    func testASingleReportIsMeasuredByItsChartFiles() {
        var display = ProgressDisplay(inPlace: false)
        var shown: [Int] = []
        for done in 1...40 where display.text(for: progress(0, of: 1, files: done, of: 40), elapsed: .seconds(3)) != nil
        {
            shown.append(done)
        }
        XCTAssertEqual(shown, [4, 8, 12, 16, 20, 24, 28, 32, 36, 40])
    }

    func testATerminalIsUpdatedAtMostTenTimesASecondAndAlwaysAtTheEnd() {
        var display = ProgressDisplay(inPlace: true)
        XCTAssertNotNil(display.text(for: progress(1, of: 10), elapsed: .milliseconds(1000)))
        XCTAssertNil(display.text(for: progress(2, of: 10), elapsed: .milliseconds(1050)))
        XCTAssertNotNil(display.text(for: progress(3, of: 10), elapsed: .milliseconds(1100)))
        XCTAssertNotNil(display.text(for: progress(10, of: 10), elapsed: .milliseconds(1120)))
    }
}
