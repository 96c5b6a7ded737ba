import Foundation
import Racing
import ReportFacts

/// What a race-card report keeps of each build (the runners and the non-runners) and what it
/// says against the history: the runners scratched since the last build that recorded figures.
package enum RaceCardHistory {
    /// A non-runner as the history keeps it: its race's page and its cloth number and name
    /// (`1430-kestrel-downs/7. Blue Heron`), so two races' cloth 7s stay apart.
    static func key(page: String, _ ride: Ride) -> String {
        "\(page)/\(ride.cloth). \(ride.horse.name)"
    }

    package static func figures(_ races: [Race], pages: [String]) -> RaceCardFigures {
        var prices: [String: [String]] = [:]
        for (race, page) in zip(races, pages) {
            for ride in race.runners {
                let seen = RaceCardMarketMemory.observed(ride)
                if !seen.isEmpty { prices[key(page: page, ride)] = seen }
            }
        }
        var results: [String: String] = [:]
        for (race, page) in zip(races, pages) {
            if let placings = RaceCardResultNews.placings(race) { results[page] = placings }
        }
        return RaceCardFigures(
            runners: races.reduce(0) { $0 + $1.runners.count },
            nonRunners: zip(races, pages).flatMap { race, page in race.nonRunners.map { key(page: page, $0) } },
            prices: prices, results: results.isEmpty ? nil : results)
    }

    /// What changed, and the keys of the runners scratched since (their rows are marked). When
    /// the figures changed and a runner has steamed since opening, the biggest steamer is named
    /// in the line and the subject too.
    package static func change(
        _ figures: HeadlineFigures, races: [Race], pages: [String], steamer: MarketMover?, input: ReportInput
    ) -> (note: ChangeNote?, newlyScratched: Set<String>) {
        let (note, scratched) = scratches(figures, races: races, pages: pages, input: input)
        guard let note, let line = note.line, let steamer, input.compared(figures)?.changed == true else {
            return (note, scratched)
        }
        let words = input.conventions.words
        let named = RaceCardFormat.mover(steamer, input.conventions)
        let steamerSubject = RaceCardFormat.moverText("raceCard.steamerSubject", steamer, input.conventions)
        let subject =
            scratched.isEmpty
            ? steamerSubject
            : words.text("raceCard.subjectWithSteamer", ["change": note.subject, "steamer": steamerSubject])
        return (
            ChangeNote(
                line: words.text("raceCard.changeWithSteamer", ["change": line, "steamer": named]), subject: subject),
            scratched
        )
    }

    private static func scratches(_ figures: HeadlineFigures, races: [Race], pages: [String], input: ReportInput)
        -> (note: ChangeNote?, newlyScratched: Set<String>)
    {
        guard let comparison = input.compared(figures), let now = figures.of(RaceCardFigures.self) else {
            return (nil, [])
        }
        let words = input.conventions.words
        guard comparison.changed, let since = comparison.since, let before = since.figures.of(RaceCardFigures.self)
        else {
            let last = comparison.unchangedSince ?? comparison.since
            return (last.map { ChangeNote(line: input.noChange(since: $0), subject: input.noChange(since: $0)) }, [])
        }
        let date = input.day(of: since)
        let scratched = Set(now.nonRunners).subtracting(before.nonRunners)
        guard !scratched.isEmpty else {
            let line = words.text("raceCard.noNewScratches", ["date": date])
            return (ChangeNote(line: line, subject: line), [])
        }
        // Named in the card's order: race by race, by cloth number.
        var names: [String] = []
        for (race, page) in zip(races, pages) {
            for ride in race.nonRunners where scratched.contains(key(page: page, ride)) {
                names.append(ride.horse.name)
            }
        }
        let count = String(scratched.count)
        let list = names.joined(separator: ", ")
        return (
            ChangeNote(
                line: words.count("raceCard.scratchedSince", scratched.count, count, ["date": date, "list": list]),
                subject: words.count("raceCard.scratchedSubject", scratched.count, count)),
            scratched
        )
    }
}
