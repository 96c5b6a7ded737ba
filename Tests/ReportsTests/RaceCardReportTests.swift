import Foundation
import GazetteKindTestSupport
import GazetteTestSupport
import Racing
import XCTest
@testable import GazetteCore
@testable import Reports

/// The race-card report builder on its own: the recorded cards' figures (SPEC §6) on its
/// report.json keys and page contexts, without a build.
final class RaceCardReportTests: XCTestCase {
    private func build(sample name: String, seed: UInt64? = 7, now: Date = TestSupport.fixedNow) throws
        -> ReportContent
    {
        try RaceCardKind.build(KindBuild.sample(.raceCard, name, now: now, seed: seed), options: RaceCardOptions())
    }

    private func build(json: String, seed: UInt64? = 7, now: Date = TestSupport.fixedNow) throws -> ReportContent {
        try RaceCardKind.build(
            KindBuild.text(.raceCard, name: "card.json", json, now: now, seed: seed), options: RaceCardOptions())
    }

    /// The ten-race sample with its races not yet run: its `race_stage` (`WEIGHEDIN`, a final
    /// result) taken out, so the clock alone says which are still to run.
    private func unrunTenRaces() throws -> String {
        try String(contentsOf: TestSupport.sharedData("racecard_10_races.json"), encoding: .utf8)
            .replacingOccurrences(of: "\"WEIGHEDIN\"", with: "\"DECLARED\"")
    }

    func testTenRaceCardRaceOneOrderings() throws {
        let races = try build(sample: "racecard_10_races.json").data.raceCard().races
        XCTAssertEqual(races.count, 10)

        let first = races[0]
        XCTAssertEqual(first.time, "18:10")
        XCTAssertEqual(first.course, "Woodbine")
        XCTAssertEqual(first.title, "Woodbine")
        XCTAssertEqual(first.date, "2017-12-15")
        XCTAssertEqual(first.byOdds, [1, 4, 10, 13, 9, 6, 14, 3])
        XCTAssertEqual(first.byForm, [9, 1, 13, 4, 6, 10, 3, 14])
        XCTAssertEqual(first.byCloth, [1, 3, 4, 6, 9, 10, 13, 14])
        XCTAssertEqual(first.nonRunners, [])
        XCTAssertEqual(first.favourite, 1)

        XCTAssertEqual(first.runners.map(\.cloth), [1, 3, 4, 6, 9, 10, 13, 14])
        let osculation = first.runners[0]
        XCTAssertEqual(osculation.horse, "Osculation")
        XCTAssertEqual(osculation.odds, "13/8")
        XCTAssertEqual(try XCTUnwrap(osculation.probability), 8.0 / 21.0, accuracy: 1e-15)
        XCTAssertEqual(osculation.form, "325433")
        XCTAssertEqual(osculation.formScore, 3.33)
    }

    /// The race page's three tables list the same orders as report.json.
    func testTheRacePageTablesFollowTheOrderings() throws {
        let content = try build(sample: "racecard_10_races.json")
        let race = try content.data.raceCard().races[0]
        let page = try content.context(race.page).race()
        XCTAssertEqual(page.orderings.map(\.id), ["by-odds", "by-form", "by-cloth"])
        XCTAssertEqual(page.orderings[0].rows.map(\.cloth), ["1", "4", "10", "13", "9", "6", "14", "3"])
        XCTAssertEqual(page.orderings[1].rows.map(\.cloth), ["9", "1", "13", "4", "6", "10", "3", "14"])
        XCTAssertEqual(page.orderings[2].rows.map(\.cloth), ["1", "3", "4", "6", "9", "10", "13", "14"])
    }

    func testTenRaceCardListsEveryRaceInStartOrder() throws {
        let content = try build(sample: "racecard_10_races.json")
        let data = try content.data.raceCard()
        XCTAssertEqual(
            data.races.map(\.time),
            ["18:10", "18:38", "19:07", "19:37", "20:11", "20:41", "21:11", "21:45", "22:18", "22:51"])
        XCTAssertEqual(data.raceOrder, "start")
        // Woodbine races twice: two pages, two names.
        let pages = data.races.map(\.page)
        XCTAssertEqual(pages.first, "1810-woodbine.html")
        XCTAssertEqual(pages.last, "2251-woodbine.html")
        XCTAssertEqual(Set(pages).count, 10)
        XCTAssertEqual(content.pages.map(\.path), ["index.html"] + pages)
        XCTAssertEqual(content.charts.map(\.name), pages.map { "market-" + $0.dropLast(".html".count) })
        // The report page lists them all, in start order, each linking to its page.
        XCTAssertEqual(try content.context("index.html").raceCard().races.map(\.href), pages)
    }

