import Racing
import GazetteCore
import Localization

/// The race card as a whole document, for the PDF: the digest's figures, featured race and list
/// of races, then every race in start order with its runners as a printed card lists them — by
/// cloth number, non-runners after the runners — each with odds, implied chance and form. `states`
/// (at the build's clock) add each run race's result, as its page has it.
package enum RaceCardDocument {
    package static func make(
        _ races: [Race], featured: Int?, charts: [ChartSpec], _ conventions: TextConventions,
        markets: [RaceMarket] = [],
        states: [RaceState] = []
    ) -> ReportDigest {
        var document = RaceCardDigest.make(
            races, featured: featured, charts: charts, conventions, markets: markets, states: states)
        guard featured != nil else { return document }
        document.sections += races.indices.map {
            section(races[$0], conventions, state: states.indices.contains($0) ? states[$0] : .open)
        }
        return document
    }

    /// One race: its heading, what it is, its result or state once it is off, its favourite, and
    /// the runners' table.
    package static func section(_ race: Race, _ conventions: TextConventions, state: RaceState = .open)
        -> DigestSection
    {
        let words = conventions.words
        var lines = [
            RacePagePresenter.lede(race, conventions) + " · " + RaceCardFormat.fieldSize(race, words) + "."
        ]
        if let name = RacePagePresenter.nameIfDistinct(race) { lines.insert(name, at: 0) }
        if let status = RaceResultFormat.statusLine(race, state: state, conventions) { lines.append(status) }
        lines.append(
            RaceCardFormat.favourite(race, conventions).map { words.text("race.document.favourite", ["favourite": $0]) }
                ?? words["race.document.noFavourite"])
        let rows =
            race.byCloth.map { row($0, nonRunner: false, conventions) }
            + race.nonRunners.map { row($0, nonRunner: true, conventions) }
        let table = DataTable(
            caption: words.text("race.document.caption", ["race": RaceCardFormat.heading(race)]),
            headers: [
                words["race.column.cloth"], words["race.column.horse"], words["race.column.odds"],
                words["race.document.chance"], words["race.column.form"], words["race.document.score"],
                words["race.column.age"], words["race.document.lastRun"]
            ],
            rows: rows)
        return DigestSection(title: RaceCardFormat.heading(race), lines: lines, table: race.rides.isEmpty ? nil : table)
    }

    private static func row(_ ride: Ride, nonRunner: Bool, _ conventions: TextConventions) -> TableRow {
        let words = conventions.words
        return TableRow(
            header: String(ride.cloth),
            cells: [
                nonRunner ? words.text("race.document.nonRunner", ["horse": ride.horse.name]) : ride.horse.name,
                RaceCardFormat.odds(ride.odds, conventions),
                // A non-runner's price is void: no chance, as on the race's page.
                nonRunner ? RaceCardFormat.missing : RaceCardFormat.percent(ride.odds.impliedProbability, conventions),
                RaceCardFormat.form(ride.form),
                RaceCardFormat.formScore(ride.form.scoreHundredths, conventions),
                RaceCardFormat.number(ride.horse.age),
                ride.horse.daysSinceLastRun.map { words.count("race.document.days", $0, String($0)) }
                    ?? RaceCardFormat.missing
            ])
    }
}
