import Foundation
import GazetteTestSupport
import ReportFacts
import XCTest
@testable import GazetteCore
@testable import Jobs
@testable import Loading
@testable import Reports

/// The digest each kind presents for the e-mail, checked on the typed model with the SPEC's
/// figures for the sample data.
final class ReportDigestTests: XCTestCase {
    private func input(_ kind: ReportKind, _ file: String, now: Date = TestSupport.fixedNow) throws -> ReportInput {
        let bytes = Array(try Data(contentsOf: try TestSupport.sharedData(file)))
        return ReportInput(
            kind: kind, title: kind.defaultTitle, slug: "report",
            sources: [LoadedInput(source: .embedded(name: file, bytes: bytes), bytes: bytes)],
            now: now, seed: 7, conventions: .standard)
    }

    func testTheCreditDigestGivesTheScoreOnceAndACreditLinePerSection() throws {
        let content = try CreditScoreKind.build(input(.creditScore, "creditreport.json"), options: CreditScoreOptions())
        let digest = content.digest
        XCTAssertEqual(digest.figures.first, DigestFigure("Score", "514", detail: "out of 700"))
        XCTAssertEqual(digest.figures.filter { $0.value == "514" }.count, 1)
        XCTAssertEqual(digest.sections.map(\.title), ["Score", "Short-term credit", "Long-term credit"])
        XCTAssertEqual(
            digest.sections.map(\.chart?.stem), ["score-gauge", "short-term-utilisation", "long-term-utilisation"])
        // Every chart a section names is one the report draws.
        let drawn = Set(content.charts.map(\.ref))
        for ref in digest.sections.compactMap(\.chart) { XCTAssertTrue(drawn.contains(ref), ref.stem) }
    }

    func testTheWorkoutsDigestRanksTheBestLiftsAndKeepsItsTablesShort() throws {
        let fields = OptionFields(["unit": OptionValue(.scalar("lb"), at: .none)])
        let content = try WorkoutsKind.build(
            input(.workouts, "workouts_582_lines.txt"), options: WorkoutsKind.options(fields))
        let digest = content.digest
        // SPEC §6: the sample's best 1RMs are 310, 246 and 360 lb; the heaviest comes first.
        let lifts = digest.figures.dropLast(2).map(\.value)
        XCTAssertEqual(lifts, ["360 lb", "310 lb", "246 lb"])
        XCTAssertEqual(digest.figures.suffix(2).map(\.label), ["Training days", "Volume, latest week"])
        for section in digest.sections {
            XCTAssertLessThanOrEqual(section.table?.rows.count ?? 0, WorkoutsPresenter.digestDays, section.title)
        }
        XCTAssertLessThanOrEqual(digest.sections.count, WorkoutsPresenter.digestExercises)
        let drawn = Set(content.charts.map(\.ref))
        for ref in digest.sections.compactMap(\.chart) { XCTAssertTrue(drawn.contains(ref), ref.stem) }
    }

    func testTheRaceCardDigestListsEveryRaceInStartOrder() throws {
        let content = try RaceCardKind.build(input(.raceCard, "racecard_10_races.json"), options: RaceCardOptions())
        let digest = content.digest
        XCTAssertEqual(digest.figures.first?.value, "10")
        let table = try XCTUnwrap(digest.sections.last?.table)
        XCTAssertEqual(table.rows.count, 10)
        XCTAssertEqual(table.headers, ["Race", "Runners", "Favourite or result"])
        XCTAssertEqual(table.rows.first?.cells, ["8", "Result pending"])
        XCTAssertNotNil(digest.sections.first?.chart)
    }

    /// A run race's row names its winners where an open race's names its favourite: the column says both.
    func testTheRaceCardDigestsTableNamesWinnersUnderAHeadingThatSaysSo() throws {
        let bytes = Array(try Data(contentsOf: TestSupport.fixture("race-formats/tab-race-final.json")))
        let input = ReportInput(
            kind: .raceCard, title: "Races", slug: "report",
            sources: [LoadedInput(source: .embedded(name: "tab-race-final.json", bytes: bytes), bytes: bytes)],
            now: TestSupport.fixedNow, seed: 7, conventions: .standard)
        let table = try XCTUnwrap(RaceCardKind.build(input, options: RaceCardOptions()).digest.sections.last?.table)
        XCTAssertEqual(table.headers, ["Race", "Runners", "Favourite or result"])
        XCTAssertTrue(try XCTUnwrap(table.rows.first?.cells.last).hasPrefix("1st No. "), "\(table.rows)")
    }

    func testTheNextToGoDigestShowsAtMostFiveRaces() throws {
        // A minute before the feed's first race.
        let now = Date(timeIntervalSince1970: 1_687_208_640)
        let content = try NextToGoKind.build(
            input(.nextToGo, "nextraces_9_mixed.json", now: now), options: NextToGoOptions())
        let table = try XCTUnwrap(content.digest.sections.first?.table)
        XCTAssertEqual(table.rows.count, 5)
        XCTAssertEqual(table.headers, ["Race", "Category", "Starts", "In"])
        XCTAssertEqual(table.rows.first?.cells.last, "1m")
        XCTAssertEqual(content.digest.figures.first?.detail, "in 1m")
    }
}
