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
    /// This build's figures against the previous history; nil when there is none to compare with.
    package func compared(_ figures: HeadlineFigures) -> HistoryComparison? {
        guard let history, let last = history.entries.last, last.figures.isSameKind(as: figures) else { return nil }
        return history.comparing(figures)
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
