import Foundation
import JSONSupport

/// A TAB race: the race's keys, its `meeting`, `runners` and `scratchings`, and once run its
/// `results` and `dividends`.
struct TabRace: Decodable {
    let name: String
    let number: Int?
    let start: Int64
    let status: RaceStatus?
    let distance: Int?
    let meeting: TabMeeting?
    let runners: [TabRunner]
    let results: [[Int]]
    let dividends: [Dividend]

    private enum Keys: String, CodingKey {
        case raceName, raceNumber, raceStartTime, raceStatus, raceDistance, meeting, runners, scratchings
        case results, dividends
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        name = try container.decodeTextIfPresent(forKey: .raceName) ?? ""
        number = try container.decodeIntegerIfPresent(Int.self, forKey: .raceNumber)
        guard let start = try container.decodeStartIfPresent(forKey: .raceStartTime) else {
            throw DecodingError.keyNotFound(
                Keys.raceStartTime, .init(codingPath: container.codingPath, debugDescription: "missing"))
        }
        self.start = start
        status = try container.decodeTextIfPresent(forKey: .raceStatus).flatMap(RaceStatus.init(word:))
        distance = try container.decodeIntegerIfPresent(Int.self, forKey: .raceDistance)
        meeting = try container.decodeIfPresent(TabMeeting.self, forKey: .meeting)
        let listed = try container.decodeIfPresent([TabRunner].self, forKey: .runners) ?? []
        // `scratchings` repeats scratched runners apart; one not among `runners` is added.
        let scratched = try container.decodeIfPresent([TabRunner].self, forKey: .scratchings) ?? []
        let numbers = Set(listed.map(\.cloth))
        runners = listed + scratched.filter { !numbers.contains($0.cloth) }.map(\.scratched)
        results = try container.decodeIfPresent([TabPlaceGroup].self, forKey: .results)?.map(\.numbers) ?? []
        dividends = try container.decodeIfPresent([TabDividend].self, forKey: .dividends)?.flatMap(\.dividends) ?? []
    }

    func race(readersZone: String) -> Race {
        let zone = meeting?.zone
        let start = StartInstant.written(self.start, meetingZone: zone, readersZone: readersZone)
        let rides = runners.map(\.ride)
        return Race(
            name: name, course: meeting?.name, distance: distance.flatMap { $0 > 0 ? "\($0)m" : nil },
            date: start.date, time: start.time, going: meeting?.going, number: number, weather: meeting?.weather,
            rides: rides, status: status, startInstant: self.start, result: result(rides), zone: start.zone)
    }

    /// The placings from `results` (one group of runner numbers per place: several are a dead
    /// heat, and the next place is counted past them), the tote dividends and the fixed ones.
    private func result(_ rides: [Ride]) -> RaceResult? {
        let names = Dictionary(rides.map { ($0.cloth, $0.horse.name) }, uniquingKeysWith: { first, _ in first })
        var placings: [Placing] = []
        for group in results {
            let place = placings.count + 1
            placings += group.map { Placing(place: place, cloth: $0, name: names[$0] ?? "") }
        }
        let fixed = placings.isEmpty ? [] : runners.flatMap(\.fixedDividends)
        guard !placings.isEmpty || !dividends.isEmpty else { return nil }
        return RaceResult(placings: placings, dividends: dividends + fixed)
    }
}

/// One group of `results`: the numbers sharing a place (`[3]`, or `[2, 5]` in a dead heat).
struct TabPlaceGroup: Decodable {
    let numbers: [Int]

    init(from decoder: any Decoder) throws {
        if let list = try? [Int](from: decoder) {
            numbers = list
        } else {
            numbers = [try decoder.singleValueContainer().decode(Int.self)]
        }
    }
}
