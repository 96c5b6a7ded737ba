import Racing
import GazetteCore
import Localization

/// The next races in plain text, with their countdowns as of the build.
package enum NextToGoSummary {
    package static func lines(_ races: [RaceSummary], now: Int64, _ words: Words = .english) -> [String] {
        let next = races.prefix(5)
        guard !next.isEmpty else { return [words["nextToGo.statusNone"]] }
        let countdown = CountdownText(words)
        var lines =
            next.count < 5
            ? [words.count("nextToGo.summaryOnly", next.count, String(next.count))] : [words["nextToGo.summaryNext"]]
        for race in next {
            let name = race.name.map { " — \($0)" } ?? ""
            let short = words.text("race.short", ["meeting": race.meetingName, "number": String(race.number)])
            lines.append(
                "- \(short) (\(race.category.name(words)))\(name): \(countdown.format(seconds: race.advertisedStart - now))"
            )
        }
        return lines
    }
}
