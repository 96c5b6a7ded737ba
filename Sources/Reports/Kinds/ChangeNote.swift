import Foundation
import Localization
import ReportFacts

/// What a report says of its figures against the history of earlier builds, in the readers'
/// words: a line for its page, card and message, and the words its message's subject begins with.
package struct ChangeNote: Sendable, Equatable {
    /// "Score 530, +16 since 1 October 2026"; nil when only the subject has something to say.
    package var line: String?
    /// "Credit score 530 (+16)", "2 new best lifts", "No change since 1 November 2026".
    package var subject: String

    package init(line: String?, subject: String) {
        self.line = line
        self.subject = subject
    }
}

extension ReportInput {
    /// The build's clock as a history stamps it: Unix seconds.
    package var historyClock: Int64 { Int64(now.timeIntervalSince1970.rounded(.down)) }

    /// The history this build leaves: the previous one (unless it is another kind's) with these
    /// figures recorded.
    package func historyAfter(_ figures: HeadlineFigures) -> ReportHistory {
        (history ?? ReportHistory()).continued(with: figures, at: historyClock)
    }

    /// What this build says against the history it leaves; nil when there is nothing to compare
    /// with (the report keeps none, or this build made its first entry).
    package func compared(_ figures: HeadlineFigures) -> HistoryComparison? {
        guard history != nil else { return nil }
        let comparison = historyAfter(figures).change(at: historyClock)
        guard comparison.since != nil || comparison.unchangedSince != nil else { return nil }
        return comparison
    }

    /// The day an entry's build ran, as the readers read it ("1 October 2026").
    package func day(of entry: ReportHistory.Entry) -> String {
        conventions.fullDay(of: Date(timeIntervalSince1970: TimeInterval(entry.at)))
    }

    /// The subject's words when nothing changed since the last build that changed anything.
    package func noChange(since entry: ReportHistory.Entry) -> String {
        conventions.words.text("history.noChange", ["date": day(of: entry)])
    }
}
