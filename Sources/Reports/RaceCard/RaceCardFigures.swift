import ReportFacts

/// What a race card's history keeps of each build.
package struct RaceCardFigures: KindFigures {
    package static let historyKey = "raceCard"

    package var runners: Int
    /// The non-runners, each as `cloth. name`.
    package var nonRunners: [String]
    /// Each runner's prices as the build saw them (the input's fluctuations, then the price now;
    /// priced values only, a repeat in a row once), keyed like the non-runners. Absent in
    /// histories written before prices were kept.
    package var prices: [String: [String]]?

    package init(runners: Int, nonRunners: [String], prices: [String: [String]]? = nil) {
        self.runners = runners
        self.nonRunners = nonRunners
        self.prices = prices
    }
}