    func testThreeRaceCardGivesThreeRaces() throws {
        let races = try build(sample: "racecard_3_races.json").data.raceCard().races
        XCTAssertEqual(races.count, 3)
        XCTAssertEqual(races.map(\.byCloth.count), [8, 6, 4])
        XCTAssertEqual(races.last?.time, "19:07")
    }

    func testSingleRaceObjectListsTheWithdrawnRideOnlyAsANonRunner() throws {
        let content = try build(sample: "racecard_single_race_object.json")
        let races = try content.data.raceCard().races
        XCTAssertEqual(races.count, 1)
        let race = races[0]
        XCTAssertEqual(race.title, "Maiden Plate (F & M)")
        XCTAssertEqual(race.nonRunners, [3])
        for order in [race.byOdds, race.byForm, race.byCloth] {
            XCTAssertFalse(order.contains(3))
            XCTAssertEqual(order.count, 7)
        }
        XCTAssertEqual(race.byCloth, [1, 5, 6, 9, 10, 13, 14])
        XCTAssertEqual(race.favourite, 1)
        XCTAssertFalse(race.runners.contains { $0.cloth == 3 })
        XCTAssertEqual(race.withdrawn.map(\.horse), ["Brighton Belle"])
        // Ages come from `foaled` (2017 − 2013).
        XCTAssertEqual(race.runners.first { $0.cloth == 5 }?.age, 4)

        // On the page: after the runners in every order, and said in words.
        let page = try content.context(race.page).race()
        for table in page.orderings {
            XCTAssertEqual(table.rows.count, 8, table.id)
            XCTAssertTrue(table.rows.dropLast().allSatisfy { !$0.nonRunner }, table.id)
            let last = try XCTUnwrap(table.rows.last)
            XCTAssertTrue(last.nonRunner, table.id)
            XCTAssertEqual(last.horse, "Brighton Belle", table.id)
            XCTAssertEqual(last.chance, "—", "a non-runner's price is void")
        }
        XCTAssertTrue(page.facts.contains { $0.value == "7 runners, 1 non-runner" }, "\(page.facts.map(\.value))")
    }

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

    func testOddOddsAndEmptyFormInReportJSON() throws {
        let race = try XCTUnwrap(try build(json: oddMarket).data.raceCard().races.first)
        // Evens 50 %, 2.5 → 40 %, 7/2 → 22.2 %, then the unpriced by cloth number.
        XCTAssertEqual(race.byOdds, [5, 3, 4, 1, 2])
        // Empty form sorts last.
        XCTAssertEqual(race.byForm, [1, 2, 3, 4, 5])
        XCTAssertEqual(race.favourite, 5)
        let runners = race.runners
        XCTAssertEqual(runners.map(\.odds), ["SP", "5/0", "2.5", " 7 / 2 ", "EVS"])
        XCTAssertNil(runners[0].probability)
        XCTAssertNil(runners[1].probability)
        XCTAssertEqual(runners[2].probability, 0.4)
        XCTAssertEqual(try XCTUnwrap(runners[3].probability), 2.0 / 9.0, accuracy: 1e-15)
        XCTAssertEqual(runners[4].probability, 0.5)
        XCTAssertEqual(runners[4].form, "")
        XCTAssertNil(runners[4].formScore)
        XCTAssertEqual(runners[0].formScore, 2.0)
        // report.json writes a missing figure as an explicit null.
        let json = try JSONTreeEncoder.value(of: runners[0]).rendered()
        XCTAssertTrue(json.contains("\"probability\": null"), json)
    }

