import Reports

/// What the front page and the summary keep of a report once its files are written.
package struct BuiltReport: Sendable {
    package var outcome: ReportOutcome
    /// The front page's card; nil when the report failed.
    package var card: ReportCard?
    package var thumbnail: ChartImage?
    package var sources: [String]

    package init(outcome: ReportOutcome, card: ReportCard?, thumbnail: ChartImage?, sources: [String]) {
        self.outcome = outcome
        self.card = card
        self.thumbnail = thumbnail
        self.sources = sources
    }
}
