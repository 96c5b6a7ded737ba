import Racing
import GazetteCore
import Localization

/// The race card as a digest: how many races and the featured one as figures, the featured
/// race's market chart, then every race in start order with its favourite.
package enum RaceCardDigest {
    /// `markets` (each race's market over builds, when remembered) adds a section naming the
    /// races' steamers and drifters since opening; `states` (as the input says) a section of results.
    package static func make(
        _ races: [Race], featured: Int?, charts: [ChartSpec], _ conventions: TextConventions,
        markets: [RaceMarket] = [],
        states: [RaceState] = []
    ) -> ReportDigest {
        let words = conventions.words
        guard let featured else {
            return ReportDigest(
                figures: [DigestFigure(words["raceCard.digestRaces"], "0")],
                sections: [
                    DigestSection(title: words["raceCard.racesHeading"], lines: [words["raceCard.listsNoRaces"]])
                ])
        }
        let race = races[featured]
        var figures = [
            DigestFigure(
                words["raceCard.digestRaces"], String(races.count), detail: RaceCardFormat.day(race.date, conventions)),
            DigestFigure(words["raceCard.featured"], RaceCardFormat.heading(race), detail: race.name)
        ]
        if let favourite = race.favourite {
            figures.append(
                DigestFigure(
                    words["race.favourite"], favourite.horse.name,
                    detail: RaceCardFormat.odds(favourite.odds, conventions))
            )
        }
        let runners = words.count("race.runnersCount", race.runners.count, String(race.runners.count))
        let featuredSection = DigestSection(
            title: words.text("raceCard.featuredTitle", ["race": RaceCardFormat.heading(race)]),
            lines: [words.text("raceCard.digestFeaturedLine", ["name": race.name, "runners": runners])],
            chart: charts[featured].ref)
        let lines = races.indices.map { index in
            RaceResultFormat.statusLine(
                races[index], state: states.indices.contains(index) ? states[index] : .open, conventions)
        }
        // The table names a run race's winners only: the results are in full above it.
        let short = races.indices.map { index in
            RaceResultFormat.shortStatus(
                races[index], state: states.indices.contains(index) ? states[index] : .open, conventions)
        }
        let rows = zip(races, short).map { race, line in
            TableRow(
                header: RaceCardFormat.heading(race),
                cells: [
                    String(race.runners.count),
                    line ?? race.favourite.map { "\($0.horse.name) (\(RaceCardFormat.odds($0.odds, conventions)))" }
                        ?? words["raceCard.notPriced"]
                ])
        }
        // A race that is not open shows its winners or its state there, so the column says both.
        let last = short.contains { $0 != nil } ? words["raceCard.digestFavouriteOrResult"] : words["race.favourite"]
        let table = DataTable(
            caption: words["raceCard.digestCaption"], headers: [words["race.race"], words["race.runners"], last],
            rows: rows)
        var sections = [featuredSection]
        let results = zip(races, lines).compactMap { race, line in
            line.map { "\(RaceCardFormat.heading(race)): \($0)" }
        }
        if !results.isEmpty { sections.append(DigestSection(title: words["raceCard.resultsHeading"], lines: results)) }
        let moves = RaceMovesPresenter(conventions: conventions)
        let movers = zip(races, markets).compactMap { race, market -> String? in
            guard !market.steamers.isEmpty || !market.drifters.isEmpty else { return nil }
            return words.text(
                "raceCard.digestMovers",
                [
                    "race": RaceCardFormat.heading(race), "steamers": moves.list(market.steamers),
                    "drifters": moves.list(market.drifters)
                ])
        }
        if !movers.isEmpty { sections.append(DigestSection(title: words["race.moves.title"], lines: movers)) }
        sections.append(DigestSection(title: words["race.allRaces"], lines: [], table: table))
        return ReportDigest(figures: figures, sections: sections)
    }
}
