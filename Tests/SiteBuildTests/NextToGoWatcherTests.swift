import Foundation
import GazetteBuildTestSupport
import GazetteTestSupport
import XCTest
@testable import SiteBuild
import Racing
@testable import GazetteCore
@testable import Jobs
@testable import Loading

/// `gazette watch` end to end with an injected clock: a real HTTP server on 127.0.0.1 whose
/// answers change, real builds into a temporary folder.
final class NextToGoWatcherTests: XCTestCase {
    private let t0: Int64 = 1_700_000_000
    private let quick = FetchPolicy(timeout: 2, retries: 0, backoff: 0)

    private func watcher(
        _ job: Job, clock: ManualClock, lines: ReportedLines, poll: Int64 = 3600,
        reload: (@Sendable () throws(BuildError) -> Job)? = nil
    ) -> Watcher {
        Watcher(
            job: job,
            options: WatchOptions(
                build: BuildOptions(now: Date(timeIntervalSince1970: 0), jobs: 2), fetch: quick,
                policy: WatchPolicy(pollInterval: poll)),
            clock: clock, reload: reload, reporter: lines.reporter)
    }

    private func first(_ output: URL) throws -> String? {
        try NextToGoTest.selection("all", in: output.appendingPathComponent("next-to-go")).first
    }

    private func reportNow(_ output: URL) throws -> Int? {
        try NextToGoTest.reportNow(in: output.appendingPathComponent("next-to-go"))
    }

    func testRebuildsAsRacesLeaveAsDataAgesAndAfterAFailedFetch() async throws {
        // Eight races five minutes apart, the first starting a minute from now.
        let alpha = NextToGoTest.feedJSON(NextToGoTest.races("Alpha", count: 8, first: t0 + 60))
        let server = try LocalHTTPServer { _ in .json(alpha) }
        defer { server.stop() }
        let output = TestSupport.temporaryFolder().appendingPathComponent("Output")
        let job = Job(
            title: "Watch", output: output,
            reports: [NextToGoTest.spec(.url(server.url("/rest/v1/racing/?method=nextraces&count=10")), maxAge: 300)])
        let clock = ManualClock(t0)
        let lines = ReportedLines()
        var watch = watcher(job, clock: clock, lines: lines)

        let start = await watch.act()
        XCTAssertEqual(start.reasons, [.start])
        XCTAssertEqual(start.result?.exitCode, 0)
        XCTAssertEqual(server.requests.count, 1)
        XCTAssertEqual(server.requests.first?.headers["accept"], "application/json")
        XCTAssertEqual(try first(output), "Alpha R1")

        // Alpha R1 leaves at its start + 60 s: recomputed from the data held, not fetched.
        let expiryStep = await watch.step()
        let expiry = try XCTUnwrap(expiryStep)
        XCTAssertEqual(expiry.at, t0 + 120)
        XCTAssertEqual(expiry.reasons, [.changed("Alpha R1 left the list")])
        XCTAssertEqual(server.requests.count, 1)
        XCTAssertEqual(try first(output), "Alpha R2")
        XCTAssertEqual(try reportNow(output), Int(t0 + 120))

        // The server's answer changes; at max-age the data is fetched again and the pages follow.
        let bravo = NextToGoTest.feedJSON(NextToGoTest.races("Bravo", count: 6, first: t0 + 600))
        server.respond { _ in .json(bravo) }
        let staleStep = await watch.step()
        let stale = try XCTUnwrap(staleStep)
        XCTAssertEqual(stale.at, t0 + 300)
        XCTAssertEqual(stale.reasons, [.reload(.stale(age: 300))])
        XCTAssertEqual(server.requests.count, 2)
        XCTAssertEqual(try first(output), "Bravo R1")

        // A failed fetch changes nothing on disk and is retried after the back-off.
        server.respond { _ in .json("down", status: 500) }
        let before = TestSupport.snapshot(output)
        let failedStep = await watch.step()
        let failed = try XCTUnwrap(failedStep)
        XCTAssertEqual(failed.at, t0 + 600)
        XCTAssertEqual(failed.reasons, [])
        XCTAssertNil(failed.result)
        XCTAssertEqual(
            failed.failures.first?.location,
            .url(server.url("/rest/v1/racing/?method=nextraces&count=10").absoluteString, status: 500))
        XCTAssertEqual(TestSupport.snapshot(output), before, "the last good pages stay")
        let warning = try XCTUnwrap(lines.all("warning").last)
        XCTAssertTrue(
            warning.contains("HTTP 500") && warning.hasSuffix("keeping the last good pages, trying again in 5 s"),
            warning)

        server.respond { _ in .json(bravo) }
        let retriedStep = await watch.step()
        let retried = try XCTUnwrap(retriedStep)
        XCTAssertEqual(retried.at, t0 + 605)
        XCTAssertEqual(retried.reasons, [.retry(attempt: 2)])
        XCTAssertEqual(retried.result?.exitCode, 0)
        XCTAssertEqual(try reportNow(output), Int(t0 + 605))

        // One progress line per rebuild.
        let progress = lines.all("progress")
        XCTAssertEqual(progress.count, 4, progress.joined(separator: "\n"))
        XCTAssertTrue(
            progress[1].hasPrefix("2023-11-14T22:15:20Z rebuilt (Alpha R1 left the list): Built 1 of 1 report into "),
            progress[1])
    }

