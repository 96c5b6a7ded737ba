import Racing
import GazetteCore

/// The next races in plain text, with their countdowns as of the build.
package enum NextToGoSummary {
    package static func lines(_ races: [RaceSummary], now: Int64) -> [String] {
        let next = races.prefix(5)
        guard !next.isEmpty else { return ["No races left to go."] }
        var lines =
            next.count < 5
            ? ["Only \(next.count) race\(next.count == 1 ? "" : "s") left to go:"] : ["The next five races:"]
        for race in next {
            let name = race.name.map { " — \($0)" } ?? ""
            lines.append(
                "- \(race.meetingName) R\(race.number) (\(race.category.displayName))\(name): \(Countdown.format(seconds: race.advertisedStart - now))"
            )
        }
        return lines
    }
}
