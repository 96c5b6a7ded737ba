import Foundation
import Racing
import GazetteCore
import Localization

/// The next races as a digest: the next one and how many are left as figures, then the next
/// five with their start times and countdowns as of the build.
package enum NextToGoDigest {
    package static func make(
        _ races: [RaceSummary], now: Int64, filter: Set<RaceCategory>, _ conventions: TextConventions
    ) -> ReportDigest {
        let words = conventions.words
        let countdown = CountdownText(words)
        let categories = NextToGoView.phrase(filter, words)
        guard let next = races.first else {
            return ReportDigest(
                figures: [DigestFigure(words["nextToGo.digestRacesToGo"], "0")],
                sections: [
                    DigestSection(
                        title: words["nextToGo.digestTitle"],
                        lines: [words.text("nextToGo.digestNone", ["categories": categories])])
                ])
        }
        func name(_ race: RaceSummary) -> String {
            words.text("race.short", ["meeting": race.meetingName, "number": String(race.number)])
        }
        let figures = [
            DigestFigure(
                words["nextToGo.digestNext"], name(next), detail: countdown.when(seconds: next.advertisedStart - now)),
            DigestFigure(words["nextToGo.digestRacesToGo"], String(races.count), detail: categories)
        ]
        let rows = races.prefix(5).map { race in
            TableRow(
                header: name(race),
                cells: [
                    race.category.name(words),
                    conventions.clock(Date(timeIntervalSince1970: TimeInterval(race.advertisedStart))),
                    countdown.format(seconds: race.advertisedStart - now)
                ])
        }
        let table = DataTable(
            caption: words["nextToGo.digestCaption"],
            headers: [
                words["nextToGo.digestRace"], words["nextToGo.digestCategory"], words["nextToGo.digestStarts"],
                words["nextToGo.digestIn"]
            ],
            rows: Array(rows))
        // The message is its races and their start times, never the countdowns' words.
        let identity =
            ["races to go \(races.count) \(categories)"]
            + races.prefix(5).map { "\(name($0))\t\($0.category.rawValue)\t\($0.advertisedStart)" }
        return ReportDigest(
            figures: figures,
            sections: [
                DigestSection(title: words["nextToGo.digestTitle"], lines: [words["nextToGo.digestNote"]], table: table)
            ],
            identityLines: identity)
    }
}
