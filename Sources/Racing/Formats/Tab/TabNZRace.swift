import Foundation
import JSONSupport

/// `races[i]` of TAB NZ's JSON: `entries` with their prices before the off; `placings`,
/// `also_ran`, `scratchings` and `pools` once run (the results have no `entries`: the field is
/// then made of them).
struct TabNZRace {
    let name: String
    let number: Int?
    let start: Int64
    let status: RaceStatus?
    let distance: Int?
    let going: String?
    let weather: String?
    let entries: [TabNZEntry]
    let placings: [Placing]
    let dividends: [Dividend]

    private enum Keys: String, CodingKey {
        case name, number, status, length, distance, track, weather, entries, placings, scratchings, pools
        case normTime = "norm_time"
        case startTime = "start_time"
        case alsoRan = "also_ran"
    }

    init(from decoder: any Decoder, zone: TimeZone?) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        name = try container.decodeTextIfPresent(forKey: .name) ?? ""
        number = try container.decodeIntegerIfPresent(Int.self, forKey: .number)
        guard
            let start = try container.decodeStartIfPresent(forKey: .normTime, zone: zone)
                ?? container.decodeStartIfPresent(forKey: .startTime, zone: zone)
        else {
            throw DecodingError.keyNotFound(
                Keys.normTime, .init(codingPath: container.codingPath, debugDescription: "missing"))
        }
        self.start = start
        let word = try container.decodeTextIfPresent(forKey: .status)
        // `COMPLETE` is how these results say the race is settled.
        status = word.map { $0.lowercased() == "complete" ? .final : RaceStatus(word: $0) } ?? nil
        distance =
            try container.decodeNumberIfPresent(forKey: .length).map { Int($0) }
            ?? container.decodeNumberIfPresent(forKey: .distance).map { Int($0) }
        going = try container.decodeTextIfPresent(forKey: .track)
        weather = try container.decodeTextIfPresent(forKey: .weather)
        let placed = try container.decodeIfPresent([TabNZEntry].self, forKey: .placings) ?? []
        let ran = try container.decodeIfPresent([TabNZEntry].self, forKey: .alsoRan) ?? []
        let scratched = try container.decodeIfPresent([TabNZEntry].self, forKey: .scratchings) ?? []
        let listed = try container.decodeIfPresent([TabNZEntry].self, forKey: .entries)
        entries = Self.field(listed: listed, placed: placed + ran, scratched: scratched)
        placings = (placed + ran).compactMap(\.placing)
        dividends = try container.decodeIfPresent([TabNZPool].self, forKey: .pools)?.compactMap(\.dividend) ?? []
    }

    /// The entries, or when the input lists none (the results) the runners it places; a runner
    /// in `scratchings` is a non-runner either way.
    private static func field(listed: [TabNZEntry]?, placed: [TabNZEntry], scratched: [TabNZEntry]) -> [TabNZEntry] {
        let scratchedNumbers = Set(scratched.map(\.cloth))
        var field = listed ?? placed.filter { !scratchedNumbers.contains($0.cloth) }
        let numbers = Set(field.map(\.cloth))
        field += scratched.filter { !numbers.contains($0.cloth) }
        return field.map { scratchedNumbers.contains($0.cloth) ? $0.asScratched : $0 }
            .sorted { $0.cloth < $1.cloth }
    }

    func race(course: String?, meetingZone: String?, readersZone: String) -> Race {
        let text = StartInstant.written(start, meetingZone: meetingZone, readersZone: readersZone)
        let rides = entries.map(\.ride)
        let names = Dictionary(rides.map { ($0.cloth, $0.horse.name) }, uniquingKeysWith: { first, _ in first })
        let result = placings.map { placing -> Placing in
            var named = placing
            if named.name.isEmpty { named.name = names[named.cloth] ?? "" }
            return named
        }
        return Race(
            name: name, course: course, distance: distance.flatMap { $0 > 0 ? "\($0)m" : nil }, date: text.date,
            time: text.time, going: going, number: number, weather: weather, rides: rides, status: status,
            startInstant: start,
            result: result.isEmpty && dividends.isEmpty ? nil : RaceResult(placings: result, dividends: dividends),
            zone: text.zone)
    }
}
