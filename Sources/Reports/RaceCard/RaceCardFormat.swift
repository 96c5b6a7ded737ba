import Localization
import Deterministic
import Racing
import GazetteCore

/// How the race-card pages write racing figures: fixed rules, and the readers' conventions (not
/// the machine's locale) for numbers and days, so pages are the same on every machine.
package enum RaceCardFormat {
    /// What the pages show for a value the card does not give.
    package static let missing = NumberText.missing

    /// An implied chance 0…1 as a percentage with at most one decimal, as the market chart
    /// writes it: 8/21 → `38.1%`, 1/2 → `50%`; `—` when unpriced.
    package static func percent(_ share: Double?, _ conventions: TextConventions) -> String {
        conventions.numbers.percent(share: share)
    }

    /// A form score with two decimals, so a column of scores lines up: 486 → `4.86`,
    /// 1000 → `10.00`; `—` for empty form.
    package static func formScore(_ hundredths: Int?, _ conventions: TextConventions) -> String {
        guard let hundredths else { return missing }
        return conventions.numbers.decimal(Double(hundredths) / 100, fractionDigits: 2)
    }

    /// The form as given, or `—` when the card has none.
    package static func form(_ form: Form) -> String {
        form.text.isEmpty ? missing : form.text
    }

    /// The odds as given. Surrounding spaces are trimmed only because HTML would collapse them
    /// anyway (` 7 / 2 ` shows as `7 / 2`); `report.json` keeps the text verbatim. Decimal odds
    /// are written as the readers write decimals, with the input's digits (`9.5` is `9,5` in
    /// German).
    package static func odds(_ odds: Odds, _ conventions: TextConventions) -> String {
        let trimmed = trimmedText(odds)
        guard case .decimal(let value, _) = odds, let point = trimmed.firstIndex(of: ".") else {
            return trimmed.isEmpty ? missing : trimmed
        }
        return conventions.numbers.decimal(
            value, fractionDigits: trimmed.distance(from: point, to: trimmed.endIndex) - 1)
    }

    /// The odds' text with surrounding spaces trimmed: how the history keeps a price.
    package static func trimmedText(_ odds: Odds) -> String {
        odds.text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// A move in points of implied chance, signed, with one decimal: `+10.4 pts`.
    package static func points(_ move: Double, _ conventions: TextConventions) -> String {
        let rounded = (move * 10).rounded() / 10
        let sign = rounded > 0 ? "+" : (rounded < 0 ? "−" : "±")
        return conventions.words.text(
            "race.points", ["points": sign + conventions.numbers.decimal(abs(rounded), fractionDigits: 1)])
    }

    /// `Gable End 9/2 → 5/2 (+10.4 pts)`: a mover as the pages name it.
    package static func mover(_ mover: MarketMover, _ conventions: TextConventions) -> String {
        moverText("race.mover", mover, conventions)
    }

    /// The catalog's sentence `key` naming a mover's horse, prices and move.
    package static func moverText(_ key: String, _ mover: MarketMover, _ conventions: TextConventions) -> String {
        conventions.words.text(
            key,
            [
                "horse": mover.horse, "from": odds(mover.from, conventions), "to": odds(mover.to, conventions),
                "points": points(mover.points, conventions)
            ])
    }

    /// The start as Unix seconds in text, for a race still to run at the build: the page's script
    /// shows it off from then by the reader's clock. Nil once it is off at the build, or when the
    /// start cannot be told.
    package static func offAt(_ race: Race, state: RaceState) -> String? {
        guard !state.isOff, let start = race.startSeconds(timeZone: race.zone ?? "UTC") else { return nil }
        return String(start)
    }

    /// Optional card text such as distance or going, `—` when absent or empty.
    package static func text(_ value: String?) -> String {
        guard let value, !value.isEmpty else { return missing }
        return value
    }

    package static func number(_ value: Int?) -> String {
        value.map(String.init) ?? missing
    }

    /// `2017-12-15` → `15 December 2017` (the decoder has already checked the form).
    package static func day(_ date: String, _ conventions: TextConventions) -> String {
        CivilDate(iso: date).map(conventions.fullDay) ?? date
    }

    /// `18:10 BST Woodbine`: how a race is named in headings, links and breadcrumbs.
    package static func heading(_ race: Race) -> String {
        let place = course(race) ?? race.name
        // A race whose start the input does not give (an exchange's market book) is named alone.
        return race.time.isEmpty ? place : "\(time(race)) \(place)"
    }

    /// `13:05 AEDT`: the race's time with the zone it is written in (the meeting's where the input
    /// says, else the readers'), so no time on a card is read in the wrong zone.
    package static func time(_ race: Race) -> String {
        guard let zone = race.zone, !race.time.isEmpty else { return race.time.isEmpty ? missing : race.time }
        return "\(race.time) \(ZoneLabel.text(zone, at: race.startSeconds(timeZone: zone)))"
    }

    /// The course, when the card names one (an empty name counts as none).
    package static func course(_ race: Race) -> String? {
        race.course.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// `1 Osculation`: a runner as the market chart labels it.
    package static func runnerLabel(_ ride: Ride) -> String {
        "\(ride.cloth) \(ride.horse.name)"
    }

    /// `8 runners`, `1 runner`, `7 runners, 1 non-runner`.
    package static func fieldSize(_ race: Race, _ words: Words = .english) -> String {
        let runners = race.runners.count
        let withdrawn = race.nonRunners.count
        let text = words.count("race.runnersCount", runners, String(runners))
        guard withdrawn > 0 else { return text }
        return words.text(
            "race.fieldWithNonRunners",
            ["runners": text, "nonRunners": words.count("race.nonRunnersCount", withdrawn, String(withdrawn))])
    }

    /// `Osculation 13/8 (38.1%)`, or nil when no runner is priced.
    package static func favourite(_ race: Race, _ conventions: TextConventions) -> String? {
        race.favourite.map {
            "\($0.horse.name) \(odds($0.odds, conventions)) (\(percent($0.odds.impliedProbability, conventions)))"
        }
    }
}
