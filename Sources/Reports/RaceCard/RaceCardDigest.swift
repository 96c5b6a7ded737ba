import Racing
import GazetteCore
import TextStyle

/// The race card as a digest: how many races and the featured one as figures, the featured
/// race's market chart, then every race in start order with its favourite.
package enum RaceCardDigest {
    package static func make(
        _ races: [Race], featured: Int?, charts: [ChartSpec], _ conventions: TextConventions
    ) -> ReportDigest {
        guard let featured else {
            return ReportDigest(
                figures: [DigestFigure("Races", "0")],
                sections: [DigestSection(title: "Races", lines: ["The card lists no races."])])
        }
        let race = races[featured]
        var figures = [
            DigestFigure("Races", String(races.count), detail: RaceCardFormat.day(race.date, conventions)),
            DigestFigure("Featured", RaceCardFormat.heading(race), detail: race.name)
        ]
        if let favourite = race.favourite {
            figures.append(DigestFigure("Favourite", favourite.horse.name, detail: RaceCardFormat.odds(favourite.odds)))
        }
        let featuredSection = DigestSection(
            title: "Featured: \(RaceCardFormat.heading(race))",
            lines: ["\(race.name), \(runners(race)). The chart shows each runner's implied chance from its odds."],
            chart: charts[featured].name)
        let rows = races.map { race in
            TableRow(
                header: RaceCardFormat.heading(race),
                cells: [
                    String(race.runners.count),
                    race.favourite.map { "\($0.horse.name) (\(RaceCardFormat.odds($0.odds)))" } ?? "not priced"
                ])
        }
        let table = DataTable(caption: "Races in start order", headers: ["Race", "Runners", "Favourite"], rows: rows)
        return ReportDigest(
            figures: figures,
            sections: [
                featuredSection,
                DigestSection(title: "All races", lines: [], table: table)
            ])
    }

    private static func runners(_ race: Race) -> String {
        race.runners.count == 1 ? "1 runner" : "\(race.runners.count) runners"
    }
}
