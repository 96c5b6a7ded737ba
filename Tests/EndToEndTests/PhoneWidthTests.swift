import Foundation
import GazetteTestSupport
import XCTest

/// Every page kind of the demo site at a phone's width (390 CSS px) and a desktop's (1280) in
/// headless Chromium: no page scrolls sideways, no chart (a file's `<img>` or an `<svg>` written
/// into the page) leaves the page, no caption is cut, and what a reader came for in
/// each table (a column marked `phone-key`: the record book's 1RM, a runner's price now and its
/// move) is in view without scrolling the table.
final class PhoneWidthTests: XCTestCase {
    private static let site: Result<URL, Error> = Result {
        let folder = TestSupport.temporaryFolder()
        var environment = TestSupport.environmentWithOwnCache()
        let result = try TestSupport.run(
            try TestSupport.gazette(), ["build", "--now", "2026-12-02T12:00:00Z", "--output", "site", "--quiet"],
            environment: environment, in: folder)
        guard result.status == 0 else { throw CocoaError(.executableLoad) }
        // A meeting with results: a dead heat, dividends in two pools, a late scratching.
        let results = try TestSupport.run(
            try TestSupport.gazette(),
            [
                "build", "--race-card", TestSupport.fixture("race-card-neds-results.json").path, "--now", "1795835100",
                "--output", "site/results", "--quiet"
            ], environment: environment, in: folder)
        guard results.status == 0 else { throw CocoaError(.executableLoad) }
        return folder.appendingPathComponent("site")
    }

    /// One page of each kind, and the front page.
    private static let pages = [
        "index.html", "training-log-alex/index.html", "training-log-alex/deadlift.html", "credit-score/index.html",
        // At 12:00 the demo's first race (10:30) has its result; the 12:15 is still to run.
        "kestrel-downs-races/index.html", "kestrel-downs-races/1030-kestrel-downs-maiden-stakes.html",
        "kestrel-downs-races/1215-kestrel-downs-heron-s-reach-selling-stakes.html",
        "next-to-go/index.html", "results/race-card/0205-gum-flat-maiden-plate.html", "results/race-card/index.html"
    ]

    func testNothingACameForIsCutOffOnAPhoneOrADesktop() throws {
        let browser = try HeadlessChromium()
        let site = try Self.site.get()
        var problems: [String] = []
        for width in [390, 1280] {
            for page in Self.pages {
                let url = site.appendingPathComponent(page)
                XCTAssertTrue(FileManager.default.fileExists(atPath: url.path), page)
                problems += try browser.cutOff(url, width: width).map { "\(width) px \(page): \($0)" }
            }
        }
        XCTAssertEqual(problems, [], problems.joined(separator: "\n"))
    }

    /// The marked columns are there to be measured: the record book's 1RM; a race's dividends,
    /// price at the off, move, odds and implied chance.
    func testTheKeyColumnsAreMarked() throws {
        let site = try Self.site.get()
        let exercise = TestSupport.read(site.appendingPathComponent("training-log-alex/deadlift.html"))
        XCTAssertEqual(exercise.components(separatedBy: "phone-key").count - 1, 1)
        let race = TestSupport.read(site.appendingPathComponent("results/race-card/0205-gum-flat-maiden-plate.html"))
        XCTAssertEqual(race.components(separatedBy: #"class="phone-key""#).count - 1, 1, "the dividends")
        for heading in ["At the off", "Move", "Odds", "Implied"] {
            XCTAssertTrue(race.contains(#"<th scope="col" class="num phone-key">\#(heading)</th>"#), heading)
        }
    }
}
