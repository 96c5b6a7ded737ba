import Foundation
import GazetteTestSupport
import XCTest

@testable import Racing

/// rpscrape's results CSV (docs/reference/inputs.md, "The rpscrape results CSV").
///
/// `race-formats/rpscrape-results.csv`, worked by hand: two races at an invented Fernmoor (AW)
/// on 2026-06-03 in Great Britain, off `1:45` and `2:20` (13:45 and 14:20 in London, on summer
/// time: 12:45 and 13:20 UTC). The first has a dead heat for second (`2=`) and a runner pulled
/// up (`PU`); the second is a plain result of three.
final class RPScrapeReaderTests: XCTestCase {
    private func fixture() throws -> RaceCard {
        let data = try Data(contentsOf: TestSupport.fixture("race-formats/rpscrape-results.csv"))
        return try RaceCardReaders.decode(data, format: nil, timeZone: "Australia/Sydney")
    }

    private static let header = "date,region,course,off,race_name,num,pos,horse,dec,ovr_btn,btn,sp"

    private func card(_ rows: [String], header: String = RPScrapeReaderTests.header) throws -> RaceCard {
        try RPScrapeReader.decode(RaceInput(Data(([header] + rows).joined(separator: "\n").utf8)), timeZone: "UTC")
    }

    func testTheFixtureMeeting() throws {
        let card = try fixture()
        XCTAssertEqual(card.races.map(\.name), ["Bracken Handicap", "Heather Novice Stakes"])
        XCTAssertEqual(card.races.map(\.course), ["Fernmoor (AW)", "Fernmoor (AW)"])
        XCTAssertEqual(card.races.map(\.date), ["2026-06-03", "2026-06-03"])
        XCTAssertEqual(card.races.map(\.time), ["13:45", "14:20"])
        XCTAssertEqual(card.races.map(\.zone), ["Europe/London", "Europe/London"])
        XCTAssertEqual(card.races.map(\.startInstant), [1_780_490_700, 1_780_492_800])
        XCTAssertEqual(card.races.map(\.distance), ["6f", "7f"])
        XCTAssertEqual(card.races.map(\.going), ["Standard", "Standard"])
        XCTAssertEqual(card.races.map(\.status), [.final, .final])
        XCTAssertEqual(card.skippedLines, 0)
    }

    func testTheFirstRacesRunnersPricesAndPlacings() throws {
        let race = try fixture().races[0]
        XCTAssertEqual(race.rides.map(\.cloth), [4, 2, 6, 1, 3])
        XCTAssertEqual(race.rides.map(\.horse.name)[0], "Copper Lane (GB)")
        XCTAssertEqual(race.rides.map(\.odds.text), ["3.5", "5.0", "9.0", "13.0", "21.0"])
        XCTAssertEqual(race.rides.map { $0.startingPrice?.text }, ["3.5", "5.0", "9.0", "13.0", "21.0"])
        XCTAssertEqual(race.favourite?.horse.name, "Copper Lane (GB)")
        XCTAssertEqual(race.runners.count, 5, "the horse pulled up ran")
        XCTAssertEqual(race.rides[0].jockey, "Ann Alder")
        XCTAssertEqual(race.rides[0].barrier, 3)
        XCTAssertEqual(race.rides[0].horse.age, 4)
        XCTAssertEqual(
            race.result?.placings,
            [
                Placing(place: 1, cloth: 4, name: "Copper Lane (GB)"),
                Placing(place: 2, cloth: 2, name: "Night Heron (IRE)", margin: 1.25),
                Placing(place: 2, cloth: 6, name: "Salt Marsh (GB)", margin: 1.25),
                Placing(place: 4, cloth: 1, name: "Tin Whistle (GB)", margin: 3)
            ])
        XCTAssertTrue(race.result?.isDeadHeat(2) ?? false)
    }

    func testTheSecondRace() throws {
        let race = try fixture().races[1]
        XCTAssertEqual(race.favourite?.horse.name, "Tarn Beck (GB)")
        XCTAssertEqual(race.result?.placings.map(\.cloth), [2, 1, 3])
        XCTAssertEqual(race.result?.placings.map(\.margin), [nil, 0.5, 4.5])
    }

    func testPositionsAsRPScrapeWritesThem() {
        XCTAssertEqual(RPScrapeRunner.finish("1", previous: nil), .placed(1))
        XCTAssertEqual(RPScrapeRunner.finish("2=", previous: 1), .placed(2))
        XCTAssertEqual(RPScrapeRunner.finish("=3", previous: 2), .placed(3))
        XCTAssertEqual(RPScrapeRunner.finish("3dh", previous: 2), .placed(3))
        XCTAssertEqual(RPScrapeRunner.finish("DH", previous: 2), .placed(2))
        for word in ["PU", "F", "UR", "BD", "DSQ", "RR", ""] {
            XCTAssertEqual(RPScrapeRunner.finish(word, previous: 1), .unplaced, word)
        }
        XCTAssertEqual(RPScrapeRunner.finish("NR", previous: 1), .nonRunner)
    }

