import Racing
import GazetteCore
import Localization

/// The race card in plain text: the featured race, then each race's favourite.
package enum RaceCardSummary {
    /// `states`: each race's state as the input says (a result replaces the favourite).
    package static func lines(
        _ races: [Race], featured: Int?, _ conventions: TextConventions = .standard, states: [RaceState] = []
    ) -> [String] {
        let words = conventions.words
        guard !races.isEmpty else { return [words["raceCard.listsNoRaces"]] }
        var lines: [String] = []
        if let featured {
            lines.append(
                words.text(
                    "raceCard.featuredTitle", ["race": describe(races[featured], conventions, state(states, featured))])
            )
        }
        lines.append(words.count("raceCard.summaryRaces", races.count, String(races.count)))
        for (index, race) in races.enumerated() {
            lines.append("- \(describe(race, conventions, state(states, index)))")
        }
        return lines
    }

    private static func state(_ states: [RaceState], _ index: Int) -> RaceState {
        states.indices.contains(index) ? states[index] : .open
    }

    private static func describe(_ race: Race, _ conventions: TextConventions, _ state: RaceState) -> String {
        let words = conventions.words
        let favourite =
            RaceResultFormat.statusLine(race, state: state, conventions)
            ?? race.favourite.map {
                words.text(
                    "raceCard.summaryFavourite",
                    ["horse": $0.horse.name, "odds": RaceCardFormat.odds($0.odds, conventions)])
            } ?? words["raceCard.summaryNoFavourite"]
        return words.text(
            "raceCard.summaryRace",
            [
                "race": RaceCardFormat.heading(race), "name": race.name,
                "runners": words.count("raceCard.summaryRunners", race.runners.count, String(race.runners.count)),
                "favourite": favourite
            ])
    }
}
