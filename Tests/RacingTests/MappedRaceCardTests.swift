import Foundation
import JSONSupport
import Racing
import XCTest

/// A race card and a next-to-go list read through a `fields:` mapping from JSON of our own shapes
/// (docs/reference/inputs.md, "Any other JSON"), and the faults it names by key and key path.
final class MappedRaceCardTests: XCTestCase {
    /// Two races: the first starts at 2026-11-28T13:05:00+11:00 (02:05 UTC) and is resulted; the
    /// second starts at Unix milliseconds 1795835100000 (03:05 UTC), its runners keyed by id.
    static let events = """
        {"data": {"events": [
          {"title": "Maiden Plate", "raceNo": 1, "startsAt": "2026-11-28T13:05:00+11:00", "state": "Final",
           "entrants": [
             {"no": 1, "horse": {"name": "Sea Lark"}, "odds": {"win": 2.5}, "out": false},
             {"no": 2, "horse": {"name": "Pale Ember"}, "odds": {"win": "9/2"}, "out": false},
             {"no": 3, "horse": {"name": "Kestrel Run"}, "odds": {"win": 7}, "out": true}],
           "result": {"order": [{"place": 1, "number": 2}, {"place": 2, "number": 1}]}},
          {"title": "Sprint", "raceNo": 2, "startsAt": 1795835100000, "state": "Open",
           "entrants": {"r-9": {"no": 4, "horse": {"name": "Tin Whistle"}, "odds": {"win": 3.75}}}}
        ]}}
        """

    static let mapping = FieldMapping(
        paths: [
            "races": "data.events[]", "name": "title", "number": "raceNo", "start": "startsAt", "status": "state"
        ],
        groups: [
            "runners": FieldMapping(
                paths: [
                    "path": "entrants[]", "number": "no", "name": "horse.name", "price": "odds.win", "scratched": "out"
                ]),
            "placings": FieldMapping(paths: ["path": "result.order[]", "place": "place", "number": "number"])
        ])

