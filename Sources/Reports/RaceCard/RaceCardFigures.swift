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
    /// Each resulted race's placings (`1:2 2:9 2:5`: place and cloth number), keyed by its page, so
    /// a result is news once. Absent when no race has one (and in histories from before results).
    package var results: [String: String]?

    package init(
        runners: Int, nonRunners: [String], prices: [String: [String]]? = nil, results: [String: String]? = nil
    ) {
        self.runners = runners
        self.nonRunners = nonRunners
        self.prices = prices
        self.results = results
    }

    /// Earlier builds' prices, kept only for the races the latest card still has (a race's page:
    /// the part of a key before its `/`): a runner of a meeting that is over is never read again,
    /// and a card that serves a new meeting each day would otherwise carry every runner it ever
    /// showed into every build.
    package static func kept(_ earlier: [RaceCardFigures], forLatest latest: RaceCardFigures) -> [RaceCardFigures] {
        var pages = Set(latest.nonRunners.map(page))
        for key in latest.prices?.keys ?? [:].keys { pages.insert(page(key)) }
        return earlier.map { figures in
            guard let prices = figures.prices, prices.keys.contains(where: { !pages.contains(page($0)) }) else {
                return figures
            }
            var kept = figures
            kept.prices = prices.filter { pages.contains(page($0.key)) }
            return kept
        }
    }

    private static func page(_ key: String) -> Substring { key.prefix { $0 != "/" } }
}
