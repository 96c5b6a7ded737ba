import GazetteCore
// The values the race page's market-moves panel shows (`race-moves.mustache`): text formatted by
// `RaceMovesPresenter`; the template only places it.

/// A race's market over builds: the book now and at opening, the movers, each runner's prices.
package struct RaceMovesPanel: Codable, Sendable, Equatable {
    /// "Market 118.4% now, 112.0% at opening."
    package var book: String
    /// "1 non-runner taken out of the book."
    package var nonRunnersOut: String?
    package var movers: [MoverLine]
    /// "Prices by build" and what the columns mean.
    package var caption: String
    /// The last column's heading: `Now`, or `At the off` once the race is off.
    package var nowHeading: String = ""
    package var rows: [PriceRow]
}

/// One list of movers: "Steamers since opening" and the runners, or "none".
package struct MoverLine: Codable, Sendable, Equatable {
    package var label: String
    package var text: String
}

/// One runner's prices: opening, each build's (a line and the same values in text), now, move.
package struct PriceRow: Codable, Sendable, Equatable {
    package var runner: String
    package var opening: String
    package var sparkline: Sparkline?
    /// The prices in order as text, `9/2 · 4/1 · 5/2`, for every reader.
    package var prices: String
    package var now: String
    package var move: String
    /// `up` (shortened), `down` (drifted) or `level`: the move's colour, beside its sign.
    package var direction: String
}

/// A small line of implied chances over time, drawn inline; higher is shorter.
package struct Sparkline: Codable, Sendable, Equatable {
    package var width: Int
    package var height: Int
    /// SVG polyline points, `x,y x,y …`.
    package var points: String
    package var lastX: String
    package var lastY: String
}
