import Foundation
import Racing
import Localization
import XCTest
@testable import GazetteCore
@testable import Jobs
@testable import Reports

/// The race-card presenters' text rules and page names.
final class RaceCardFormatTests: XCTestCase {
    func testPercentHasAtMostOneDecimal() {
        XCTAssertEqual(RaceCardFormat.percent(8.0 / 21.0, .standard), "38.1%")
        XCTAssertEqual(RaceCardFormat.percent(0.5, .standard), "50%")
        XCTAssertEqual(RaceCardFormat.percent(0.25, .standard), "25%")
        XCTAssertEqual(RaceCardFormat.percent(2.0 / 9.0, .standard), "22.2%")
        XCTAssertEqual(RaceCardFormat.percent(1.0 / 51.0, .standard), "2%")
        XCTAssertEqual(RaceCardFormat.percent(1, .standard), "100%")
        XCTAssertEqual(RaceCardFormat.percent(nil, .standard), "—")
        XCTAssertEqual(RaceCardFormat.percent(.nan, .standard), "—")
    }

    func testFormScoreShowsTwoDecimals() {
        // SPEC §1.1's examples.
        XCTAssertEqual(RaceCardFormat.formScore(Form(text: "6489214").scoreHundredths, .standard), "4.86")
        XCTAssertEqual(RaceCardFormat.formScore(Form(text: "00-0").scoreHundredths, .standard), "10.00")
        XCTAssertEqual(RaceCardFormat.formScore(Form(text: "010-").scoreHundredths, .standard), "7.75")
        XCTAssertEqual(RaceCardFormat.formScore(Form(text: "20023").scoreHundredths, .standard), "5.40")
        XCTAssertEqual(RaceCardFormat.formScore(Form(text: "2020").scoreHundredths, .standard), "6.00")
        XCTAssertEqual(RaceCardFormat.formScore(Form(text: "1").scoreHundredths, .standard), "1.00")
        XCTAssertEqual(RaceCardFormat.formScore(Form(text: "").scoreHundredths, .standard), "—")
        XCTAssertEqual(RaceCardFormat.form(Form(text: "")), "—")
        XCTAssertEqual(RaceCardFormat.form(Form(text: "-1-")), "-1-")
    }

    func testOddsShowAsGiven() {
        XCTAssertEqual(RaceCardFormat.odds(Odds(parsing: "14/2"), .standard), "14/2")
        XCTAssertEqual(RaceCardFormat.odds(Odds(parsing: " 7 / 2 "), .standard), "7 / 2")
        XCTAssertEqual(RaceCardFormat.odds(Odds(parsing: "evens"), .standard), "evens")
        XCTAssertEqual(RaceCardFormat.odds(Odds(parsing: "SP"), .standard), "SP")
        XCTAssertEqual(RaceCardFormat.odds(Odds(parsing: "5/0"), .standard), "5/0")
        XCTAssertEqual(RaceCardFormat.odds(Odds(parsing: ""), .standard), "—")
    }

    func testDecimalOddsAreWrittenAsTheReadersWriteDecimals() throws {
        let german = try TextConventions(locale: "de-DE", timeZone: "UTC")
        XCTAssertEqual(RaceCardFormat.odds(Odds(parsing: "9.5"), german), "9,5")
        XCTAssertEqual(RaceCardFormat.odds(Odds(parsing: " 2.25 "), german), "2,25")
        XCTAssertEqual(RaceCardFormat.odds(Odds(parsing: "10.0"), german), "10,0")
        XCTAssertEqual(RaceCardFormat.odds(Odds(parsing: "9.5"), .standard), "9.5")
        XCTAssertEqual(RaceCardFormat.odds(Odds(parsing: "9/2"), german), "9/2")
    }

    func testMovesArePointsOfImpliedChanceWithTheirSign() {
        XCTAssertEqual(RaceCardFormat.points(800.0 / 77, .standard), "+10.4 pts")
        XCTAssertEqual(RaceCardFormat.points(-100.0 / 12, .standard), "−8.3 pts")
        XCTAssertEqual(RaceCardFormat.points(0.04, .standard), "±0.0 pts")
    }

    func testDaysAreWrittenInEnglish() {
        XCTAssertEqual(RaceCardFormat.day("2017-12-15", .standard), "15 December 2017")
        XCTAssertEqual(RaceCardFormat.day("2024-02-29", .standard), "29 February 2024")
    }

    func testFieldSize() {
        let runner = Ride(cloth: 1, horse: Horse(name: "A"))
        let gone = Ride(cloth: 2, horse: Horse(name: "B"), withdrawn: true)
        func race(_ rides: [Ride]) -> Race { Race(name: "R", date: "2024-05-01", time: "14:00", rides: rides) }
        XCTAssertEqual(RaceCardFormat.fieldSize(race([runner])), "1 runner")
        XCTAssertEqual(RaceCardFormat.fieldSize(race([runner, runner, gone])), "2 runners, 1 non-runner")
        XCTAssertEqual(RaceCardFormat.fieldSize(race([gone, gone])), "0 runners, 2 non-runners")
    }

    // MARK: - Page names

    private func race(_ name: String, course: String?, date: String = "2017-12-15", time: String) -> Race {
        Race(name: name, course: course, date: date, time: time, rides: [])
    }

    func testPageNamesFromTimeCourseAndName() {
        XCTAssertEqual(
            RacePageSlugs.make(for: [
                race("Woodbine", course: "Woodbine", time: "18:10"),
                race("Maiden Plate (F & M)", course: "Vaal", time: "10:45"),
                race("Kestrel Downs Cup", course: "Kestrel Downs", time: "15:50"),
                race("Ascot Handicap", course: "Ascot", time: "16:00"),
                race("Mascot Stakes", course: "Ascot", time: "16:30"),
                race("No Course", course: nil, time: "17:00")
            ]),
            [
                "1810-woodbine", "1045-vaal-maiden-plate-f-m", "1550-kestrel-downs-cup", "1600-ascot-handicap",
                "1630-ascot-mascot-stakes", "1700-no-course"
            ])
    }

    func testPageNamesAreUniqueAndSafe() {
        let names = RacePageSlugs.make(for: [
            race("Woodbine", course: "Woodbine", time: "18:10"),
            race("Woodbine", course: "Woodbine", time: "18:10"),
            race("Woodbine", course: "Woodbine", time: "18:10"),
            race("<img src=x onerror=alert(1)>", course: "../../etc", time: "18:10"),
            race("../..", course: "/", time: "18:10")
        ])
        XCTAssertEqual(
            names, ["1810-woodbine", "1810-woodbine-2", "1810-woodbine-3", "1810-etc-img-src-x-onerror-alert-1", "1810"]
        )
        for name in names {
            XCTAssertTrue(
                name.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" },
                name)
        }
    }

    func testPageNamesCarryTheDateWhenTheCardSpansDays() {
        XCTAssertEqual(
            RacePageSlugs.make(for: [
                race("Woodbine", course: "Woodbine", date: "2017-12-15", time: "18:10"),
                race("Woodbine", course: "Woodbine", date: "2017-12-16", time: "18:10")
            ]), ["2017-12-15-1810-woodbine", "2017-12-16-1810-woodbine"])
    }
}
