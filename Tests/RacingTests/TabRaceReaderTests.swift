import Foundation
import GazetteTestSupport
import Racing
import XCTest

/// TAB's race response (`raceStartTime`, `runners[]` with `fixedOdds`) on our own invented
/// responses (docs/reference/inputs.md, "TAB's race response").
final class TabRaceReaderTests: XCTestCase {
    private func inline(_ text: String, zone: String = "UTC") throws -> RaceCard {
        try TabRaceReader.decode(RaceInput(Data(text.utf8)), timeZone: zone)
    }

    /// An open race at a meeting in `location`, with the runners given.
    private func race(_ runners: String, location: String = "NSW", extra: String = "") -> String {
        """
        {"raceNumber": 1, "raceName": "Open Plate", "raceStartTime": "2026-11-28T02:05:00.000Z",
         "raceStatus": "Open", "raceDistance": 1000,
         "meeting": {"meetingName": "LAKE MIRA", "location": "\(location)", "raceType": "R"},
         "runners": [\(runners)]\(extra)}
        """
    }

    func testTheFinalFixtureByHand() throws {
        let data = try FormatFixtures.formatData("tab-race-final.json")
        let race = try XCTUnwrap(RaceCardReaders.decode(data, format: nil, timeZone: "UTC").races.first)
        XCTAssertEqual(race.name, "Coral Sea Benchmark 64")
        XCTAssertEqual(race.course, "MIRRABOOKA PARK")
        XCTAssertEqual(race.number, 3)
        XCTAssertEqual(race.distance, "1200m")
        XCTAssertEqual([race.going, race.weather], ["GOOD4", "FINE"])
        XCTAssertEqual(race.status, .final, "Paying")
        // 04:15 UTC is 14:15 in Brisbane, which keeps no summer time.
        XCTAssertEqual(race.startInstant, 1_795_839_300)
        XCTAssertEqual(race.zone, "Australia/Brisbane")
        XCTAssertEqual([race.date, race.time], ["2026-11-28", "14:15"])
        XCTAssertEqual(race.runners.map(\.cloth), [1, 2, 3, 5, 6])
        XCTAssertEqual(race.nonRunners.map(\.horse.name), ["Tidewater", "Paperbark Boy"])
        XCTAssertEqual(race.runners.map(\.odds.text), ["4.2", "2.9", "7.5", "5.5", "15.0"])
        XCTAssertEqual(race.favourite?.horse.name, "Sandpiper Bay")
        XCTAssertEqual(race.rides[0].flucs.map(\.text), ["5.0", "4.6", "4.2"])
        XCTAssertEqual(race.rides[1].flucs.map(\.text), ["3.2"], "the opening price when no flucs are given")
        XCTAssertEqual([race.rides[0].jockey, race.rides[0].trainer], ["M Reyes", "A Quill"])
        XCTAssertEqual(race.rides[0].barrier, 5)
        XCTAssertEqual(race.rides[0].form.text, "21x31")
        let late = race.rides[3]
        XCTAssertTrue(late.withdrawn && late.lateScratching)
        XCTAssertEqual(late.deductions, Deductions(win: 8, place: 3))
        XCTAssertFalse(race.rides[6].lateScratching)
    }

    func testTheFinalFixturesResult() throws {
        let data = try FormatFixtures.formatData("tab-race-final.json")
        let result = try XCTUnwrap(TabRaceReader.decode(RaceInput(data), timeZone: "UTC").races.first?.result)
        XCTAssertEqual(result.placings.map(\.place), [1, 2, 3, 3])
        XCTAssertEqual(result.placings.map(\.cloth), [2, 1, 3, 5])
        XCTAssertEqual(
            result.placings.map(\.name), ["Sandpiper Bay", "Harbour Lights", "Mango Lane", "Blue Heeler Girl"])
        XCTAssertTrue(result.isDeadHeat(3))
        XCTAssertEqual(result.dividends.count, 14, "9 tote, 5 fixed; the jackpotted first four pays nothing")
        XCTAssertEqual(
            result.dividends(for: 2).map { "\($0.product) \($0.pool ?? "tote") \($0.amount)" },
            ["Win tote 3.1", "Place tote 1.4", "Win Fixed 2.9", "Place Fixed 1.35"])
        XCTAssertEqual(result.dividends(for: 5).map(\.amount), [1.5, 2.0])
        XCTAssertEqual(result.exotics.map(\.product), ["Quinella", "Exacta", "Trifecta", "Trifecta"])
        XCTAssertEqual(result.exotics.map(\.runners), [[1, 2], [2, 1], [2, 1, 3], [2, 1, 5]])
    }

