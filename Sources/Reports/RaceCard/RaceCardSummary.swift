import Racing
import GazetteCore

/// The race card in plain text: the featured race, then each race's favourite.
package enum RaceCardSummary {
    package static func lines(_ races: [Race], featured: Int?) -> [String] {
        guard !races.isEmpty else { return ["The card lists no races."] }
        var lines: [String] = []
        if let featured {
            lines.append("Featured: \(describe(races[featured]))")
        }
        lines.append("\(races.count) race\(races.count == 1 ? "" : "s"):")
        for race in races { lines.append("- \(describe(race))") }
        return lines
    }

    private static func describe(_ race: Race) -> String {
        let favourite =
            race.favourite.map { "favourite \($0.horse.name) (\(RaceCardFormat.odds($0.odds)))" } ?? "no runner priced"
        return "\(RaceCardFormat.heading(race)), \(race.name): \(race.runners.count) runners, \(favourite)"
    }
}
