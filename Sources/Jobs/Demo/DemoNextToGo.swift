import Deterministic
import Foundation
import GazetteCore

/// The demo's next-to-go data: a response in the Neds shape (SPEC §1.2) for invented meetings,
/// written for Gazette.
///
/// A recorded feed goes stale within minutes, and a next-to-go page built from stale data is
/// empty. So the demo's start times are offsets from the build's now: whatever `--now` says,
/// the page shows five live races (the first just jumped, the rest to come), and carries more
/// for the page's script to reveal as they leave. The sample keeps the feed's quirks: ids out
/// of time order, two races sharing a start, a category id no filter knows ("Other"), a race
/// that has already left, and `race_form` with and without weather.
package enum DemoNextToGo {
    package struct Race {
        var meeting: String
        var venueState: String
        var number: Int
        var name: String
        var category: String
        /// Seconds from the build's now to the advertised start.
        var offset: Int64
        var distance: Int
        var weather: String?
    }

    package static let horse = "4a2788f8-e825-4d36-9894-efd4baf1cfae"
    package static let harness = "161d9be2-e909-4326-8c2c-35ed71fb460b"
    package static let greyhound = "9daef0d7-bf3c-4f50-921d-8e818c60fe61"
    /// A category id the filters do not know: shown as "Other", only in the unfiltered view.
    package static let unknown = "5f2b7c1e-0d4a-4e8b-9a63-2c1d7e9b4a10"

    /// Listed in the feed's own (not time) order.
    package static let races: [Race] = [
        Race(
            meeting: "Wattle Creek", venueState: "NSW", number: 4, name: "Wattle Creek Sprint Maiden",
            category: greyhound, offset: 95, distance: 305, weather: "FINE"),
        Race(
            meeting: "Bluegum Raceway", venueState: "VIC", number: 7, name: "Summer Pace Mobile", category: harness,
            offset: 260, distance: 1720, weather: "OCAST"),
        Race(
            meeting: "Thornvale", venueState: "QLD", number: 3, name: "Juvenile Plate", category: horse, offset: -25,
            distance: 1000, weather: "FINE"),
        Race(
            meeting: "Saltbush Downs", venueState: "SA", number: 5, name: "Saltbush Cup", category: horse, offset: 1260,
            distance: 1600, weather: nil),
        Race(
            meeting: "Millbrook", venueState: "NSW", number: 2, name: "Grade 5 Heat", category: greyhound, offset: 780,
            distance: 520, weather: "FINE"),
        Race(
            meeting: "Copper Flat", venueState: "WA", number: 1, name: "Copper Flat Trotters Handicap",
            category: harness, offset: 1260, distance: 2130, weather: "SHWRY"),
        Race(
            meeting: "Thornvale", venueState: "QLD", number: 2, name: "Maiden Handicap", category: horse, offset: -330,
            distance: 1200, weather: "FINE"),
        Race(
            meeting: "Wattle Creek", venueState: "NSW", number: 5, name: "Mixed Stakes", category: greyhound,
            offset: 2040, distance: 305, weather: "FINE"),
        Race(
            meeting: "Ironbark Park", venueState: "TAS", number: 1, name: "Pony Derby", category: unknown, offset: 2700,
            distance: 800, weather: nil),
        Race(
            meeting: "Thornvale", venueState: "QLD", number: 4, name: "Benchmark 64 Handicap", category: horse,
            offset: 2820, distance: 1400, weather: "FINE"),
        Race(
            meeting: "Bluegum Raceway", venueState: "VIC", number: 8, name: "Free For All Pace", category: harness,
            offset: 3480, distance: 2240, weather: "OCAST"),
        Race(
            meeting: "Millbrook", venueState: "NSW", number: 3, name: "Masters Final", category: greyhound,
            offset: 4320, distance: 715, weather: "FINE"),
        Race(
            meeting: "Saltbush Downs", venueState: "SA", number: 6, name: "Class 1 Plate", category: horse,
            offset: 5160, distance: 1100, weather: nil),
        Race(
            meeting: "Copper Flat", venueState: "WA", number: 2, name: "Claimers Pace", category: harness, offset: 6000,
            distance: 2130, weather: "SHWRY")
    ]

    /// The instant the sample is dated from when the demo is made without a clock:
    /// 2025-09-20T12:00:00Z, the race card demo's day.
    package static let referenceNow: Int64 = 1_758_369_600

    /// Whole Unix seconds of the build's now (the feed's unit), or the reference instant.
    package static func seconds(_ now: Date?) -> Int64 {
        now.map { Int64($0.timeIntervalSince1970.rounded(.down)) } ?? referenceNow
    }

    /// The feed as the API would have answered at `now` (Unix seconds).
    package static func json(now: Int64) -> String {
        var summaries: [String: JSONValue] = [:]
        for race in races {
            let id = identifier("race", race.meeting, race.number)
            var form: [String: JSONValue] = [
                "distance": .int(race.distance),
                "distance_type": .object(["name": .string("Metres"), "short_name": .string("m")]),
                "track_condition": .object(["name": .string("Good4"), "short_name": .string("good4")])
            ]
            if let weather = race.weather {
                form["weather"] = .object(["name": .string(weather), "short_name": .string(weather.lowercased())])
            }
            summaries[id] = .object([
                "race_id": .string(id),
                "race_name": .string(race.name),
                "race_number": .int(race.number),
                "meeting_id": .string(identifier("meeting", race.meeting, 0)),
                "meeting_name": .string(race.meeting),
                "category_id": .string(race.category),
                "advertised_start": .object(["seconds": .int(Int(now + race.offset))]),
                "race_form": .object(form),
                "venue_id": .string(identifier("venue", race.meeting, 0)),
                "venue_name": .string(race.meeting),
                "venue_state": .string(race.venueState),
                "venue_country": .string("AUS")
            ])
        }
        return JSONValue.object([
            "status": .int(200),
            "data": .object([
                "next_to_go_ids": .array(races.map { .string(identifier("race", $0.meeting, $0.number)) }),
                "race_summaries": .object(summaries)
            ]),
            "message": .string("Next \(races.count) races from each category")
        ]).rendered()
    }

    /// A stable, UUID-shaped id for an invented thing (FNV-1a, so it never changes between runs).
    package static func identifier(_ kind: String, _ name: String, _ number: Int) -> String {
        let key = "\(kind)/\(name)/\(number)"
        let hex =
            String(FNV1a.hash64(key), radix: 16).leftPadded(16)
            + String(FNV1a.hash64(key + "#"), radix: 16).leftPadded(16)
        let c = Array(hex)
        return [c[0..<8], c[8..<12], c[12..<16], c[16..<20], c[20..<32]].map { String($0) }.joined(separator: "-")
    }
}

private extension String {
    package func leftPadded(_ width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
