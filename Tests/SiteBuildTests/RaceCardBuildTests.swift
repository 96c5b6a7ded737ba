import Foundation
import GazetteBuildTestSupport
import GazetteKindTestSupport
import GazetteTestSupport
import XCTest
@testable import SiteBuild
@testable import GazetteCore
@testable import Jobs

/// Whole builds of race cards: the files each race gets, what the built pages show, failures and
/// identical output. The figures are checked on the report model (ReportsTests' RaceCardReportTests).
final class RaceCardBuildTests: XCTestCase {
    func testTenRaceCardWritesEveryRacesPageAndChartLinkedInStartOrder() async throws {
        let site = try await RaceCardSite.build(sample: "racecard_10_races.json")
        XCTAssertEqual(site.result.exitCode, 0, site.result.summaryLine)
        let pages = try site.races().map(\.page)
        XCTAssertEqual(pages.count, 10)
        // The featured race's market chart is a file (the card's page and thumbnail show it too);
        // every other race's is written into its own page, the one page that shows it.
        let files = site.files.filter { $0.hasPrefix("\(site.slug)/charts/market-") }
        XCTAssertEqual(files.count, 1, "\(files)")
        for page in pages {
            XCTAssertTrue(site.files.contains("\(site.slug)/\(page)"), page)
            let stem = page.dropLast(".html".count)
            let isFile = site.files.contains("\(site.slug)/charts/market-\(stem).svg")
            XCTAssertEqual(try site.page(page).contains("<svg class=\"i"), !isFile, "\(stem)")
        }
        XCTAssertFalse(site.files.contains { $0.hasSuffix(".png") }, "a web build writes no PNG")
        for page in pages {
        }
        // The report page links them all, in start order.
        let index = try site.page("index.html")
        var cursor = index.startIndex
        for page in pages {
            let link = try XCTUnwrap(index.range(of: "href=\"\(page)\"", range: cursor..<index.endIndex), page)
            cursor = link.upperBound
        }
    }

    /// A non-runner on the page: after the runners in every order, struck through, and said in words.
    func testANonRunnerIsStruckThroughOnThePage() async throws {
        let site = try await RaceCardSite.build(sample: "racecard_single_race_object.json")
        XCTAssertEqual(site.result.exitCode, 0, site.result.summaryLine)
        let page = try site.racePage(0)
        for table in ["by-odds", "by-form", "by-cloth"] {
            let rows = runnerRows(page, table: table)
            XCTAssertEqual(rows.count, 8, table)
            XCTAssertTrue(rows.dropLast().allSatisfy { !$0.contains("non-runner") }, table)
            let last = try XCTUnwrap(rows.last)
            XCTAssertTrue(last.contains("class=\"non-runner\""), last)
            XCTAssertTrue(last.contains("<s>Brighton Belle</s>"), last)
            XCTAssertTrue(last.contains(">Non-runner<"), last)
        }
        XCTAssertTrue(page.contains("7 runners, 1 non-runner"))
    }

    /// The featured race's panel comes before the list of races.
    func testTheFeaturedRaceIsOnTopOfTheReportPage() async throws {
        let site = try await RaceCardSite.build(
            sample: "racecard_10_races.json", seed: 3, now: Date(timeIntervalSince1970: 1_000_000))
        let data = try site.reportData()
        let race = data.races[try XCTUnwrap(data.featured)]
        let index = try site.page("index.html")
        let heading = "\(race.time) UTC \(try XCTUnwrap(race.course))"
        let panel = try XCTUnwrap(index.range(of: "Featured race"))
        let list = try XCTUnwrap(index.range(of: "<h2 id=\"races-title\">"))
        XCTAssertLessThan(panel.lowerBound, list.lowerBound)
        XCTAssertTrue(index[panel.lowerBound..<list.lowerBound].contains(heading), heading)
        XCTAssertTrue(index[panel.lowerBound..<list.lowerBound].contains("Favourite"))
        XCTAssertTrue(
            index.contains("Every race is off: the last to start is featured."), "the sample's races are weighed in")
    }

    // MARK: - Errors

    func testAMalformedCardFailsWithStatusOneAndAnErrorPage() async throws {
        let bad = RaceCardJSON.card([
            RaceCardJSON.race(rides: [RaceCardJSON.ride(1, "Fine", odds: "2/1")]),
            RaceCardJSON.race(
                time: "15:00",
                rides: [
                    RaceCardJSON.ride(1, "Fine", odds: "2/1"),
                    #"{"cloth_number": "two", "horse": {"name": "Odd"}}"#
                ])
        ])
        let site = await RaceCardSite.build(json: bad)
        XCTAssertEqual(site.result.exitCode, 1)
        let error = try XCTUnwrap(site.result.reports[0].error)
        XCTAssertEqual(error.kind, .input)
        XCTAssertEqual(error.message, "[1].rides[1].cloth_number: expected an integer, found a string")
        // The failed report gets an error page saying so, and no report.json.
        XCTAssertTrue(try site.page("index.html").contains("[1].rides[1].cloth_number"))
        XCTAssertFalse(site.files.contains("\(site.slug)/report.json"))
    }

    func testMissingFileIsAnInputError() async throws {
        let site = await RaceCardSite.build(.file(URL(fileURLWithPath: "/nonexistent/racecard.json")))
        XCTAssertEqual(site.result.exitCode, 1)
        XCTAssertEqual(site.result.reports[0].error?.kind, .input)
    }

    func testAnEmptyCardBuildsAndItsPageSaysSo() async throws {
        let site = await RaceCardSite.build(json: "[]")
        XCTAssertEqual(site.result.exitCode, 0, site.result.summaryLine)
        XCTAssertEqual(site.result.reports[0].warnings.map(\.text), ["The race card has no races."])
        XCTAssertEqual(try site.races().count, 0)
        XCTAssertTrue(try site.page("index.html").contains("This card lists no races."))
    }

    // MARK: - Determinism

    func testSameInputsGiveIdenticalFiles() async throws {
        let first = try await RaceCardSite.build(sample: "racecard_10_races.json")
        let second = try await RaceCardSite.build(sample: "racecard_10_races.json")
        let a = TestSupport.snapshot(first.output)
        let b = TestSupport.snapshot(second.output)
        XCTAssertEqual(a.keys.sorted(), b.keys.sorted())
        for (path, bytes) in a { XCTAssertEqual(bytes, b[path], path) }
    }
}