    func testFetchesAgainWhenFewerThanFiveRacesRemain() async throws {
        let five = NextToGoTest.feedJSON(NextToGoTest.races("Delta", count: 5, first: t0 + 60))
        let server = try LocalHTTPServer { _ in .json(five) }
        defer { server.stop() }
        let output = TestSupport.temporaryFolder().appendingPathComponent("Output")
        let job = Job(
            title: "Watch", output: output, reports: [NextToGoTest.spec(.url(server.url("/feed")), maxAge: 3600)])
        var watch = watcher(job, clock: ManualClock(t0), lines: ReportedLines())
        _ = await watch.act()

        let more = NextToGoTest.feedJSON(NextToGoTest.races("Echo", count: 7, first: t0 + 900))
        server.respond { _ in .json(more) }
        let lowStep = await watch.step()
        let low = try XCTUnwrap(lowStep)
        XCTAssertEqual(low.at, t0 + 120)
        XCTAssertEqual(low.reasons, [.changed("Delta R1 left the list"), .reload(.runningLow(visible: 4))])
        XCTAssertEqual(server.requests.count, 2)
        XCTAssertEqual(
            try NextToGoTest.selection("all", in: output.appendingPathComponent("next-to-go")),
            ["Echo R1", "Echo R2", "Echo R3", "Echo R4", "Echo R5"])
    }

    func testAFeedThatNeverLoadedGetsAnErrorPageAndIsRetried() async throws {
        let server = try LocalHTTPServer { _ in .json("down", status: 503) }
        defer { server.stop() }
        let output = TestSupport.temporaryFolder().appendingPathComponent("Output")
        let job = Job(title: "Watch", output: output, reports: [NextToGoTest.spec(.url(server.url("/feed")))])
        var watch = watcher(job, clock: ManualClock(t0), lines: ReportedLines())
        let start = await watch.act()
        XCTAssertEqual(start.result?.exitCode, 1)
        XCTAssertTrue(TestSupport.read(output.appendingPathComponent("next-to-go/index.html")).contains("HTTP 503"))

        let foxtrot = NextToGoTest.feedJSON(NextToGoTest.races("Foxtrot", count: 6, first: t0 + 60))
        server.respond { _ in .json(foxtrot) }
        let retriedStep = await watch.step()
        let retried = try XCTUnwrap(retriedStep)
        XCTAssertEqual(retried.at, t0 + 5)
        XCTAssertEqual(retried.reasons, [.retry(attempt: 2)])
        XCTAssertEqual(retried.result?.exitCode, 0)
        XCTAssertEqual(try first(output), "Foxtrot R1")
    }

    func testRebuildsWhenTheInputFileChanges() async throws {
        let folder = TestSupport.temporaryFolder()
        let feed = folder.appendingPathComponent("feed.json")
        TestSupport.writeFile(NextToGoTest.feedJSON(NextToGoTest.races("Golf", count: 6, first: t0 + 600)), to: feed)
        let output = folder.appendingPathComponent("Output")
        let job = Job(title: "Watch", output: output, reports: [NextToGoTest.spec(.file(feed))])
        let clock = ManualClock(t0)
        var watch = watcher(job, clock: clock, lines: ReportedLines(), poll: 1)
        _ = await watch.act()

        let quietStep = await watch.step()
        let quiet = try XCTUnwrap(quietStep)
        XCTAssertEqual(quiet.at, t0 + 1)
        XCTAssertEqual(quiet.reasons, [], "nothing changed, nothing rebuilt")
        XCTAssertNil(quiet.result)

        TestSupport.writeFile(NextToGoTest.feedJSON(NextToGoTest.races("Hotel", count: 6, first: t0 + 600)), to: feed)
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSince1970: 1_000)], ofItemAtPath: feed.path)
        let changedStep = await watch.step()
        let changed = try XCTUnwrap(changedStep)
        XCTAssertEqual(changed.at, t0 + 2)
        XCTAssertEqual(changed.reasons, [.inputChanged("feed.json")])
        XCTAssertEqual(try first(output), "Hotel R1")
    }

    func testAChangedJobFileIsReadAgain() async throws {
        let folder = TestSupport.temporaryFolder()
        TestSupport.writeFile(
            NextToGoTest.feedJSON(NextToGoTest.races("India", count: 6, first: t0 + 600)),
            to: folder.appendingPathComponent("feed.json"))
        let jobFile = folder.appendingPathComponent("job.yml")
        func writeJob(_ title: String) {
            TestSupport.writeFile(
                "title: \(title)\nreports:\n  - kind: next-to-go\n    input: feed.json\n", to: jobFile)
        }
        writeJob("First title")
        let reload: @Sendable () throws(BuildError) -> Job = { try JobFileLoader().load(jobFile) }
        var watch = watcher(try reload(), clock: ManualClock(t0), lines: ReportedLines(), poll: 1, reload: reload)
        _ = await watch.act()
        XCTAssertTrue(TestSupport.read(folder.appendingPathComponent("Output/index.html")).contains("First title"))

        writeJob("Second title")
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSince1970: 1_000)], ofItemAtPath: jobFile.path)
        let stepStep = await watch.step()
        let step = try XCTUnwrap(stepStep)
        XCTAssertEqual(step.reasons, [.jobChanged])
        XCTAssertTrue(TestSupport.read(folder.appendingPathComponent("Output/index.html")).contains("Second title"))
    }

    func testACancelledWatchStopsWithoutBuilding() async throws {
        let folder = TestSupport.temporaryFolder()
        let feed = folder.appendingPathComponent("feed.json")
        TestSupport.writeFile(NextToGoTest.feedJSON(NextToGoTest.races("Juliett", count: 6, first: t0 + 60)), to: feed)
        let job = Job(
            title: "Watch", output: folder.appendingPathComponent("Output"), reports: [NextToGoTest.spec(.file(feed))])
        let lines = ReportedLines()
        let watch = watcher(job, clock: ManualClock(t0), lines: lines)
        let task = Task {
            var watch = watch
            withUnsafeCurrentTask { $0?.cancel() }
            await watch.run()
        }
        await task.value
        XCTAssertEqual(lines.all("progress").count, 0)
    }
}
