import Foundation
import Racing
import Localization
import XCTest
@testable import GazetteCore
@testable import Reports

/// How results are written: places, dividends, starting prices, the result line and its news.
final class RaceResultFormatTests: XCTestCase {
    private let result = RaceResult(
        placings: [
            Placing(place: 1, cloth: 2, name: "Hot Bahama"),
            Placing(place: 2, cloth: 9, name: "Dawn Flight", margin: 0.37),
            Placing(place: 2, cloth: 5, name: "Zounate", margin: 0.37), Placing(place: 4, cloth: 1, name: "Saltbush")
        ],
        dividends: [
            Dividend(product: "Place", pool: "NSW", amount: 2.5, runners: [2]),
            Dividend(product: "Win", pool: "NSW", amount: 7.5, runners: [2]),
            Dividend(product: "Win", pool: "VIC", amount: 7.4, runners: [2]),
            Dividend(product: "Exacta", pool: "QLD", amount: 37, runners: [2, 9])
        ])

    private func race(status: RaceStatus?, result: RaceResult? = nil) -> Race {
        Race(
            name: "Maiden", course: "Gum Flat", date: "2026-11-28", time: "02:05",
            rides: [Ride(cloth: 2, horse: Horse(name: "Hot Bahama"), odds: Odds(parsing: "7.5"))], status: status,
            result: result)
    }

    func testPlacesInEveryLanguage() throws {
        let english = Words.english
        XCTAssertEqual((1...5).map { RaceResultFormat.place($0, english) }, ["1st", "2nd", "3rd", "4th", "5th"])
        let german = try TextConventions(locale: "de-DE", timeZone: "UTC")
        XCTAssertEqual(RaceResultFormat.place(2, german.words), "2.")
        XCTAssertEqual(RaceResultFormat.money(7.5, german), "7,50 $")
        XCTAssertEqual(RaceResultFormat.money(7.5, .standard), "$7.50")
    }

    func testDividendsAndExotics() {
        XCTAssertEqual(RaceResultFormat.dividend(result.dividends[1], .standard), "Win NSW $7.50")
        XCTAssertEqual(
            RaceResultFormat.dividend(Dividend(product: "Win", amount: 3, runners: [1]), .standard), "Win $3.00",
            "no pool given, none said")
        XCTAssertEqual(RaceResultFormat.exotic(result.dividends[3], .standard), "Exacta 2-9 QLD $37.00")
        XCTAssertEqual(
            RaceResultFormat.headlineDividend(result, cloth: 2)?.amount, 7.5, "the first win dividend, not a place")
    }

    func testTheResultLineSaysDeadHeatsAndTheWinnersDividend() {
        XCTAssertEqual(
            RaceResultFormat.placings(result, .standard),
            "1st No. 2 Hot Bahama $7.50, 2nd No. 5 Zounate (dead heat), 2nd No. 9 Dawn Flight (dead heat)",
            "the first three places only")
        XCTAssertEqual(
            RaceResultFormat.statusLine(race(status: .final, result: result), state: .final, .standard)?.prefix(30),
            "Result: 1st No. 2 Hot Bahama $")
        XCTAssertEqual(RaceResultFormat.statusLine(race(status: nil), state: .pending, .standard), "Result pending")
        XCTAssertEqual(RaceResultFormat.statusLine(race(status: .abandoned), state: .abandoned, .standard), "Abandoned")
        XCTAssertNil(RaceResultFormat.statusLine(race(status: .open), state: .open, .standard))
        XCTAssertNil(RaceResultFormat.statusLine(race(status: .closed), state: .closed, .standard))
    }

    func testStartingPriceAgainstOpeningAndMargins() {
        let sp = Odds(parsing: "7.5")
        XCTAssertEqual(RaceResultFormat.startingPrice(sp, opening: Odds(parsing: "3.9"), .standard), "7.5 (opened 3.9)")
        XCTAssertEqual(
            RaceResultFormat.startingPrice(sp, opening: Odds(parsing: "13/2"), .standard), "7.5", "same price")
        XCTAssertEqual(RaceResultFormat.startingPrice(nil, opening: nil, .standard), "—")
        XCTAssertEqual(RaceResultFormat.margin(result.placings[1], .standard), "0.37 L")
        XCTAssertEqual(RaceResultFormat.margin(result.placings[0], .standard), "—", "the winner has none")
        let ride = Ride(
            cloth: 1, horse: Horse(name: "A"), odds: Odds(parsing: "4.0"), flucs: [Odds(parsing: "5.0")],
            startingPrice: Odds(parsing: "4.4"))
        XCTAssertEqual(RaceResultPresenter.startingPrice(ride)?.text, "4.4", "the input's own wins")
        XCTAssertEqual(RaceResultPresenter.opening(ride, [:])?.text, "5.0", "the first fluctuation")
    }

    func testWhatTheHistoryKeepsOfAResult() {
        XCTAssertEqual(RaceCardResultNews.placings(race(status: .final, result: result)), "1:2 2:5 2:9 4:1")
        XCTAssertEqual(RaceCardResultNews.placings(race(status: .interim, result: result)), "1:2 2:5 2:9 4:1")
        XCTAssertNil(RaceCardResultNews.placings(race(status: .abandoned, result: result)))
        XCTAssertNil(RaceCardResultNews.placings(race(status: .final)))
        let news = ChangeNote(line: "Result: x", subject: "Result: x")
        let scratched = ChangeNote(line: "1 runner scratched", subject: "1 runner newly scratched")
        XCTAssertEqual(RaceCardResultNews.merged(scratched, news)?.line, "Result: x; 1 runner scratched")
        XCTAssertEqual(RaceCardResultNews.merged(scratched, news)?.subject, "Result: x")
        XCTAssertEqual(RaceCardResultNews.merged(scratched, nil), scratched)
    }

    func testTheResultPanelForEachState() throws {
        let presenter = RaceResultPresenter(conventions: .standard)
        XCTAssertNil(presenter.present(race(status: .open), state: .open))
        XCTAssertNil(presenter.present(race(status: .closed), state: .closed))
        let final = try XCTUnwrap(presenter.present(race(status: .final, result: result), state: .final))
        XCTAssertEqual(final.rows.map(\.place), ["1st", "2nd (dead heat)", "2nd (dead heat)", "4th"])
        XCTAssertEqual(final.rows[0].dividends, ["Place NSW $2.50", "Win NSW $7.50", "Win VIC $7.40"])
        XCTAssertEqual(final.exotics, ["Exacta 2-9 QLD $37.00"])
        let pending = try XCTUnwrap(presenter.present(race(status: nil), state: .pending))
        XCTAssertEqual(pending.title, "Result pending")
        XCTAssertFalse(pending.hasRows)
        XCTAssertEqual(presenter.present(race(status: .abandoned), state: .abandoned)?.title, "Abandoned")
        XCTAssertEqual(
            presenter.present(race(status: .final), state: .pending)?.note,
            "The race was run at 02:05, but the input gives no placings. The market below is the last before the off.",
            "weighed in, no placings given")
    }

    func testThePrintedCardSaysEachRunRacesResult() {
        let run = RaceCardDocument.section(race(status: .final, result: result), .standard, state: .final)
        XCTAssertTrue(run.lines.contains { $0.hasPrefix("Result: 1st No. 2 Hot Bahama $7.50") }, "\(run.lines)")
        let open = RaceCardDocument.section(race(status: .open), .standard, state: .open)
        XCTAssertFalse(open.lines.contains { $0.hasPrefix("Result") })
    }
}