    func testOddOddsAndEmptyFormOnThePage() throws {
        let content = try build(json: oddMarket)
        let page = try content.context(try content.data.raceCard().races[0].page).race()
        func cells(_ row: RunnerRow) -> [String] {
            [
                row.cloth, row.horse + (row.favourite ? " Favourite" : ""), row.odds, row.chance, row.form,
                row.formScore, row.age, row.daysSinceLastRun
            ]
        }
        let rows = page.orderings[0].rows
        XCTAssertEqual(rows.count, 5)
        // No., Horse, Odds, Implied, Form, Form score, Age, Days since run.
        XCTAssertEqual(cells(rows[0]), ["5", "Even Stevens Favourite", "EVS", "50%", "—", "—", "4", "12"])
        XCTAssertEqual(cells(rows[1]), ["3", "Decimal Dan", "2.5", "40%", "123", "2.00", "4", "12"])
        XCTAssertEqual(cells(rows[2]), ["4", "Spaced Out", "7 / 2", "22.2%", "123", "2.00", "4", "12"])
        XCTAssertEqual(cells(rows[3]), ["1", "Starting Price", "SP", "—", "123", "2.00", "4", "12"])
        XCTAssertEqual(cells(rows[4]), ["2", "Zero Under", "5/0", "—", "123", "2.00", "4", "12"])
        // The favourite line and the chart's words agree.
        let favourite = try XCTUnwrap(page.favourite)
        XCTAssertEqual(
            [favourite.horse, favourite.cloth, favourite.odds, favourite.chance], ["Even Stevens", "5", "EVS", "50%"])
        XCTAssertEqual(
            page.market.alt,
            "Implied win chances: 5 Even Stevens 50% (EVS), 3 Decimal Dan 40% (2.5), 4 Spaced Out 22.2% (7 / 2); unpriced: 1 Starting Price (SP), 2 Zero Under (5/0)."
        )
    }

    func testARaceWithNobodyPricedHasNoFavourite() throws {
        let json = RaceCardJSON.card([
            RaceCardJSON.race(rides: [
                RaceCardJSON.ride(2, "Second", odds: "SP"), RaceCardJSON.ride(1, "First", odds: "")
            ])
        ])
        let content = try build(json: json)
        let race = try XCTUnwrap(try content.data.raceCard().races.first)
        XCTAssertNil(race.favourite)
        XCTAssertEqual(race.byOdds, [1, 2])
        let page = try content.context(race.page).race()
        XCTAssertNil(page.favourite)
        XCTAssertFalse(page.orderings.contains { $0.rows.contains(where: \.favourite) })
        XCTAssertEqual(try content.context("index.html").raceCard().races.first?.favourite, "—")
    }

    func testRacesSharingCourseAndTimeGetTheirOwnPages() throws {
        let ride = RaceCardJSON.ride(1, "Twin", odds: "2/1")
        let json = RaceCardJSON.card([
            RaceCardJSON.race(name: "Woodbine", course: "Woodbine", time: "18:10", rides: [ride]),
            RaceCardJSON.race(name: "Woodbine", course: "Woodbine", time: "18:10", rides: [ride]),
            RaceCardJSON.race(name: "Index", course: "", time: "18:10", rides: [ride])
        ])
        let content = try build(json: json)
        let pages = try content.data.raceCard().races.map(\.page)
        XCTAssertEqual(pages, ["1810-index.html", "1810-woodbine.html", "1810-woodbine-2.html"])
        XCTAssertEqual(content.pages.map(\.path), ["index.html"] + pages)
    }

    // MARK: - Featured race

    func testFeaturedRaceIsReproducibleWithASeed() throws {
        // Both clocks are before the card's races (2017), so every race is still to run.
        let early = try build(json: unrunTenRaces(), seed: 3, now: Date(timeIntervalSince1970: 1_000_000))
        let late = try build(json: unrunTenRaces(), seed: 3, now: Date(timeIntervalSince1970: 1_400_000_000))
        let featured = try XCTUnwrap(try early.data.raceCard().featured)
        XCTAssertEqual(try late.data.raceCard().featured, featured)

        // It indexes start order and agrees with the Racing module's pick.
        let races = try RaceCard.decode(from: Data(unrunTenRaces().utf8)).racesInStartOrder
        let expected = FeaturedRacePicker.featured(in: races, stillToRun: races.map { _ in true }, seed: 3)
        XCTAssertEqual(featured, expected)

        // The report page shows it, with its favourite.
        let race = try early.data.raceCard().races[featured]
        let overview = try early.context("index.html").raceCard()
        let panel = try XCTUnwrap(overview.featured)
        XCTAssertEqual(panel.heading, "\(race.time) UTC \(try XCTUnwrap(race.course))")
        XCTAssertEqual(panel.href, race.page)
        XCTAssertNotNil(panel.favourite)
        XCTAssertEqual(panel.pickNote, "Featured race picked with seed 3 among the races still to run.")
        XCTAssertEqual(overview.races.map(\.featured), (0..<10).map { $0 == featured })
    }

