import Foundation
import Racing
import GazetteTestSupport
import XCTest
@testable import Publishing
@testable import GazetteCore
@testable import Jobs

/// Whole builds of the recorded race cards (SPEC §6), checked through report.json and the pages.
final class RaceCardReportTests: XCTestCase {
    func testTenRaceCardRaceOneOrderings() async throws {
        let site = try await RaceCardSite.build(sample: "racecard_10_races.json")
        XCTAssertEqual(site.result.exitCode, 0, site.result.summaryLine)
        let races = try site.races()
        XCTAssertEqual(races.count, 10)

        let first = races[0]
        XCTAssertEqual(first["time"] as? String, "18:10")
        XCTAssertEqual(first["course"] as? String, "Woodbine")
        XCTAssertEqual(first["title"] as? String, "Woodbine")
        XCTAssertEqual(first["date"] as? String, "2017-12-15")
        XCTAssertEqual(first["byOdds"] as? [Int], [1, 4, 10, 13, 9, 6, 14, 3])
        XCTAssertEqual(first["byForm"] as? [Int], [9, 1, 13, 4, 6, 10, 3, 14])
        XCTAssertEqual(first["byCloth"] as? [Int], [1, 3, 4, 6, 9, 10, 13, 14])
        XCTAssertEqual(first["nonRunners"] as? [Int], [])
        XCTAssertEqual(first["favourite"] as? Int, 1)

        let runners = try XCTUnwrap(first["runners"] as? [[String: Any]])
        XCTAssertEqual(runners.map { $0["cloth"] as? Int }, [1, 3, 4, 6, 9, 10, 13, 14])
        let osculation = runners[0]
        XCTAssertEqual(osculation["horse"] as? String, "Osculation")
        XCTAssertEqual(osculation["odds"] as? String, "13/8")
        XCTAssertEqual(try XCTUnwrap(osculation["probability"] as? Double), 8.0 / 21.0, accuracy: 1e-15)
        XCTAssertEqual(osculation["form"] as? String, "325433")
        XCTAssertEqual(osculation["formScore"] as? Double, 3.33)
    }

    func testTenRaceCardBuildsEveryRaceInStartOrder() async throws {
        let site = try await RaceCardSite.build(sample: "racecard_10_races.json")
        let races = try site.races()
        XCTAssertEqual(
            races.map { $0["time"] as? String },
            ["18:10", "18:38", "19:07", "19:37", "20:11", "20:41", "21:11", "21:45", "22:18", "22:51"])
        XCTAssertEqual(try site.reportJSON()["raceOrder"] as? String, "start")
        // Woodbine races twice: two pages, two names.
        let pages = races.compactMap { $0["page"] as? String }
        XCTAssertEqual(pages.first, "1810-woodbine.html")
        XCTAssertEqual(pages.last, "2251-woodbine.html")
        XCTAssertEqual(Set(pages).count, 10)
        for page in pages {
            XCTAssertTrue(site.files.contains("\(site.slug)/\(page)"), page)
            let stem = page.dropLast(".html".count)
            for file in ["light.svg", "dark.svg", "light.png", "light@2x.png", "dark.png", "dark@2x.png"] {
                XCTAssertTrue(site.files.contains("\(site.slug)/charts/market-\(stem)-\(file)"), "\(stem) \(file)")
            }
        }
        // The report page lists them all, in start order, each linking to its page.
        let index = try site.page("index.html")
        var cursor = index.startIndex
        for page in pages {
            let link = try XCTUnwrap(index.range(of: "href=\"\(page)\"", range: cursor..<index.endIndex), page)
            cursor = link.upperBound
        }
    }

    func testThreeRaceCardGivesThreeRaces() async throws {
        let site = try await RaceCardSite.build(sample: "racecard_3_races.json")
        XCTAssertEqual(site.result.exitCode, 0, site.result.summaryLine)
        let races = try site.races()
        XCTAssertEqual(races.count, 3)
        XCTAssertEqual(races.map { ($0["byCloth"] as? [Int])?.count }, [8, 6, 4])
        XCTAssertEqual(races.last?["time"] as? String, "19:07")
    }

