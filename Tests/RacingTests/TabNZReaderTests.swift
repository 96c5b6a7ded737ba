import Foundation
import GazetteTestSupport
import Racing
import XCTest

/// TAB New Zealand's JSON schedule, odds and results on our own invented day
/// (docs/reference/inputs.md, "TAB New Zealand's schedule, odds and results").
final class TabNZReaderTests: XCTestCase {
    private func inline(_ text: String, zone: String = "UTC") throws -> RaceCard {
        try TabNZReader.decode(RaceInput(Data(text.utf8)), timeZone: zone)
    }

    /// A day of one meeting in `country` with one race holding `race`'s keys.
    private func day(_ race: String, country: String = "NZ") -> String {
        """
        {"date": "2026-11-28", "meetings": [{"number": 1, "name": "OTAKI", "venue": "Otaki", "country": "\(country)",
          "races": [{"number": 2, "name": "Kahikatea Maiden", "norm_time": "2026-11-28 14:05:00", "status": "OPEN",
                     "length": "1200", \(race)}]}]}
        """
    }

    func testTheResultsFixtureByHand() throws {
        let data = try FormatFixtures.formatData("tab-nz-results.json")
        let race = try XCTUnwrap(RaceCardReaders.decode(data, format: nil, timeZone: "UTC").races.first)
        XCTAssertEqual(race.name, "Totara Handicap")
        XCTAssertEqual(race.course, "Kereru Park")
        XCTAssertEqual(race.number, 6)
        XCTAssertEqual(race.distance, "1400m")
        XCTAssertEqual([race.going, race.weather], ["Soft5", "Overcast"])
        XCTAssertEqual(race.status, .final, "PAYING")
        // 16:30 in New Zealand's summer time (UTC+13) is 03:30 UTC.
        XCTAssertEqual(race.startInstant, 1_795_836_600)
        XCTAssertEqual(race.zone, "Pacific/Auckland")
        XCTAssertEqual([race.date, race.time], ["2026-11-28", "16:30"])
        // The results list no entries: the field is the runners they place, and the scratching.
        XCTAssertEqual(race.runners.map(\.cloth), [1, 2, 3, 5, 6, 7])
        XCTAssertEqual(race.nonRunners.map(\.horse.name), ["KOWHAI KID"])
        XCTAssertNil(race.favourite)
        let result = try XCTUnwrap(race.result)
        XCTAssertEqual(result.placings.map(\.place), [1, 2, 2, 4, 5])
        XCTAssertEqual(result.placings.map(\.cloth), [3, 1, 6, 2, 5])
        XCTAssertEqual(result.placings.map(\.margin), [nil, 1.5, 1.5, nil, nil])
        XCTAssertTrue(result.isDeadHeat(2))
        XCTAssertEqual(result.dividends.count, 8, "the first four of 0 pays nothing")
        XCTAssertEqual(result.dividends(for: 3).map { "\($0.product) \($0.amount)" }, ["Win 4.2", "Place 1.7"])
        XCTAssertEqual(result.exotics.map(\.product), ["Quinella", "Quinella", "Trifecta", "Trifecta"])
        XCTAssertEqual(result.exotics.map(\.runners), [[1, 3], [3, 6], [3, 1, 6], [3, 6, 1]])
    }

    func testEntriesWithFixedAndTotePrices() throws {
        let text = day(
            """
            "entries": [{"number": 1, "name": "Weka", "jockey": "R Hona", "barrier": "3", "ffwin": 3.4, "win": 3.9},
                        {"number": 2, "name": "Kea", "ffwin": 0, "win": 2.6},
                        {"number": 3, "name": "Moa", "scratched": true, "ffwin": 9.0}]
            """)
        let race = try XCTUnwrap(inline(text, zone: "Europe/London").races.first)
        XCTAssertEqual(race.rides.map(\.odds.text), ["3.4", "2.6", "9.0"])
        XCTAssertEqual(race.favourite?.horse.name, "Kea")
        XCTAssertEqual(race.nonRunners.map(\.cloth), [3])
        XCTAssertEqual(race.rides[0].barrier, 3)
        XCTAssertEqual(race.rides[0].jockey, "R Hona")
        XCTAssertEqual(race.status, .open)
        XCTAssertEqual(race.distance, "1200m")
        XCTAssertEqual([race.date, race.time, race.zone], ["2026-11-28", "14:05", "Pacific/Auckland"])
        XCTAssertEqual(race.startInstant, 1_795_827_900)
    }

    func testAMeetingAbroadAndAStartWithAnOffset() throws {
        let text = """
            {"meetings": [{"name": "Flemington", "country": "AUS", "races": [{"number": 1,
              "norm_time": "2026-11-28T14:05:00+11:00", "entries": []}]}]}
            """
        let race = try XCTUnwrap(inline(text, zone: "Asia/Tokyo").races.first)
        XCTAssertNil(race.zone, "Australia without a state spans zones")
        XCTAssertEqual(race.time, "12:05")
    }

    func testFoundByShapeAndNotTakingTheOtherFixtures() throws {
        XCTAssertTrue(TabNZReader.fit(RaceInput(try FormatFixtures.formatData("tab-nz-results.json"))).isMatch)
        let others =
            FormatFixtures.others + [
                "race-formats/neds-racecard-open.json", "race-formats/tab-race-final.json",
                "race-formats/tab-next-to-go.json"
            ]
        for name in others {
            XCTAssertFalse(TabNZReader.fit(RaceInput(try FormatFixtures.data(name))).isMatch, name)
        }
        let meetingsList = #"{"meetings": [{"meetingName": "X", "races": [{"raceNumber": 1}]}]}"#
        XCTAssertEqual(TabNZReader.fit(RaceInput(Data(meetingsList.utf8))).lacks, ["meetings[0].races[0].entries"])
    }

    func testErrorsNameTheKeyPath() {
        let number = FormatFixtures.error { _ = try self.inline(self.day(#""entries": [{"number": "one"}]"#)) }
        XCTAssertEqual(number?.keyPath, "meetings[0].races[0].entries[0].number")
        let start = FormatFixtures.error {
            _ = try self.inline(#"{"meetings": [{"name": "X", "races": [{"number": 1, "entries": []}]}]}"#)
        }
        XCTAssertEqual(start?.keyPath, "meetings[0].races[0].norm_time")
    }
}
