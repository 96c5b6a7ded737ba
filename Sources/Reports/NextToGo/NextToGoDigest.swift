import Foundation
import Racing
import GazetteCore
import TextStyle

/// The next races as a digest: the next one and how many are left as figures, then the next
/// five with their start times and countdowns as of the build.
package enum NextToGoDigest {
    package static func make(
        _ races: [RaceSummary], now: Int64, filter: Set<RaceCategory>, _ conventions: TextConventions
    ) -> ReportDigest {
        guard let next = races.first else {
            return ReportDigest(
                figures: [DigestFigure("Races to go", "0")],
                sections: [
                    DigestSection(title: "Next to go", lines: ["No races left to go, \(NextToGoView.phrase(filter))."])
                ])
        }
        let figures = [
            DigestFigure("Next", "\(next.meetingName) R\(next.number)", detail: when(next, now: now)),
            DigestFigure("Races to go", String(races.count), detail: NextToGoView.phrase(filter))
        ]
        let rows = races.prefix(5).map { race in
            TableRow(
                header: "\(race.meetingName) R\(race.number)",
                cells: [
                    race.category.displayName,
                    conventions.clock(Date(timeIntervalSince1970: TimeInterval(race.advertisedStart))),
                    Countdown.format(seconds: race.advertisedStart - now)
                ])
        }
        let table = DataTable(
            caption: "The next races as of the build", headers: ["Race", "Category", "Starts", "In"], rows: Array(rows))
        return ReportDigest(
            figures: figures,
            sections: [
                DigestSection(
                    title: "Next to go", lines: ["Countdowns are as of the build; the site's page keeps counting."],
                    table: table)
            ])
    }

    private static func when(_ race: RaceSummary, now: Int64) -> String {
        let delta = race.advertisedStart - now
        return delta == 0
            ? "starts now"
            : delta > 0 ? "in \(Countdown.format(seconds: delta))" : "started \(Countdown.format(seconds: -delta)) ago"
    }
}
