import Foundation
import GazetteBuildTestSupport
import GazetteKindTestSupport
import GazetteTestSupport
import XCTest
@testable import SiteBuild
@testable import GazetteCore
@testable import Rendering
@testable import Jobs

/// What the race pages show for awkward inputs: odd odds and form, hostile names, clashing races.
final class RaceCardPageTests: XCTestCase {
    /// EVS, SP, 5/0, 2.5, " 7 / 2 " and an empty form in one race.
    private let oddMarket = RaceCardJSON.card([
        RaceCardJSON.race(rides: [
            RaceCardJSON.ride(1, "Starting Price", odds: "SP"),
            RaceCardJSON.ride(2, "Zero Under", odds: "5/0"),
            RaceCardJSON.ride(3, "Decimal Dan", odds: "2.5"),
            RaceCardJSON.ride(4, "Spaced Out", odds: " 7 / 2 "),
            RaceCardJSON.ride(5, "Even Stevens", odds: "EVS", form: "")
        ])
    ])

    func testOddOddsAndEmptyFormOnThePage() async throws {
        let site = await RaceCardSite.build(json: oddMarket)
        let page = try site.racePage(0)
        let rows = runnerRows(page, table: "by-odds")
        XCTAssertEqual(rows.count, 5)
        func cells(_ row: String) -> [String] {
            // The text of each cell, inner tags removed.
            let cell = try! NSRegularExpression(pattern: "<t[dh][^>]*>(.*?)</t[dh]>")
            let tag = try! NSRegularExpression(pattern: "<[^>]*>")
            return cell.matches(in: row, range: NSRange(row.startIndex..., in: row)).map { match in
                let inner = String(row[Range(match.range(at: 1), in: row)!])
                return tag.stringByReplacingMatches(
                    in: inner, range: NSRange(inner.startIndex..., in: inner), withTemplate: "")
            }
        }
        // The rows' values are checked on the page context (ReportsTests' RaceCardReportTests); the
        // table shows them in its columns: No., Horse, Odds, Implied, Form, Form score, Age, Days since run.
        XCTAssertEqual(cells(rows[0]), ["5", "Even Stevens Favourite", "EVS", "50%", "—", "—", "4", "12"])
        XCTAssertEqual(cells(rows[2]), ["4", "Spaced Out", "7 / 2", "22.2%", "123", "2.00", "4", "12"])
        // The favourite line is marked up, and the chart's words are its alternative text.
        XCTAssertTrue(
            page.contains(
                "<strong>Even Stevens</strong> <span class=\"muted\">(no. 5)</span> at <strong>EVS</strong>, an implied chance of 50%"
            ))
        XCTAssertTrue(
            page.contains(
                "alt=\"Implied win chances: 5 Even Stevens 50% (EVS), 3 Decimal Dan 40% (2.5), 4 Spaced Out 22.2% (7 / 2); unpriced: 1 Starting Price (SP), 2 Zero Under (5/0).\""
            ))
    }

    func testARaceWithNobodyPricedHasNoFavourite() async throws {
        let json = RaceCardJSON.card([
            RaceCardJSON.race(rides: [
                RaceCardJSON.ride(2, "Second", odds: "SP"), RaceCardJSON.ride(1, "First", odds: "")
            ])
        ])
        let site = await RaceCardSite.build(json: json)
        let page = try site.racePage(0)
        XCTAssertTrue(page.contains("none: no runner is priced yet"))
        XCTAssertFalse(page.contains("race-is-favourite"))
        XCTAssertTrue(try site.page("index.html").contains("<td class=\"race-col-wide\">—</td></tr>"))
    }

    func testTheThreeOrdersAreReachableWithoutScript() async throws {
        let site = try await RaceCardSite.build(sample: "racecard_10_races.json")
        let page = try site.racePage(0)
        // The one script a race page loads only says `Result pending` once the reader's clock
        // passes a start; the orders are plain links.
        XCTAssertEqual(page.components(separatedBy: "<script").count, 2)
        XCTAssertTrue(page.contains("<script src=\"../assets/racecard.js\" defer></script>"))
        for id in ["by-odds", "by-form", "by-cloth"] {
            XCTAssertTrue(page.contains("<section class=\"ordering\" id=\"\(id)\""), id)
            XCTAssertTrue(page.contains("<a href=\"#\(id)\""), id)
        }
        func clothOrder(_ table: String) -> [String] {
            runnerRows(page, table: table).map { row in
                let start = row.range(of: "<td class=\"num\">")!.upperBound
                return String(row[start...].prefix { $0 != "<" })
            }
        }
        XCTAssertEqual(clothOrder("by-odds"), ["1", "4", "10", "13", "9", "6", "14", "3"])
        XCTAssertEqual(clothOrder("by-form"), ["9", "1", "13", "4", "6", "10", "3", "14"])
        XCTAssertEqual(clothOrder("by-cloth"), ["1", "3", "4", "6", "9", "10", "13", "14"])
        // Each table sits in the scrolling wrapper so it never widens a phone's page; the wrapper
        // is a named region that takes keyboard focus, so it scrolls without a pointer.
        for title in ["Runners by odds", "Runners by form", "Runners by cloth number"] {
            let wrapper =
                "<div class=\"table-scroll\" role=\"region\" aria-label=\"\(title) (table)\" tabindex=\"0\">\n<table class=\"runners\">"
            XCTAssertEqual(page.components(separatedBy: wrapper).count - 1, 1, title)
        }
    }