    func testSingleRaceObjectListsTheWithdrawnRideOnlyAsANonRunner() async throws {
        let site = try await RaceCardSite.build(sample: "racecard_single_race_object.json")
        XCTAssertEqual(site.result.exitCode, 0, site.result.summaryLine)
        let races = try site.races()
        XCTAssertEqual(races.count, 1)
        let race = races[0]
        XCTAssertEqual(race["title"] as? String, "Maiden Plate (F & M)")
        XCTAssertEqual(race["nonRunners"] as? [Int], [3])
        for key in ["byOdds", "byForm", "byCloth"] {
            let order = try XCTUnwrap(race[key] as? [Int], key)
            XCTAssertFalse(order.contains(3), key)
            XCTAssertEqual(order.count, 7, key)
        }
        XCTAssertEqual(race["byCloth"] as? [Int], [1, 5, 6, 9, 10, 13, 14])
        XCTAssertEqual(race["favourite"] as? Int, 1)
        let runners = try XCTUnwrap(race["runners"] as? [[String: Any]])
        XCTAssertFalse(runners.contains { $0["cloth"] as? Int == 3 })
        let withdrawn = try XCTUnwrap(race["withdrawn"] as? [[String: Any]])
        XCTAssertEqual(withdrawn.map { $0["horse"] as? String }, ["Brighton Belle"])
        // Ages come from `foaled` (2017 − 2013).
        XCTAssertEqual(runners.first { $0["cloth"] as? Int == 5 }?["age"] as? Int, 4)

        // On the page: after the runners in every order, struck through, and said in words.
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

    // MARK: - Featured race

    func testFeaturedRaceIsReproducibleWithASeed() async throws {
        let early = try await RaceCardSite.build(
            sample: "racecard_10_races.json", seed: 3, now: Date(timeIntervalSince1970: 1_000_000))
        let late = try await RaceCardSite.build(
            sample: "racecard_10_races.json", seed: 3, now: Date(timeIntervalSince1970: 1_700_000_000))
        let featured = try XCTUnwrap(try early.reportJSON()["featured"] as? Int)
        XCTAssertEqual(try late.reportJSON()["featured"] as? Int, featured)

        // It indexes start order and agrees with the Racing module's pick.
        let card = try RaceCard.decode(from: Data(contentsOf: try TestSupport.sharedData("racecard_10_races.json")))
        let expected = FeaturedRacePicker.pick(in: card.racesInStartOrder, seed: 3, now: .distantPast)
        XCTAssertEqual(featured, expected)

        // The report page puts it on top, with its favourite.
        let race = try early.races()[featured]
        let index = try early.page("index.html")
        let heading = "\(race["time"] as! String) \(race["course"] as! String)"
        let panel = try XCTUnwrap(index.range(of: "Featured race"))
        let list = try XCTUnwrap(index.range(of: "<h2 id=\"races-title\">"))
        XCTAssertLessThan(panel.lowerBound, list.lowerBound)
        XCTAssertTrue(index[panel.lowerBound..<list.lowerBound].contains(heading), heading)
        XCTAssertTrue(index[panel.lowerBound..<list.lowerBound].contains("Favourite"))
        XCTAssertTrue(index.contains("Featured race picked with seed 3."))
    }

    func testWithoutASeedTheFeaturedRaceHoldsForTheHour() async throws {
        let hourStart = 1_699_999_200.0  // a whole UTC hour
        var picks: [Int?] = []
        for offset in [0.0, 1_800, 3_599] {
            let site = try await RaceCardSite.build(
                sample: "racecard_10_races.json", seed: nil,
                now: Date(timeIntervalSince1970: hourStart + offset))
            picks.append(try site.reportJSON()["featured"] as? Int)
        }
        XCTAssertEqual(Set(picks.map { $0 ?? -1 }).count, 1, "\(picks)")
        let card = try RaceCard.decode(from: Data(contentsOf: try TestSupport.sharedData("racecard_10_races.json")))
        XCTAssertEqual(
            picks[0],
            FeaturedRacePicker.pick(
                in: card.racesInStartOrder, seed: nil,
                now: Date(timeIntervalSince1970: hourStart)))
    }

    func testFeaturedNeverFallsOnARaceWithoutRunners() async throws {
        let empty = RaceCardJSON.race(
            name: "All Out", time: "13:00",
            rides: [RaceCardJSON.ride(1, "Gone Home", odds: "2/1", extra: #""withdrawn": true"#)])
        let full = RaceCardJSON.race(
            name: "Full Field", time: "14:00", rides: [RaceCardJSON.ride(1, "Stayer", odds: "2/1")])
        for seed in UInt64(0)..<6 {
            let site = await RaceCardSite.build(json: RaceCardJSON.card([empty, full]), seed: seed)
            XCTAssertEqual(try site.reportJSON()["featured"] as? Int, 1, "seed \(seed)")
            XCTAssertEqual(site.result.reports[0].warnings.map(\.text), ["13:00 Testbury (2024-05-01) has no runners."])
        }
    }

    // MARK: - Errors

    func testMalformedCardNamesTheKeyPathAndFailsWithStatusOne() async throws {
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
        guard case let .text(path, line, _, _) = error.location else { return XCTFail("\(error)") }
        XCTAssertEqual(path, "card.json")
        XCTAssertEqual(line, 1)
        XCTAssertEqual(error.message, "[1].rides[1].cloth_number: expected an integer, found a string")
        // The failed report gets an error page saying so, and no report.json.
        XCTAssertTrue(try site.page("index.html").contains("[1].rides[1].cloth_number"))
        XCTAssertFalse(site.files.contains("\(site.slug)/report.json"))
    }

    func testMissingRequiredKeyIsNamed() async throws {
        let site = await RaceCardSite.build(
            json: #"{"race_summary": {"name": "R", "date": "2024-05-01"}, "rides": []}"#)
        XCTAssertEqual(site.result.exitCode, 1)
        XCTAssertEqual(site.result.reports[0].error?.location, .json(path: "card.json", keyPath: "race_summary.time"))
    }

    func testMissingFileIsAnInputError() async throws {
        let site = await RaceCardSite.build(.file(URL(fileURLWithPath: "/nonexistent/racecard.json")))
        XCTAssertEqual(site.result.exitCode, 1)
        XCTAssertEqual(site.result.reports[0].error?.kind, .input)
    }

    func testEmptyCardBuildsWithAWarning() async throws {
        let site = await RaceCardSite.build(json: "[]")
        XCTAssertEqual(site.result.exitCode, 0, site.result.summaryLine)
        XCTAssertEqual(site.result.reports[0].warnings.map(\.text), ["The race card has no races."])
        let json = try site.reportJSON()
        XCTAssertEqual((json["races"] as? [Any])?.count, 0)
        XCTAssertTrue(json["featured"] is NSNull)
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
