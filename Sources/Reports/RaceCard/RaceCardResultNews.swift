import Racing
import ReportFacts

/// A result as news: said by the change line and the message's subject on the first build that
/// sees it (`Result: 1st No. 2 Hot Bahama $7.50, 2nd No. 9 Dawn Flight (14:05 Orange)`), then
/// never again, whatever the clock. What the history keeps of a result is its placings.
package enum RaceCardResultNews {
    /// `1:2 2:9 2:5`, the race's placings as the history keeps them; nil when the input gives none
    /// the race can show (its status says neither interim nor final, or it has no placings).
    static func placings(_ race: Race) -> String? {
        guard RaceState.of(race, start: nil, now: 0).hasResult, let result = race.result else { return nil }
        return result.placings.map { "\($0.place):\($0.cloth)" }.joined(separator: " ")
    }

    /// The results this build is the first to see, in start order; nil when none. Without an
    /// earlier build to compare with, every result is new.
    static func news(_ races: [Race], pages: [String], figures: RaceCardFigures, input: ReportInput) -> ChangeNote? {
        let comparison = input.compared(HeadlineFigures(figures))
        // Figures as the last build left them: nothing is new.
        if let comparison, !comparison.changed { return nil }
        let before = comparison?.since?.figures.of(RaceCardFigures.self)?.results ?? [:]
        let conventions = input.conventions
        let words = conventions.words
        let run = zip(races, pages).filter { race, page in
            guard let placings = figures.results?[page] else { return false }
            return before[page] != placings
        }.compactMap { race, _ in race.result.map { (race, $0) } }
        let fresh = run.map { race, result in
            words.text(
                "raceCard.resultNews",
                ["placings": RaceResultFormat.placings(result, conventions), "race": RaceCardFormat.heading(race)])
        }
        guard let latest = fresh.last else { return nil }
        guard fresh.count > 1 else { return ChangeNote(line: latest, subject: latest) }
        // Several results at once (a first build, a missed afternoon) name each race's winners:
        // the race pages have the placings in full.
        let winners = run.map { race, result in
            words.text(
                "raceCard.resultsNewsWinners",
                [
                    "winners": result.winners.map { RaceResultFormat.placing($0, in: result, conventions) }
                        .joined(separator: ", "),
                    "race": RaceCardFormat.heading(race)
                ])
        }
        return ChangeNote(
            line: words.text("raceCard.resultsNews", ["list": winners.joined(separator: "; ")]),
            subject: words.count(
                "raceCard.resultNewsMore", fresh.count - 1, String(fresh.count - 1), ["result": latest]))
    }

    /// The result news first, then what else changed; the subject is the result's.
    static func merged(_ note: ChangeNote?, _ news: ChangeNote?) -> ChangeNote? {
        guard let news else { return note }
        guard let note else { return news }
        return ChangeNote(line: [news.line, note.line].compactMap { $0 }.joined(separator: "; "), subject: news.subject)
    }
}