    // MARK: - Hostile input

    func testHostileNamesAreEscapedAndSlugsStaySafe() async throws {
        let hostile = "<img src=x onerror=alert(1)>"
        let json = RaceCardJSON.card([
            RaceCardJSON.race(
                name: "<script>alert(2)</script>", course: "../../etc", time: "18:10",
                rides: [
                    RaceCardJSON.ride(1, hostile, odds: "2/1"),
                    RaceCardJSON.ride(2, "Plain \"Quoted\" & Co", odds: "<b>3/1</b>")
                ])
        ])
        let site = await RaceCardSite.build(json: json)
        XCTAssertEqual(site.result.exitCode, 0, site.result.summaryLine)

        // Only slugged names, all inside the output folder.
        let outsiders = site.files.filter {
            !$0.hasPrefix("\(site.slug)/") && !$0.hasPrefix("assets/") && !$0.hasPrefix("search/")
        }
        XCTAssertEqual(outsiders, ["favicon.svg", "feed.xml", "freshness.json", "index.html", "manifest.json"])
        let page = try XCTUnwrap(try site.races().first?.page)
        XCTAssertEqual(page, "1810-etc-script-alert-2-script.html")
        for file in site.files where file.hasPrefix("\(site.slug)/") {
            let name = file.dropFirst(site.slug.count + 1).split(separator: "/").last!
            let stem = name.split(separator: ".").first!
            XCTAssertTrue(
                stem.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" || $0 == "@" }, file
            )
        }
        let parent = site.output.deletingLastPathComponent()
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: parent.path).sorted(), ["Output"])

        // Escaped text on every page, in the SVG and in the data.
        for html in [try site.page(page), try site.page("index.html")] {
            XCTAssertFalse(html.contains(hostile))
            XCTAssertFalse(html.contains("<script>alert(2)"))
            XCTAssertFalse(html.contains("<b>3/1</b>"))
        }
        let racePage = try site.page(page)
        XCTAssertTrue(racePage.contains("&lt;img src=x onerror=alert(1)&gt;"))
        XCTAssertTrue(racePage.contains("Plain &quot;Quoted&quot; &amp; Co"))
        XCTAssertTrue(racePage.contains("&lt;b&gt;3/1&lt;/b&gt;"))
        XCTAssertTrue(try site.page("index.html").contains("&lt;script&gt;alert(2)&lt;/script&gt;"))
        let svg = try site.page("charts/market-1810-etc-script-alert-2-script.svg")
        XCTAssertFalse(svg.contains(hostile))
        XCTAssertTrue(svg.contains("&lt;img src=x onerror=alert(1)&gt;"))
        let data = try String(
            contentsOf: site.output.appendingPathComponent("\(site.slug)/report.json"), encoding: .utf8)
        XCTAssertFalse(data.contains("<img"))
        XCTAssertEqual(try site.races()[0].runners.first?.horse, hostile)
    }

    func testRacePagesLinkToTheirNeighbours() async throws {
        let site = try await RaceCardSite.build(sample: "racecard_3_races.json")
        let first = try site.racePage(0)
        let middle = try site.racePage(1)
        XCTAssertFalse(first.contains("rel=\"prev\""))
        XCTAssertTrue(first.contains("<a rel=\"next\" href=\"1838-woodbine.html\">Next race: 18:38 UTC Woodbine →</a>"))
        XCTAssertTrue(
            middle.contains("<a rel=\"prev\" href=\"1810-woodbine.html\">← Previous race: 18:10 UTC Woodbine</a>"))
        XCTAssertTrue(middle.contains("<a rel=\"next\" href=\"1907-woodbine.html\">"))
    }
}
