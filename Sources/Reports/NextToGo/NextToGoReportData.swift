import Racing

/// The next-to-go keys of `report.json`: `now`, the first five races of the job's selection and
/// of each standard view, and what the job asked for.
package struct NextToGoReportData: Codable, Equatable, Sendable {
    /// The build's time, Unix seconds.
    package var now: Int
    /// `selected` (the job's filter) and each standard view's key (`all`, `horse`, …).
    package var selections: [String: [Race]]
    package var filter: [String]
    package var visibleRaces: Int
    /// Ids listed by the feed without a summary.
    package var skippedIDs: [String]

    package struct Race: Codable, Equatable, Sendable {
        package var id: String
        package var meeting: String
        package var number: Int
        package var name: String?
        package var category: String
        /// Unix seconds.
        package var start: Int
        package var countdown: String

        package init(_ race: RaceSummary, now: Int64) {
            id = race.id
            meeting = race.meetingName
            number = race.number
            name = race.name
            category = race.category.rawValue
            start = Int(race.advertisedStart)
            countdown = Countdown.format(seconds: race.advertisedStart - now)
        }
    }

    package init(visible: [RaceSummary], now: Int64, filter: Set<RaceCategory>, feed: NextToGoFeed) {
        func selection(_ categories: Set<RaceCategory>) -> [Race] {
            NextToGoSelection.next(visible, now: now, categories: categories).map { Race($0, now: now) }
        }
        var selections = ["selected": selection(filter)]
        for view in NextToGoView.standard { selections[view.key] = selection(view.categories) }
        self.now = Int(now)
        self.selections = selections
        self.filter = filter.sorted().map(\.rawValue)
        visibleRaces = visible.count
        skippedIDs = feed.skippedIDs
    }
}
