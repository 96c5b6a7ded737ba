import GazetteCore
// The values the race-card templates show (`race-card.mustache`, `race.mustache` and their
// partials). Every field is text formatted by the presenters; templates only place it.

/// The report's own page: the featured race, then every race in start order.
struct RaceCardPage: Encodable {
    var title: String
    var lede: String
    var featured: FeaturedRacePanel?
    var races: [RaceListRow]
    var hasRaces: Bool
    /// A date column only when the card spans several days.
    var showDate: Bool
    var source: String
}

/// The featured race at the top of the report page: overview and favourite.
struct FeaturedRacePanel: Encodable {
    var heading: String
    var href: String
    /// The race name when it is not just the course's name.
    var raceName: String?
    var facts: [RaceFact]
    var favourite: FavouriteLine?
    var pickNote: String
    /// The featured race's market chart, so the report's own page (and its e-mail) shows it.
    var market: ChartImage? = nil
}

/// A favourite as the pages show it.
struct FavouriteLine: Encodable {
    var cloth: String
    var horse: String
    var odds: String
    var chance: String
}

/// One label and value of a race's overview.
struct RaceFact: Encodable {
    var label: String
    var value: String
}

/// One race in the report page's list.
struct RaceListRow: Encodable {
    var date: String
    var time: String
    var course: String
    var name: String
    var href: String
    var distance: String
    var going: String
    var runners: String
    /// Course, distance, going and field in one line, for narrow screens where those
    /// columns are hidden.
    var details: String
    var favourite: String
    var featured: Bool
}

/// One race's page: summary, market chart and the runners in three orders.
struct RacePage: Encodable {
    var heading: String
    var raceName: String?
    var lede: String
    var facts: [RaceFact]
    var favourite: FavouriteLine?
    var market: ChartImage
    var orderings: [RunnerTable]
    var hasRunners: Bool
    var previous: RaceLink?
    var next: RaceLink?
    var source: String
}

struct RaceLink: Encodable {
    var href: String
    var label: String
}

/// The runners in one order, then the non-runners; one of the three tables of a race page.
struct RunnerTable: Encodable {
    /// The anchor the order links point at: `by-odds`, `by-form`, `by-cloth`.
    var id: String
    var title: String
    var rule: String
    var tabs: [OrderTab]
    var rows: [RunnerRow]
}

/// A link to one of the three orders, marked when it is the table it sits above.
struct OrderTab: Encodable {
    var href: String
    var label: String
    var current: Bool
}

struct RunnerRow: Encodable {
    var cloth: String
    var horse: String
    var age: String
    var daysSinceLastRun: String
    var form: String
    var formScore: String
    var odds: String
    var chance: String
    var favourite: Bool
    var nonRunner: Bool
}
