import Foundation
import GazetteTestSupport
import XCTest
@testable import SiteBuild
@testable import GazetteCore
@testable import Jobs
@testable import Loading
@testable import Reports

/// `gazette watch` on a race card read from a URL (issue 53): the card is fetched again when it
/// reaches the report's `max-age`, so a morning's watch records each price move in the history.
final class RaceCardWatcherTests: XCTestCase {
    private let t0: Int64 = 1_795_820_000
    private let quick = FetchPolicy(timeout: 2, retries: 0, backoff: 0)

    /// A Neds race response with Saltbush at `price` and Mallee Run steady at 2.5.
    private static func response(_ price: Double) -> String {
        """
        {"header": {}, "params": {}, "data": {"race": {"meeting_name": "Wattle Park", "description": "Wattle Park Sprint",
          "advertised_start": 1795831500, "distance": 1200},
         "runners": [{"name": "Saltbush", "runner_number": 1, "odds": {"fixed_win": \(price)}},
                     {"name": "Mallee Run", "runner_number": 2, "odds": {"fixed_win": 2.5}}]}}
        """
    }

    private func saltbush(_ output: URL) throws -> [String: Any] {
        let data = try Data(contentsOf: output.appendingPathComponent("races/report.json"))
        let report = try JSONSerialization.jsonObject(with: data) as! [String: Any]
        let race = (report["races"] as! [[String: Any]])[0]
        return (race["runners"] as! [[String: Any]]).first { $0["cloth"] as? Int == 1 }!
    }

    func testAFetchedCardIsReadAgainAtItsMaxAgeAndRemembersEachMove() async throws {
        let server = try LocalHTTPServer { _ in .json(Self.response(6.0)) }
        defer { server.stop() }
        let output = TestSupport.temporaryFolder().appendingPathComponent("Output")
        let spec = ReportSpec(
            title: "Races", sources: [.url(server.url("/racing/events/wp-r3"))],
            options: .raceCard(RaceCardOptions(maxAge: 600)))
        let job = Job(title: "Watch", output: output, reports: [spec])
        let clock = ManualClock(t0)
        let lines = ReportedLines()
        var watch = Watcher(
            job: job,
            options: WatchOptions(
                build: BuildOptions(now: Date(timeIntervalSince1970: 0), jobs: 2), fetch: quick,
                policy: WatchPolicy(pollInterval: 3600)),
            clock: clock, reporter: lines.reporter)

        let start = await watch.act()
        XCTAssertEqual(start.result?.exitCode, 0)
        XCTAssertEqual(server.requests.count, 1)

        // The price shortens; at max-age the card is fetched again and the move is remembered.
        server.respond { _ in .json(Self.response(4.8)) }
        let firstStep = await watch.step()
        let first = try XCTUnwrap(firstStep)
        XCTAssertEqual(first.at, t0 + 600)
        XCTAssertEqual(first.reasons, [.reload(.stale(age: 600))])
        XCTAssertEqual(server.requests.count, 2)

        server.respond { _ in .json(Self.response(4.2)) }
        let secondStep = await watch.step()
        XCTAssertEqual(try XCTUnwrap(secondStep).at, t0 + 1200)
        let runner = try saltbush(output)
        XCTAssertEqual((runner["prices"] as! [[String: Any]]).map { $0["odds"] as! String }, ["6.0", "4.8", "4.2"])
        XCTAssertEqual(runner["openingOdds"] as? String, "6.0")
        // 1/4.2 − 1/6 = 5/70 … = 7.14 points.
        XCTAssertEqual(runner["move"] as! Double, (1 / 4.2 - 1 / 6.0) * 100, accuracy: 1e-9)
    }

    /// A card file (issue 64): the watch rebuilds when a race goes off, so the race's page turns
    /// to "result pending" and the featured race moves on to the next to start.
    func testAWatchedCardFileIsRebuiltWhenARaceGoesOff() async throws {
        let folder = TestSupport.temporaryFolder()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let card = folder.appendingPathComponent("card.json")
        try FileManager.default.copyItem(at: TestSupport.fixture("race-card-neds-results.json"), to: card)
        let output = folder.appendingPathComponent("Output")
        let spec = ReportSpec(title: "Races", sources: [.file(card)], options: .raceCard(RaceCardOptions()))
        // 03:05 UTC: Gum Flat R3 (04:05) is the only race still to run; R4 (04:35) is abandoned.
        let clock = ManualClock(1_795_835_100)
        var watch = Watcher(
            job: Job(title: "Watch", output: output, reports: [spec]),
            options: WatchOptions(
                build: BuildOptions(now: Date(timeIntervalSince1970: 0), jobs: 2), fetch: quick,
                policy: WatchPolicy(pollInterval: 36_000)),
            clock: clock, reporter: ReportedLines().reporter)
        let start = await watch.act()
        XCTAssertEqual(start.result?.exitCode, 0)
        let index = output.appendingPathComponent("races/index.html")
        XCTAssertTrue(TestSupport.read(index).contains("<h2 id=\"featured-title\"><a href=\"0405-gum-flat-cup.html\">"))
        let next = await watch.step()
        let step = try XCTUnwrap(next)
        XCTAssertEqual(step.at, 1_795_838_700, "at R3's start")
        XCTAssertEqual(step.reasons, [.changed("04:05 UTC Gum Flat is off")])
        let cup = TestSupport.read(output.appendingPathComponent("races/0405-gum-flat-cup.html"))
        XCTAssertTrue(cup.contains("<h2 id=\"result-title\">Result pending</h2>"))
        XCTAssertTrue(TestSupport.read(index).contains("Every race is off: the last to start is featured."))
    }
}
