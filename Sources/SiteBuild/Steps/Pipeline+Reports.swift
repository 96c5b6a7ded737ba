import Foundation
import GazetteCore
import ReportFacts

/// The build's second step: every report through its `ReportRun`.
extension Pipeline {
    /// Every report through its flow, at most `--jobs` at once, results in job order. A built
    /// report is kept only as its entry (its record is in the ledger) from the moment it is done.
    func buildReports(_ context: Context) async throws(BuildError) -> FinishedReports {
        let count = context.selected.count
        let width = max(1, min(options.jobs, count))
        // Entries only (a few words each); a fatal error stops the build (the first in job order
        // of those that happened, so the message does not depend on timing).
        let (entries, fatal): ([FinishedReports.Entry?], (index: Int, error: BuildError)?) = await withTaskGroup(
            of: (Int, Result<BuiltReport, BuildError>).self
        ) { group in
            var entries = [FinishedReports.Entry?](repeating: nil, count: count)
            var fatal: (index: Int, error: BuildError)?
            var next = 0
            func start() {
                guard next < count else { return }
                let index = next
                next += 1
                let run = ReportRun(pipeline: self, context: context, index: context.selected[index])
                group.addTask { (index, await run.run()) }
            }
            for _ in 0..<width { start() }
            for await (index, result) in group {
                switch result {
                case let .success(report):
                    entries[index] = FinishedReports.Entry(report)
                    start()
                case let .failure(error):
                    // A fatal error (template, output): nothing will be published, so stop starting reports.
                    if fatal == nil || index < fatal!.index { fatal = (index, error) }
                    next = count
                    group.cancelAll()
                }
            }
            return (entries, fatal)
        }
        if let fatal { throw fatal.error }
        guard !entries.contains(where: { $0 == nil }) else { throw BuildError(.io, .none, "the build was stopped") }
        let finished = entries.map { $0! }
        return FinishedReports(entries: finished, ledger: context.cache.ledger)
    }
}
