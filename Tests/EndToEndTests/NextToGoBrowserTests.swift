import Foundation
import XCTest
import GazetteBuildTestSupport
import GazetteTestSupport
@testable import SiteBuild
import Racing

/// A next-to-go page as a reader meets it: built by a scheduled build, opened in a real browser
/// (headless Chromium) some minutes later. The countdowns count from the reader's clock, races
/// gone by then are dropped, the races the page held back are revealed, and a page whose races
/// have all gone says so with the build's time.
final class NextToGoBrowserTests: XCTestCase {
    private let built: Int64 = 1_700_000_000  // 2023-11-14 22:13:20 UTC

    /// Nine horse races: the page shows the first five at the build and holds four back.
    private var races: [NextToGoTest.Race] {
        [
            ("Ashgrove", 30), ("Birchmoor", 200), ("Cobbles End", 300), ("Dunmore", 570), ("Elmswood", 700),
            ("Fernhill", 900), ("Glenrock", 4000), ("Hollowmere", 8000), ("Ivybridge", 9500)
        ]
        .map { NextToGoTest.Race(meeting: $0.0, number: 1, start: built + $0.1) }
    }

    private func page() async throws -> URL {
        let feed = TestSupport.temporaryFolder().appendingPathComponent("feed.json")
        TestSupport.writeFile(NextToGoTest.feedJSON(races), to: feed)
        let (result, folder) = await NextToGoTest.build(NextToGoTest.spec(.file(feed)), now: built)
        XCTAssertEqual(result.exitCode, 0, result.summaryLine)
        return folder.appendingPathComponent("index.html")
    }

    /// The rows on show after the script ran: "Dunmore R1 -30s".
    private func shown(_ dom: String) -> [String] {
        XCTAssertTrue(dom.contains(#"data-live="true""#), "the script ran")
        return NextToGoTest.shownRows(dom)
    }

    private func status(_ dom: String) -> String {
        guard let start = dom.range(of: #"<p class="ntg-status" role="status">"#) else { return "?" }
        return String(dom[start.upperBound...].prefix { $0 != "<" })
    }

    func testAPageOpenedTenMinutesAfterItsBuildCountsFromTheReadersClock() async throws {
        let browser = try HeadlessChromium()
        let built = try await page()
        XCTAssertEqual(
            NextToGoTest.shownRows(TestSupport.read(built)),
            ["Ashgrove R1 30s", "Birchmoor R1 3m 20s", "Cobbles End R1 5m", "Dunmore R1 9m", "Elmswood R1 11m"],
            "without script the page reads as of the build")

        let reader = self.built + 600
        let dom = try browser.dom(try HeadlessChromium.withClock(built, at: reader, name: "later.html"), budget: 400)
        XCTAssertEqual(
            shown(dom),
            ["Dunmore R1 -30s", "Elmswood R1 1m 40s", "Fernhill R1 5m", "Glenrock R1 56m", "Hollowmere R1 2h 3m"])
        for race in races where race.start - reader >= -60 && race.meeting != "Ivybridge" {
            let text = Countdown.format(seconds: race.start - reader)
            XCTAssertTrue(
                dom.contains(">\(text)</time>"), "\(race.meeting): the script writes \(text) as Countdown.swift does")
        }
        for gone in ["Ashgrove", "Birchmoor", "Cobbles End"] {
            XCTAssertFalse(
                dom.contains("data-label=\"\(gone) race 1,"), "\(gone) started over a minute before the reader came")
        }
        XCTAssertTrue(dom.contains("Dunmore race 1, horse racing, started 30 seconds ago."))
        XCTAssertTrue(dom.contains("Elmswood race 1, horse racing, starts in 1 minute 40 seconds."))
        XCTAssertEqual(
            NextToGoTest.rows(dom).filter(\.hidden).map(\.text), ["Ivybridge R1 2h 28m"], "the sixth stays held back")
        XCTAssertEqual(status(dom), "", "five races on show")
    }

    func testTheCountdownsTickEverySecond() async throws {
        let browser = try HeadlessChromium()
        let later = try HeadlessChromium.withClock(try await page(), at: built + 640, name: "ticking.html")
        // 2.5 s of virtual time: the reader's clock has moved on by two whole seconds.
        let dom = try browser.dom(later, budget: 2500)
        XCTAssertEqual(shown(dom).prefix(2), ["Elmswood R1 58s", "Fernhill R1 4m 18s"])
        XCTAssertFalse(dom.contains("data-label=\"Dunmore race 1,"), "Dunmore left at its start + 60 s")
    }

    func testARunOutPageSaysSoWithTheBuildsTime() async throws {
        let browser = try HeadlessChromium()
        let page = try await page()
        let fewer = try browser.dom(
            try HeadlessChromium.withClock(page, at: built + 8100, name: "fewer.html"), budget: 400)
        XCTAssertEqual(shown(fewer), ["Ivybridge R1 23m"])
        XCTAssertEqual(status(fewer), "Only 1 race left of those listed at the build (22:13 UTC).")

        let none = try browser.dom(
            try HeadlessChromium.withClock(page, at: built + 86_400, name: "none.html"), budget: 400)
        XCTAssertEqual(shown(none), [])
        XCTAssertEqual(NextToGoTest.rows(none).count, 0, "every row is removed")
        XCTAssertEqual(status(none), "No races left to go: every race listed at the build (22:13 UTC) has gone.")
    }
}
