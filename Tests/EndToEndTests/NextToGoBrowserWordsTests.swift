import Foundation
import XCTest
import GazetteBuildTestSupport
import GazetteTestSupport
import Jobs
@testable import SiteBuild
import Racing
import Reports
import Localization

/// A next-to-go page in another language, in a real browser (headless Chromium): `countdown.js`
/// ticks with the words the page hands it (`data-words`), as the build wrote them.
final class NextToGoBrowserWordsTests: XCTestCase {
    private let built: Int64 = 1_700_000_000  // 2023-11-14 22:13:20 UTC

    private var races: [NextToGoTest.Race] {
        [
            ("Ashgrove", 30), ("Birchmoor", 200), ("Cobbles End", 300), ("Dunmore", 570), ("Elmswood", 700),
            ("Fernhill", 900), ("Glenrock", 4000), ("Hollowmere", 8000), ("Ivybridge", 9500)
        ]
        .map { NextToGoTest.Race(meeting: $0.0, number: 1, start: built + $0.1) }
    }

    private func page(locale: String) async throws -> URL {
        let feed = TestSupport.temporaryFolder().appendingPathComponent("feed.json")
        TestSupport.writeFile(NextToGoTest.feedJSON(races), to: feed)
        let output = TestSupport.temporaryFolder().appendingPathComponent("Output")
        var options = BuildOptions(now: Date(timeIntervalSince1970: TimeInterval(built)), jobs: 2)
        options.readers.locale = try! ReaderLocale(locale)
        let job = Job(title: "Test site", output: output, reports: [NextToGoTest.spec(.file(feed))])
        let result = await Pipeline(job: job, options: options).run()
        XCTAssertEqual(result.exitCode, 0, result.summaryLine)
        return output.appendingPathComponent("next-to-go/index.html")
    }

    private func status(_ dom: String) -> String {
        guard let start = dom.range(of: #"<p class="ntg-status" role="status">"#) else { return "?" }
        return String(dom[start.upperBound...].prefix { $0 != "<" })
    }

    func testAGermanPageTicksInGerman() async throws {
        let browser = try HeadlessChromium()
        let page = try await page(locale: "de-DE")
        let german = CountdownText(try TextConventions(locale: "de-DE", timeZone: "UTC").words)
        XCTAssertTrue(TestSupport.read(page).contains("data-words=\""), "the page hands the script its words")

        let reader = built + 600
        let dom = try browser.dom(try HeadlessChromium.withClock(page, at: reader, name: "later.html"), budget: 400)
        XCTAssertTrue(dom.contains(#"data-live="true""#), "the script ran")
        XCTAssertEqual(
            NextToGoTest.shownRows(dom),
            [
                "Dunmore R1 -30 Sek.", "Elmswood R1 1 Min. 40 Sek.", "Fernhill R1 5 Min.", "Glenrock R1 56 Min.",
                "Hollowmere R1 2 Std. 3 Min."
            ])
        for race in races where race.start - reader >= -60 {
            let text = german.format(seconds: race.start - reader)
            XCTAssertTrue(
                dom.contains(">\(text)</time>"), "\(race.meeting): the script writes \(text) as the build does")
        }
        XCTAssertTrue(dom.contains("Dunmore, Rennen 1, Galopprennen, vor 30 Sekunden gestartet."))
        XCTAssertTrue(dom.contains("Elmswood, Rennen 1, Galopprennen, startet in 1 Minute und 40 Sekunden."))

        let fewer = try browser.dom(
            try HeadlessChromium.withClock(page, at: built + 8100, name: "fewer.html"), budget: 400)
        XCTAssertEqual(NextToGoTest.shownRows(fewer), ["Ivybridge R1 23 Min."])
        XCTAssertTrue(status(fewer).hasPrefix("Nur noch 1 der beim Erstellen ("), status(fewer))
        XCTAssertTrue(status(fewer).hasSuffix(") gelisteten Rennen ausstehend."), status(fewer))
    }

    func testAJapanesePageCountsInJapanese() async throws {
        let browser = try HeadlessChromium()
        let page = try await page(locale: "ja-JP")
        let dom = try browser.dom(
            try HeadlessChromium.withClock(page, at: built + 600, name: "later.html"), budget: 400)
        XCTAssertEqual(
            NextToGoTest.shownRows(dom),
            ["Dunmore 1R -30秒", "Elmswood 1R 1分40秒", "Fernhill 1R 5分", "Glenrock 1R 56分", "Hollowmere 1R 2時間3分"])
        XCTAssertTrue(dom.contains("Elmswood 1R、競馬、1分40秒後に発走。"))
        let none = try browser.dom(
            try HeadlessChromium.withClock(page, at: built + 86_400, name: "none.html"), budget: 400)
        XCTAssertTrue(status(none).hasPrefix("発走前のレースはもうありません。"), status(none))
    }
}
