import Foundation
import GazetteCore
import Rendering
import ReportFacts
import Reports

/// A report's freshness as its build decides it: the kind's reading of its input completed by the
/// history this build leaves and the job's `fresh:`, and what the state says (a warning when
/// stale, the report's error when past error-after).
extension ReportRun {
    /// The build's clock in Unix seconds, as the history stamps it.
    var clockSeconds: Int64 { Int64(options.now.timeIntervalSince1970.rounded(.down)) }

    /// The history after this build: one entry more when its figures changed, the same when not;
    /// nil when the report keeps none.
    func historyAfter(_ content: ReportContent, previous: PreviousHistory) -> ReportHistory? {
        guard keepsHistory, let figures = content.figures else { return nil }
        return (previous.history ?? ReportHistory()).continued(
            with: figures, at: clockSeconds, summary: content.change?.line ?? content.card.headline)
    }

    /// The data's freshness: the input's own time, else its last change as the history saw it
    /// (never a file's stat), with the report's `fresh:` over the kind's cadence.
    func freshness(of content: ReportContent, history: ReportHistory?) -> DataFreshness {
        content.freshness.completed(lastChange: history?.entries.last?.at, override: spec.fresh)
    }

    /// The warning of a report past its warn-after, in the readers' words (and the user's).
    func staleWarning(_ freshness: DataFreshness) -> ReportWarning {
        let read = FreshnessText(freshness, state: .stale, conventions: readers.conventions).staleSentence ?? ""
        var warning = ReportWarning(.stale, read)
        let user = FreshnessText(freshness, state: .stale, conventions: context.site.conventions).staleSentence
        if let user, user != read { warning.userMessage = user }
        return warning
    }

    /// The error of a report past its error-after: its previous pages are kept with it.
    func expiredError(_ freshness: DataFreshness) -> BuildError {
        let conventions = context.site.conventions
        let said = FreshnessText(freshness, state: .expired, conventions: conventions).staleSentence ?? ""
        let limit = freshness.errorAt.map { conventions.longTime(Date(timeIntervalSince1970: TimeInterval($0))) }
        return BuildError(
            .input, spec.origin,
            "\(said) The data is past its error-after (\(limit ?? "")); the pages of the last good build are kept.")
    }
}
