import Racing
import Localization

/// How a race's state and result are written: places, dividends, starting prices and the one
/// line of news a result makes (`Result: 1st No. 2 Hot Bahama $7.50, 2nd No. 9 Dawn Flight`).
package enum RaceResultFormat {
    /// `1st`, `2nd`, `3rd`, `4th`…, in the readers' words.
    package static func place(_ place: Int, _ words: Words) -> String {
        let key = (1...3).contains(place) ? "race.result.place\(place)" : "race.result.placeN"
        return words.text(key, ["place": String(place)])
    }

    /// `$7.50`: a dividend per unit, two decimals as the readers write them.
    package static func money(_ amount: Double, _ conventions: TextConventions) -> String {
        conventions.words.text("race.result.money", ["amount": conventions.numbers.decimal(amount, fractionDigits: 2)])
    }

    /// `Win NSW $7.50`: product, pool where given, amount.
    package static func dividend(_ dividend: Dividend, _ conventions: TextConventions) -> String {
        ([dividend.product, dividend.pool, money(dividend.amount, conventions)] as [String?]).compactMap { $0 }
            .joined(separator: " ")
    }

    /// `Exacta 2-9 QLD $37.00`: an exotic with its runners in finishing order.
    package static func exotic(_ dividend: Dividend, _ conventions: TextConventions) -> String {
        ([
            dividend.product, dividend.runners.map(String.init).joined(separator: "-"), dividend.pool,
            money(dividend.amount, conventions)
        ] as [String?]).compactMap { $0 }.joined(separator: " ")
    }

    /// The win dividend news quotes: the first win dividend the input gives for the runner.
    package static func headlineDividend(_ result: RaceResult, cloth: Int) -> Dividend? {
        result.dividends(for: cloth).first(where: \.isWin)
    }

    /// `1st No. 2 Hot Bahama $7.50`: one placing as news says it; a dead heat says so.
    package static func placing(_ placing: Placing, in result: RaceResult, _ conventions: TextConventions) -> String {
        let words = conventions.words
        var text = words.text(
            "race.result.placing",
            ["place": place(placing.place, words), "cloth": String(placing.cloth), "horse": placing.name])
        if result.isDeadHeat(placing.place) { text += " " + words["race.result.deadHeatShort"] }
        if let win = headlineDividend(result, cloth: placing.cloth) { text += " " + money(win.amount, conventions) }
        return text
    }

    /// `1st No. 2 Hot Bahama $7.50, 2nd No. 9 Dawn Flight, 3rd No. 5 Zounate`: the first three
    /// places (every runner sharing one of them).
    package static func placings(_ result: RaceResult, _ conventions: TextConventions) -> String {
        result.placings.filter { $0.place <= 3 }.map { placing($0, in: result, conventions) }
            .joined(separator: ", ")
    }

    /// What a race list says of a race that is not open: its result, `Result pending` or
    /// `Abandoned`; nil for a race still to run.
    package static func statusLine(_ race: Race, state: RaceState, _ conventions: TextConventions) -> String? {
        let words = conventions.words
        switch state {
        case .open, .closed: return nil
        case .pending: return words["race.state.pending"]
        case .abandoned: return words["race.state.abandoned"]
        case .interim, .final:
            guard let result = race.result else { return words["race.state.pending"] }
            let key = state == .interim ? "race.result.interimLine" : "race.result.line"
            return words.text(key, ["placings": placings(result, conventions)])
        }
    }

    /// What a table of races says of a race that is not open, in a few words: its winners
    /// (`1st No. 1 Copper Lantern $3.50`), else the status line; nil for a race still to run.
    package static func shortStatus(_ race: Race, state: RaceState, _ conventions: TextConventions) -> String? {
        guard state == .interim || state == .final, let result = race.result, !result.winners.isEmpty else {
            return statusLine(race, state: state, conventions)
        }
        return result.winners.map { placing($0, in: result, conventions) }.joined(separator: ", ")
    }

    /// The starting price against the opening one: `7.5 (opened 3.9)`; the price alone when it
    /// opened there, `—` without one.
    package static func startingPrice(_ price: Odds?, opening: Odds?, _ conventions: TextConventions) -> String {
        guard let price, price.isPriced else { return RaceCardFormat.missing }
        let text = RaceCardFormat.odds(price, conventions)
        guard let opening, opening.isPriced, opening.impliedProbability != price.impliedProbability else {
            return text
        }
        return conventions.words.text(
            "race.result.startingPrice", ["price": text, "opening": RaceCardFormat.odds(opening, conventions)])
    }

    /// A margin in lengths as the readers write decimals (`0.37 L`); `—` for the winner or none.
    package static func margin(_ placing: Placing, _ conventions: TextConventions) -> String {
        guard placing.place > 1, let margin = placing.margin, margin > 0 else { return RaceCardFormat.missing }
        return conventions.words.text("race.result.lengths", ["lengths": conventions.numbers.asWritten(margin)])
    }
}
