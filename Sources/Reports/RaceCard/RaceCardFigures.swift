import ReportFacts

/// What a race card's history keeps of each build.
package struct RaceCardFigures: KindFigures {
    package static let historyKey = "raceCard"

    package var runners: Int
    /// The non-runners, each as `cloth. name`.
    package var nonRunners: [String]

    package init(runners: Int, nonRunners: [String]) {
        self.runners = runners
        self.nonRunners = nonRunners
    }
}