    func testFoundByShapeAndNotTakingTheOtherFixtures() throws {
        XCTAssertTrue(TabRaceReader.fit(RaceInput(try FormatFixtures.formatData("tab-race-final.json"))).isMatch)
        for name in FormatFixtures.others + ["race-formats/neds-racecard-open.json", "race-formats/tab-next-to-go.json"]
        {
            XCTAssertFalse(TabRaceReader.fit(RaceInput(try FormatFixtures.data(name))).isMatch, name)
        }
        let nearMiss = TabRaceReader.fit(RaceInput(Data(#"{"raceNumber": 2, "runners": []}"#.utf8)))
        XCTAssertEqual(nearMiss.lacks, ["raceStartTime"])
    }

    func testAnArrayOfRacesAndAPlaceOutsideAustralia() throws {
        let one = race(#"{"runnerNumber": 1, "runnerName": "A", "fixedOdds": {"returnWin": 3}}"#, location: "NZL")
        let card = try inline("[\(one), \(one)]")
        XCTAssertEqual(card.races.count, 2)
        XCTAssertEqual(card.races[0].zone, "Pacific/Auckland")
        XCTAssertEqual([card.races[0].date, card.races[0].time], ["2026-11-28", "15:05"])
        XCTAssertEqual(card.races[0].rides[0].odds.text, "3.0")
        XCTAssertEqual(card.races[0].status, .open)
        XCTAssertNil(card.races[0].result)
    }

    func testAnUnknownPlaceIsWrittenInTheReadersZone() throws {
        let race = try XCTUnwrap(inline(race("", location: "ZZZ"), zone: "Asia/Tokyo").races.first)
        XCTAssertNil(race.zone)
        XCTAssertEqual(race.time, "11:05")
    }

    func testAScratchingWithDeductionsOfNothingIsNoLateScratching() throws {
        let runner = """
            {"runnerNumber": 1, "runnerName": "A",
             "fixedOdds": {"bettingStatus": "Scratched", "winDeduction": 0, "placeDeduction": 0}}
            """
        let ride = try XCTUnwrap(inline(race(runner)).races.first?.rides.first)
        XCTAssertTrue(ride.withdrawn)
        XCTAssertFalse(ride.lateScratching)
        XCTAssertNil(ride.deductions)
    }

    func testNamedByFormatAndANearMissNamedInTheError() throws {
        let data = try FormatFixtures.formatData("tab-race-final.json")
        XCTAssertEqual(try RaceCardReaders.decode(data, format: "tab", timeZone: "UTC").races.count, 1)
        let wrong = FormatFixtures.error { _ = try RaceCardReaders.decode(data, format: "neds", timeZone: "UTC") }
        XCTAssertEqual(wrong?.keyPath, "race")
        let nearMiss = FormatFixtures.error {
            _ = try RaceCardReaders.decode(
                Data(#"{"raceNumber": 2, "runners": []}"#.utf8), format: nil, timeZone: "UTC")
        }
        XCTAssertTrue(
            nearMiss?.message.contains("read as the closest shape, `format: tab`") ?? false,
            String(describing: nearMiss?.message))
        XCTAssertTrue(nearMiss?.message.contains("`raceStartTime`") ?? false)
    }

    func testErrorsNameTheKeyPath() {
        let number = FormatFixtures.error {
            _ = try self.inline(self.race(#"{"runnerNumber": "1", "runnerName": "A"}"#))
        }
        XCTAssertEqual(number?.keyPath, "runners[0].runnerNumber")
        let start = FormatFixtures.error {
            _ = try self.inline(#"{"raceNumber": 1, "raceStartTime": "soon", "runners": []}"#)
        }
        XCTAssertEqual(start?.keyPath, "raceStartTime")
        let amount = FormatFixtures.error {
            _ = try self.inline(
                self.race(
                    "",
                    extra: #", "dividends": [{"wageringProduct": "Win", "poolDividends": [{"amount": "lots"}]}]"#))
        }
        XCTAssertEqual(amount?.keyPath, "dividends[0].poolDividends[0].amount")
    }
}