    /// Issue 64: without a seed, the next race to start; once every race is off, the last.
    func testWithoutASeedTheFeaturedRaceIsTheNextToStart() throws {
        let before = try build(json: unrunTenRaces(), seed: nil, now: Date(timeIntervalSince1970: 1_000_000))
        XCTAssertEqual(try before.data.raceCard().featured, 0)
        XCTAssertEqual(
            try before.context("index.html").raceCard().featured?.pickNote, "Featured: the next race to start.")
        let after = try build(
            sample: "racecard_10_races.json", seed: 3, now: Date(timeIntervalSince1970: 1_700_000_000))
        XCTAssertEqual(try after.data.raceCard().featured, 9)
        XCTAssertEqual(
            try after.context("index.html").raceCard().featured?.pickNote,
            "Every race is off: the last to start is featured.")
    }

    func testFeaturedNeverFallsOnARaceWithoutRunners() throws {
        let empty = RaceCardJSON.race(
            name: "All Out", time: "13:00",
            rides: [RaceCardJSON.ride(1, "Gone Home", odds: "2/1", extra: #""withdrawn": true"#)])
        let full = RaceCardJSON.race(
            name: "Full Field", time: "14:00", rides: [RaceCardJSON.ride(1, "Stayer", odds: "2/1")])
        for seed in UInt64(0)..<6 {
            let content = try build(json: RaceCardJSON.card([empty, full]), seed: seed)
            XCTAssertEqual(try content.data.raceCard().featured, 1, "seed \(seed)")
            XCTAssertEqual(content.warnings.map(\.text), ["13:00 UTC Testbury (2024-05-01) has no runners."])
        }
    }

    // MARK: - Errors

    func testMalformedCardNamesTheKeyPath() throws {
        let bad = RaceCardJSON.card([
            RaceCardJSON.race(rides: [RaceCardJSON.ride(1, "Fine", odds: "2/1")]),
            RaceCardJSON.race(
                time: "15:00",
                rides: [
                    RaceCardJSON.ride(1, "Fine", odds: "2/1"),
                    #"{"cloth_number": "two", "horse": {"name": "Odd"}}"#
                ])
        ])
        XCTAssertThrowsError(try build(json: bad)) { error in
            guard let error = error as? BuildError, case let .text(path, line, _, _, _) = error.location else {
                return XCTFail("\(error)")
            }
            XCTAssertEqual(error.kind, .input)
            XCTAssertEqual(path, "card.json")
            XCTAssertEqual(line, 1)
            XCTAssertEqual(error.message, "[1].rides[1].cloth_number: expected an integer, found a string")
        }
    }

    func testMissingRequiredKeyIsNamed() throws {
        XCTAssertThrowsError(try build(json: #"{"race_summary": {"name": "R", "date": "2024-05-01"}, "rides": []}"#)) {
            error in
            XCTAssertEqual((error as? BuildError)?.location, .json(path: "card.json", keyPath: "race_summary.time"))
        }
    }

    func testEmptyCardBuildsWithAWarning() throws {
        let content = try build(json: "[]")
        XCTAssertEqual(content.warnings.map(\.text), ["The race card has no races."])
        let data = try content.data.raceCard()
        XCTAssertEqual(data.races.count, 0)
        XCTAssertNil(data.featured)
        let json = try JSONTreeEncoder.value(of: data).rendered()
        XCTAssertTrue(json.contains("\"featured\": null"), json)
        let overview = try content.context("index.html").raceCard()
        XCTAssertFalse(overview.hasRaces)
        XCTAssertNil(overview.featured)
    }
}
