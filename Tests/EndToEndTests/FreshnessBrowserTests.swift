import Foundation
import XCTest
import GazetteBuildTestSupport
import GazetteTestSupport

/// A page that knows its own expiry (issue 68, point 4), in a real browser (headless Chromium):
/// a next-to-go page is valid for ten minutes after its feed's time. Opened on a reader's clock
/// before that, its stale banner stays hidden; after it, `freshness.js` shows it; without script
/// it still says "Valid until" in words.
final class FreshnessBrowserTests: XCTestCase {
    private let built: Int64 = 1_700_000_000  // 2023-11-14 22:13:20 UTC

    private func page() async throws -> URL {
        let races = [("Ashgrove", 30), ("Birchmoor", 2000), ("Cobbles End", 4000)].map {
            NextToGoTest.Race(meeting: $0.0, number: 1, start: built + Int64($0.1))
        }
        let feed = TestSupport.temporaryFolder().appendingPathComponent("feed.json")
        TestSupport.writeFile(NextToGoTest.feedJSON(races), to: feed)
        let (result, folder) = await NextToGoTest.build(NextToGoTest.spec(.file(feed)), now: built)
        XCTAssertEqual(result.exitCode, 0, result.summaryLine)
        return folder.appendingPathComponent("index.html")
    }

    /// The banner's opening tag in `html`.
    private func banner(_ html: String) -> String? {
        guard let start = html.range(of: "<p class=\"notice notice-stale stale-banner\"") else { return nil }
        return String(html[start.lowerBound...].prefix { $0 != ">" })
    }

    func testTheBannerShowsOnceTheReadersClockPassesValidUntil() async throws {
        let browser = try HeadlessChromium()
        let built = try await page()
        let html = TestSupport.read(built)
        XCTAssertTrue(html.contains("Valid until 14 November 2023 at 22:23 UTC."), "valid until, in words")
        XCTAssertEqual(
            banner(html),
            "<p class=\"notice notice-stale stale-banner\" role=\"status\" hidden data-valid-until=\"1700000600\"")

        let before = try browser.dom(
            try HeadlessChromium.withClock(built, at: self.built + 300, name: "early.html"), budget: 400)
        XCTAssertTrue(
            banner(before)?.contains(" hidden") ?? false, "five minutes on, still valid: \(banner(before) ?? "none")")

        let after = try browser.dom(
            try HeadlessChromium.withClock(built, at: self.built + 700, name: "late.html"), budget: 400)
        let shown = try XCTUnwrap(banner(after), "the banner is in the page")
        XCTAssertFalse(shown.contains(" hidden"), "past valid-until the script shows the banner: \(shown)")
        XCTAssertTrue(after.contains("Out of date: this page was valid until 14 November 2023 at 22:23 UTC"))

        let bare = try browser.dom(
            try HeadlessChromium.withClock(
                try HeadlessChromium.withoutScripts(built, name: "bare.html"), at: self.built + 700,
                name: "bare-late.html"),
            budget: 400)
        XCTAssertTrue(banner(bare)?.contains(" hidden") ?? false, "without script nothing moves")
        XCTAssertTrue(bare.contains("Valid until 14 November 2023 at 22:23 UTC."), "and the words say it")
    }
}
