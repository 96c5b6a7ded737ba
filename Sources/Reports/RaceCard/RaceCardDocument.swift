import Racing
import GazetteCore
import TextStyle

/// The race card as a whole document, for the PDF: the digest's figures, featured race and list
/// of races, then every race in start order with its runners as a printed card lists them — by
/// cloth number, non-runners after the runners — each with odds, implied chance and form.
package enum RaceCardDocument {
    package static func make(
        _ races: [Race], featured: Int?, charts: [ChartSpec], _ conventions: TextConventions
    ) -> ReportDigest {
        var document = RaceCardDigest.make(races, featured: featured, charts: charts, conventions)
        guard featured != nil else { return document }
        document.sections += races.map { section($0, conventions) }
        return document
    }

    /// One race: its heading, what it is, its favourite, and the runners' table.
    package static func section(_ race: Race, _ conventions: TextConventions) -> DigestSection {
        var lines = [RacePagePresenter.lede(race, conventions) + " · " + RaceCardFormat.fieldSize(race) + "."]
        if let name = RacePagePresenter.nameIfDistinct(race) { lines.insert(name, at: 0) }
        lines.append(
            RaceCardFormat.favourite(race, conventions).map { "Favourite: \($0)." }
                ?? "No runner is priced: no favourite.")
        let rows =
            race.byCloth.map { row($0, nonRunner: false, conventions) }
            + race.nonRunners.map { row($0, nonRunner: true, conventions) }
        let table = DataTable(
            caption: "Runners of \(RaceCardFormat.heading(race)), by cloth number",
            headers: ["No.", "Horse", "Odds", "Chance", "Form", "Score", "Age", "Last run"],
            rows: rows)
        return DigestSection(title: RaceCardFormat.heading(race), lines: lines, table: race.rides.isEmpty ? nil : table)
    }

    private static func row(_ ride: Ride, nonRunner: Bool, _ conventions: TextConventions) -> TableRow {
        TableRow(
            header: String(ride.cloth),
            cells: [
                nonRunner ? "\(ride.horse.name) (non-runner)" : ride.horse.name,
                RaceCardFormat.odds(ride.odds),
                // A non-runner's price is void: no chance, as on the race's page.
                nonRunner ? RaceCardFormat.missing : RaceCardFormat.percent(ride.odds.impliedProbability, conventions),
                RaceCardFormat.form(ride.form),
                RaceCardFormat.formScore(ride.form.scoreHundredths, conventions),
                RaceCardFormat.number(ride.horse.age),
                ride.horse.daysSinceLastRun.map { "\($0) days" } ?? RaceCardFormat.missing
            ])
    }
}
