import Foundation
import Racing
import Localization

/// A race's market over builds in the readers' words: the book, the movers and each runner's
/// prices with a small line of them.
package struct RaceMovesPresenter {
    package let conventions: TextConventions

    /// Nil when no runner of the race has a price. Once the race is off (`isOff`) the book is the
    /// last before the off, and the moves since the last build are left out: they are no news.
    package func present(_ race: Race, market: RaceMarket, prices: [Int: PriceList], isOff: Bool = false)
        -> RaceMovesPanel?
    {
        guard let percentage = market.percentage else { return nil }
        let words = conventions.words
        let book = words.text(
            isOff ? "race.moves.bookAtOff" : "race.moves.book",
            [
                "now": conventions.numbers.percent(share: percentage / 100),
                "opening": conventions.numbers.percent(share: (market.openingPercentage ?? percentage) / 100)
            ])
        let out =
            market.nonRunnersOut > 0
            ? words.count("race.moves.nonRunnersOut", market.nonRunnersOut, String(market.nonRunnersOut)) : nil
        let rows = race.byOdds.compactMap { ride in
            prices[ride.cloth].flatMap { row(ride, $0) }
        }
        return RaceMovesPanel(
            book: book, nonRunnersOut: out, movers: movers(market, isOff: isOff),
            caption: words[isOff ? "race.moves.captionAtOff" : "race.moves.caption"],
            nowHeading: words[isOff ? "race.moves.atOff" : "race.moves.now"], rows: rows)
    }

    /// The four lists, each said even when empty, so a reader knows none moved; two once the race
    /// is off.
    func movers(_ market: RaceMarket, isOff: Bool = false) -> [MoverLine] {
        let words = conventions.words
        let sinceOpening = [
            (words["race.moves.steamers"], market.steamers), (words["race.moves.drifters"], market.drifters)
        ]
        let latest = [
            (words["race.moves.latestSteamers"], market.latestSteamers),
            (words["race.moves.latestDrifters"], market.latestDrifters)
        ]
        return (isOff ? sinceOpening : sinceOpening + latest).map { label, movers in
            MoverLine(label: label, text: list(movers))
        }
    }

    /// `Gable End 9/2 → 5/2 (+10.4 pts), Tern 6/1 → 9/2 (+3.9 pts)`, or `none`.
    package func list(_ movers: [MarketMover]) -> String {
        movers.isEmpty
            ? conventions.words["race.moves.none"]
            : movers.map { RaceCardFormat.mover($0, conventions) }.joined(separator: ", ")
    }

    private func row(_ ride: Ride, _ list: PriceList) -> PriceRow? {
        guard let opening = list.opening, let now = list.now, let move = list.moveSinceOpening else { return nil }
        let rounded = (move * 10).rounded()
        return PriceRow(
            runner: RaceCardFormat.runnerLabel(ride),
            opening: RaceCardFormat.odds(opening, conventions),
            sparkline: Self.sparkline(list.points.compactMap(\.odds.impliedProbability)),
            prices: list.points.map { RaceCardFormat.odds($0.odds, conventions) }.joined(separator: " · "),
            now: RaceCardFormat.odds(now, conventions),
            move: RaceCardFormat.points(move, conventions),
            direction: rounded > 0 ? "up" : (rounded < 0 ? "down" : "level"))
    }

    /// The chances as a line 64 × 18 px: oldest on the left, the highest chance at the top; a
    /// single price is a level line. Nil with no price.
    static func sparkline(_ chances: [Double]) -> Sparkline? {
        guard let low = chances.min(), let high = chances.max() else { return nil }
        let width = 64.0
        let height = 18.0
        let pad = 2.0
        let span = high - low
        func y(_ chance: Double) -> Double {
            span > 0 ? pad + (high - chance) / span * (height - 2 * pad) : height / 2
        }
        let points: [(Double, Double)] =
            chances.count == 1
            ? [(pad, y(chances[0])), (width - pad, y(chances[0]))]
            : chances.enumerated().map { index, chance in
                (pad + Double(index) / Double(chances.count - 1) * (width - 2 * pad), y(chance))
            }
        func text(_ value: Double) -> String { String(format: "%.1f", value) }
        let last = points[points.count - 1]
        return Sparkline(
            width: Int(width), height: Int(height),
            points: points.map { "\(text($0.0)),\(text($0.1))" }.joined(separator: " "),
            lastX: text(last.0), lastY: text(last.1))
    }
}
