import GazetteCore
// The values the race-card templates show (`race-card.mustache`, `race.mustache` and their
// partials). Every field is text formatted by the presenters; templates only place it.

/// The report's own page: the featured race, then every race in start order.
// gazette:template race-card
package struct RaceCardPage: Codable, Sendable, Equatable {
    package var title: String
    package var lede: String
    package var featured: FeaturedRacePanel?
    package var races: [RaceListRow]
    package var hasRaces: Bool
    /// A date column only when the card spans several days.
    package var showDate: Bool
    package var source: String
    /// What changed since an earlier build ("2 runners scratched since 1 October 2026: …").
    package var change: String? = nil
}

/// The featured race at the top of the report page: overview and favourite.
package struct FeaturedRacePanel: Codable, Sendable, Equatable {
    package var heading: String
    package var href: String
    /// The race name when it is not just the course's name.
    package var raceName: String?
    package var facts: [RaceFact]
    package var favourite: FavouriteLine?
    /// The race's result or state, when it is off.
    package var status: String? = nil
    package var pickNote: String
    /// The link to the race's page: "Runners, form and the market for 18:10 Woodbine".
    package var more: String
    /// The featured race's market chart, so the report's own page (and its e-mail) shows it.
    package var market: ChartImage? = nil
    /// The start in Unix seconds, for a race still to run at the build (see `RaceListRow.offAt`).
    package var offAt: String? = nil
}

/// A favourite as the pages show it.
package struct FavouriteLine: Codable, Sendable, Equatable {
    /// `Favourite`, or `Favourite at the off` once the race is off.
    package var label: String = ""
    package var cloth: String
    package var horse: String
    package var odds: String
    package var chance: String
    /// "(no. 3)"
    package var clothText: String
    /// ", an implied chance of 38.1%": after the odds.
    package var chanceText: String
}

/// One label and value of a race's overview.
package struct RaceFact: Codable, Sendable, Equatable {
    package var label: String
    package var value: String
}

/// One race in the report page's list.
package struct RaceListRow: Codable, Sendable, Equatable {
    package var date: String
    package var time: String
    package var course: String
    package var name: String
    package var href: String
    package var distance: String
    package var going: String
    package var runners: String
    /// Course, distance, going and field in one line, for narrow screens where those
    /// columns are hidden.
    package var details: String
    package var favourite: String
    /// "Favourite: Osculation 13/8 (38.1%)", for narrow screens.
    package var favouriteLine: String
    package var featured: Bool
    /// The race's movers since opening (`Steamers: Gable End 9/2 → 5/2 (+10.4 pts)`); nil when none.
    package var movers: String? = nil
    /// The race's result, `Result pending` or `Abandoned`; nil for a race still to run.
    package var status: String? = nil
    /// The start in Unix seconds, for a race still to run at the build: `racecard.js` says
    /// `Result pending` once the reader's clock passes it.
    package var offAt: String? = nil
}

/// A race's result on its page, above the field.
package struct RaceResultPanel: Codable, Sendable, Equatable {
    /// The race's state (`final`, `interim`, `pending`, `abandoned`), for the panel's class.
    package var state: String
    package var title: String
    package var note: String?
    package var caption: String
    package var rows: [ResultRow]
    package var hasRows: Bool
    /// `Exacta 2-9 QLD $37.00`.
    package var exotics: [String]
    package var hasExotics: Bool
    /// Late scratchings with their deductions.
    package var scratchings: [String]
    package var hasScratchings: Bool
}

/// One placing: place (`=2nd` after a dead heat is `2nd dh`), runner, margin, starting price
/// against opening, and its win and place dividends.
package struct ResultRow: Codable, Sendable, Equatable {
    package var place: String
    package var cloth: String
    package var horse: String
    package var margin: String
    package var startingPrice: String
    /// `Win NSW $7.50`, one per pool; none shows `—`.
    package var dividends: [String]
}

/// One race's page: summary, market chart and the runners in three orders.
// gazette:template race
package struct RacePage: Codable, Sendable, Equatable {
    package var heading: String
    package var raceName: String?
    package var lede: String
    package var facts: [RaceFact]
    package var favourite: FavouriteLine?
    /// The result, or why there is none yet, first on the page; nil for a race still to run.
    package var result: RaceResultPanel? = nil
    /// The start in Unix seconds, for a race still to run at the build: `racecard.js` shows
    /// `pendingNote` once the reader's clock passes it.
    package var offAt: String? = nil
    /// "The race was due off at 13:05 AEDT and no result is in yet. …"
    package var pendingNote: String? = nil
    /// `Market`, or `Last market before the off` once the race is off.
    package var marketHeading: String = ""
    package var market: ChartImage
    package var orderings: [RunnerTable]
    package var hasRunners: Bool
    /// The market over builds; nil when no runner is priced.
    package var moves: RaceMovesPanel?
    /// The card's comments on the runners' form, by cloth number (`3 Gable End`: the comment).
    package var comments: [RaceFact]
    package var hasComments: Bool
    package var previous: RaceLink?
    package var next: RaceLink?
    package var source: String
}

package struct RaceLink: Codable, Sendable, Equatable {
    package var href: String
    package var label: String
}

/// The runners in one order, then the non-runners; one of the three tables of a race page.
package struct RunnerTable: Codable, Sendable, Equatable {
    /// The anchor the order links point at: `by-odds`, `by-form`, `by-cloth`.
    package var id: String
    package var title: String
    /// The table's scroller as a screen reader names it: "Runners by odds (table)".
    package var tableLabel: String
    package var rule: String
    package var tabs: [OrderTab]
    package var rows: [RunnerRow]
}

/// A link to one of the three orders, marked when it is the table it sits above.
package struct OrderTab: Codable, Sendable, Equatable {
    package var href: String
    package var label: String
    package var current: Bool
}

package struct RunnerRow: Codable, Sendable, Equatable {
    package var cloth: String
    package var horse: String
    package var age: String
    package var daysSinceLastRun: String
    package var form: String
    package var formScore: String
    package var odds: String
    package var chance: String
    package var favourite: Bool
    package var nonRunner: Bool
    /// A non-runner scratched since the build the report compares with.
    package var newlyScratched = false
    /// Barrier, jockey and trainer, where the card gives them.
    package var details: String? = nil
}