    func testAMappingReadsRacesRunnersPricesStartsAndPlacings() throws {
        var mapping = Self.mapping
        let text = Self.events.replacingOccurrences(of: #""entrants": {"r-9""#, with: #""field": {"r-9""#)
        mapping.groups["runners"]?.paths["path"] = "entrants[]"
        let card = try MappedRaceCard.decode(Data(text.utf8), mapping: mapping, timeZone: "Europe/London")
        XCTAssertEqual(card.races.count, 2)
        let first = card.races[0]
        XCTAssertEqual(first.name, "Maiden Plate")
        XCTAssertEqual(first.number, 1)
        // An ISO time with an offset says the meeting's zone: the card writes the time there.
        XCTAssertEqual(first.startInstant, 1_795_831_500)
        XCTAssertEqual(first.zone, "Etc/GMT-11")
        XCTAssertEqual([first.date, first.time], ["2026-11-28", "13:05"])
        XCTAssertEqual(first.status, .final)
        XCTAssertEqual(first.rides.map(\.cloth), [1, 2, 3])
        XCTAssertEqual(first.rides.map(\.horse.name), ["Sea Lark", "Pale Ember", "Kestrel Run"])
        XCTAssertEqual(first.rides.map(\.odds), [Odds(parsing: "2.5"), Odds(parsing: "9/2"), Odds(parsing: "7.0")])
        XCTAssertEqual(first.rides.map(\.withdrawn), [false, false, true])
        XCTAssertEqual(first.result?.winners.map(\.name), ["Pale Ember"])
        XCTAssertEqual(first.result?.placings.map(\.cloth), [2, 1])
        // Milliseconds, decided by value, written in the readers' zone; no runners under `entrants`.
        XCTAssertEqual(card.races[1].startInstant, 1_795_835_100)
        XCTAssertNil(card.races[1].zone)
        XCTAssertEqual([card.races[1].date, card.races[1].time], ["2026-11-28", "03:05"])
        XCTAssertEqual(card.races[1].rides, [])
    }

    func testRunnersKeyedByIDAreWalkedWithBraces() throws {
        var mapping = Self.mapping
        mapping.paths["races"] = "data.events[1]"
        mapping.groups["runners"]?.paths["path"] = "entrants{}"
        let card = try MappedRaceCard.decode(Data(Self.events.utf8), mapping: mapping, timeZone: "UTC")
        XCTAssertEqual(card.races.map(\.name), ["Sprint"])
        XCTAssertEqual(card.races[0].rides.map(\.horse.name), ["Tin Whistle"])
        XCTAssertEqual(card.races[0].rides[0].odds, Odds(parsing: "3.75"))
    }

    func testAFaultNamesTheMappingsKeyAndTheInputsKeyPath() {
        let text = Self.events.replacingOccurrences(of: #""odds": {"win": 7}"#, with: #""odds": {"win": true}"#)
        XCTAssertThrowsError(try MappedRaceCard.decode(Data(text.utf8), mapping: Self.mapping, timeZone: "UTC")) {
            let error = $0 as? RacingDecodingError
            XCTAssertEqual(
                error?.message,
                "fields.runners.price: data.events[0].entrants[2].odds.win: expected a number, found a boolean")
            XCTAssertEqual(error?.line, 6)
        }
        let missing = Self.events.replacingOccurrences(of: #""no": 4, "#, with: "")
        var braces = Self.mapping
        braces.groups["runners"]?.paths["path"] = "entrants{}"
        braces.paths["races"] = "data.events[1]"
        XCTAssertThrowsError(try MappedRaceCard.decode(Data(missing.utf8), mapping: braces, timeZone: "UTC")) {
            XCTAssertEqual(
                ($0 as? RacingDecodingError)?.message,
                "fields.runners.number: data.events[1].entrants.r-9.no: missing required key")
        }
        let late = Self.events.replacingOccurrences(of: "2026-11-28T13:05:00+11:00", with: "2026-11-28 13:05")
        XCTAssertThrowsError(try MappedRaceCard.decode(Data(late.utf8), mapping: Self.mapping, timeZone: "UTC")) {
            XCTAssertEqual(
                ($0 as? RacingDecodingError)?.message,
                "fields.start: data.events[0].startsAt: expected Unix seconds, milliseconds or an ISO 8601 time "
                    + "with its offset, found \"2026-11-28 13:05\"")
        }
        // A number beyond any year is refused, not trapped on.
        let far = Self.events.replacingOccurrences(of: "1795835100000", with: "1e300")
        XCTAssertThrowsError(try MappedRaceCard.decode(Data(far.utf8), mapping: Self.mapping, timeZone: "UTC")) {
            XCTAssertTrue(
                (($0 as? RacingDecodingError)?.message ?? "").hasPrefix(
                    "fields.start: data.events[1].startsAt: start "),
                "\($0)")
        }
        var wrong = Self.mapping
        wrong.paths["races"] = "data.races[]"
        XCTAssertThrowsError(try MappedRaceCard.decode(Data(Self.events.utf8), mapping: wrong, timeZone: "UTC")) {
            XCTAssertEqual(($0 as? RacingDecodingError)?.message, "fields.races: data.races: missing required key")
        }
    }

    func testANextToGoListIsReadByMapping() throws {
        let text = """
            {"upcoming": [
              {"venue": "Riverbank", "no": 3, "jumpsAt": 1795831500, "code": "trots", "label": "Pace"},
              {"venue": "Hillside", "no": 1, "jumpsAt": "2026-11-28T01:30:00Z", "code": "G"}
            ]}
            """
        let mapping = FieldMapping(paths: [
            "races": "upcoming[]", "number": "no", "meeting": "venue", "start": "jumpsAt", "category": "code",
            "name": "label"
        ])
        let feed = try MappedNextToGo.decode(Data(text.utf8), mapping: mapping)
        // In start order, whatever the input's.
        XCTAssertEqual(feed.races.map(\.meetingName), ["Hillside", "Riverbank"])
        XCTAssertEqual(feed.races.map(\.advertisedStart), [1_795_829_400, 1_795_831_500])
        XCTAssertEqual(feed.races.map(\.category), [.greyhound, .harness])
        XCTAssertEqual(feed.races.map(\.id), ["Hillside 1", "Riverbank 3"])
        XCTAssertEqual(feed.races[1].name, "Pace")
        let broken = text.replacingOccurrences(of: #""no": 1"#, with: #""no": "first""#)
        XCTAssertThrowsError(try MappedNextToGo.decode(Data(broken.utf8), mapping: mapping)) {
            XCTAssertEqual(
                ($0 as? RacingDecodingError)?.message,
                "fields.number: upcoming[1].no: expected an integer, found a string")
        }
    }
}