    func testIrelandTheFractionalSPAndTheOlderCapitalisedHeader() throws {
        let rows = [
            "2026/06/03,,Gorse Hill (IRE),5:10,Maiden,,1,Moss Bank,,,,9/4F",
            "2026/06/03,,Gorse Hill (IRE),5:10,Maiden,,2,Tarn Beck,,,0.75,Evs",
            "2026/06/03,,Gorse Hill (IRE),5:10,Maiden,,NR,Scree Slope,,,,"
        ]
        let header = "Date,Region,Course,Off,Name,Num,Pos,Horse,Dec,Ovr_Btn,Btn,SP"
        let race = try card(rows, header: header).races[0]
        XCTAssertEqual(race.zone, "Europe/Dublin")
        XCTAssertEqual(race.date, "2026-06-03")
        XCTAssertEqual(race.time, "17:10")
        XCTAssertEqual(race.rides.map(\.odds.text), ["9/4", "Evs", ""])
        XCTAssertEqual(race.rides.map(\.cloth), [1, 2, 3], "no num: the row's place")
        XCTAssertEqual(race.nonRunners.map(\.horse.name), ["Scree Slope"])
        XCTAssertEqual(race.result?.placings.map(\.margin), [nil, 0.75], "no ovr_btn: btn added up")
        XCTAssertNil(try card(["2026-06-03,,Fernmoor,11:30,A,1,1,B,,,,"]).races[0].zone)
        XCTAssertEqual(try card(["2026-06-03,,Fernmoor,11:30,A,1,1,B,,,,"]).races[0].time, "11:30")
    }

    /// Without `region` or a country after the course the off is read in the readers' zone and
    /// the card says its zone was unsaid; a meeting zone given reads it there: 13:45 in London on
    /// 3 June 2026 (summer time) is 12:45 UTC, 1_780_490_700.
    func testAMeetingWithoutAZoneIsSaidAndAGivenMeetingZoneReadsIt() throws {
        let csv = Data((Self.header + "\n2026-06-03,,Fernmoor,1:45,A,1,1,B,,,,").utf8)
        let unsaid = try RaceCardReaders.decode(csv, format: nil, timeZone: "Australia/Sydney")
        XCTAssertTrue(unsaid.zoneUnsaid)
        XCTAssertEqual(unsaid.races[0].zone, "Australia/Sydney")
        XCTAssertNil(unsaid.races[0].startInstant)
        let london = try RaceCardReaders.decode(
            csv, format: nil, timeZone: "Australia/Sydney", meetingZone: "Europe/London")
        XCTAssertFalse(london.zoneUnsaid)
        XCTAssertEqual(london.races[0].zone, "Europe/London")
        XCTAssertEqual(london.races[0].startInstant, 1_780_490_700)
        let said = try fixture()
        XCTAssertFalse(said.zoneUnsaid, "region GB names the zone")
        let named = try RaceCardReaders.decode(
            try Data(contentsOf: TestSupport.fixture("race-formats/rpscrape-results.csv")), format: nil,
            timeZone: "UTC", meetingZone: "Asia/Tokyo")
        XCTAssertEqual(named.races.map(\.zone), ["Europe/London", "Europe/London"], "the input's own zone wins")
    }

    func testItIsFoundByItsHeaderAndTakesNoOtherFixture() throws {
        let csv = RaceInput(try Data(contentsOf: TestSupport.fixture("race-formats/rpscrape-results.csv")))
        XCTAssertTrue(RPScrapeReader.fit(csv).isMatch)
        for name in [
            "race-card.json", "race-card-neds.json", "race-card-neds-results.json", "next-to-go.json",
            "race-formats/betfair-stream.jsonl", "race-formats/betfair-book.json", "workouts.txt"
        ] {
            let input = RaceInput(try Data(contentsOf: TestSupport.fixture(name)))
            XCTAssertFalse(RPScrapeReader.fit(input).isMatch, name)
        }
        let near = RPScrapeReader.fit(RaceInput(Data("date,course,off,horse,weight\n".utf8)))
        XCTAssertEqual(near.lacks, ["race_name", "pos"])
        XCTAssertFalse(near.isMatch)
    }

    func testErrorsNameTheColumnTheLineAndWhereTheFieldStarts() throws {
        XCTAssertThrowsError(
            try card(["2026-06-03,GB,Fernmoor,1:45,A,1,1,B,,,,", "2026-13-03,GB,Fernmoor,1:45,A,2,2,C,,,,"])
        ) {
            let error = $0 as! RacingDecodingError
            XCTAssertEqual(error.keyPath, "date")
            XCTAssertEqual(error.message, "expected a date as YYYY-MM-DD, found '2026-13-03'")
            XCTAssertEqual(error.line, 3)
            XCTAssertEqual(error.column, 1)
        }
        XCTAssertThrowsError(try card(["2026-06-03,GB,\"Fern, moor\",1.45pm,A,1,1,B,,,,"])) {
            let error = $0 as! RacingDecodingError
            XCTAssertEqual(error.keyPath, "off")
            XCTAssertEqual(error.line, 2)
            XCTAssertEqual(error.column, 28)
        }
        XCTAssertThrowsError(try card(["2026-06-03,GB,Fernmoor,1:45,A,x,1,B,,,,"])) {
            XCTAssertEqual(($0 as! RacingDecodingError).keyPath, "num")
        }
        XCTAssertThrowsError(try card([], header: "date,course,off,race_name,horse")) {
            let error = $0 as! RacingDecodingError
            XCTAssertEqual(error.keyPath, "pos")
            XCTAssertEqual(error.message, "missing required column")
        }
    }
}
