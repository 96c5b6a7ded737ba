import Racing
import Localization

/// A race's result panel: the placings with margins, starting prices and dividends, the
/// exotics and the late scratchings; or why there is no result (pending, abandoned). Nil for a
/// race still to run.
package struct RaceResultPresenter {
    package let conventions: TextConventions

    package func present(_ race: Race, state: RaceState, prices: [Int: PriceList] = [:]) -> RaceResultPanel? {
        guard state.isOff else { return nil }
        let words = conventions.words
        let result = state.hasResult ? race.result : nil
        let rides = Dictionary(race.rides.map { ($0.cloth, $0) }, uniquingKeysWith: { first, _ in first })
        let rows = (result?.placings ?? []).map { placing in
            let ride = rides[placing.cloth]
            return ResultRow(
                place: RaceResultFormat.place(placing.place, words)
                    + (result?.isDeadHeat(placing.place) == true ? " " + words["race.result.deadHeatShort"] : ""),
                cloth: String(placing.cloth), horse: placing.name,
                margin: RaceResultFormat.margin(placing, conventions),
                startingPrice: RaceResultFormat.startingPrice(
                    ride.flatMap { Self.startingPrice($0) }, opening: ride.flatMap { Self.opening($0, prices) },
                    conventions),
                dividends: (result?.dividends(for: placing.cloth) ?? []).map {
                    RaceResultFormat.dividend($0, conventions)
                })
        }
        let title: String
        let note: String?
        switch state {
        case .abandoned: (title, note) = (words["race.state.abandoned"], words["race.result.abandonedNote"])
        case .interim: (title, note) = (words["race.result.interimTitle"], words["race.result.interimNote"])
        case .final: (title, note) = (words["race.result.title"], nil)
        default:
            // The input may say the race was run yet give no placings (a card's `WEIGHEDIN`).
            let run = race.status == .final || race.status == .interim
            (title, note) = (
                words["race.state.pending"],
                words.text(
                    run ? "race.result.noPlacingsNote" : "race.result.pendingNote", ["time": RaceCardFormat.time(race)])
            )
        }
        let exotics = (result?.exotics ?? []).map { RaceResultFormat.exotic($0, conventions) }
        let scratchings = race.nonRunners.filter(\.lateScratching).map { scratching($0) }
        return RaceResultPanel(
            state: state.rawValue, title: title, note: note,
            caption: words.text("race.result.caption", ["race": RaceCardFormat.heading(race)]),
            rows: rows, hasRows: !rows.isEmpty, exotics: exotics, hasExotics: !exotics.isEmpty,
            scratchings: scratchings, hasScratchings: !scratchings.isEmpty)
    }

    /// The price a runner started at: the input's own, else its last price before the off.
    package static func startingPrice(_ ride: Ride) -> Odds? {
        ride.startingPrice ?? (ride.odds.isPriced ? ride.odds : nil)
    }

    /// The first price seen: over builds when remembered, else the input's first fluctuation.
    package static func opening(_ ride: Ride, _ prices: [Int: PriceList]) -> Odds? {
        prices[ride.cloth]?.opening ?? ride.flucs.first
    }

    /// `4 Halvoya: deductions win 12.5c, place 4c`, or the runner alone when none are given.
    private func scratching(_ ride: Ride) -> String {
        let words = conventions.words
        let label = RaceCardFormat.runnerLabel(ride)
        let parts = [
            ride.deductions?.win.map { words.text("race.result.winDeduction", ["cents": cents($0)]) },
            ride.deductions?.place.map { words.text("race.result.placeDeduction", ["cents": cents($0)]) }
        ].compactMap { $0 }
        guard !parts.isEmpty else { return label }
        return words.text("race.result.deductions", ["runner": label, "list": parts.joined(separator: ", ")])
    }

    private func cents(_ value: Double) -> String { conventions.numbers.asWritten(value) }
}
