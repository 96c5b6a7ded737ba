import Foundation
import GazetteCore
import ReportFacts

/// The build's second step: every report this build makes through its `ReportRun`, at most
/// `--jobs` at once, results in job order. A built report is kept only as its entry (its record
/// is in the ledger) from the moment it is done.
struct ReportStream: Sendable {
    let pipeline: Pipeline
    let context: Pipeline.Context

    func run() async throws(BuildError) -> FinishedReports {
        let options = pipeline.options
        let count = context.selected.count
        let width = max(1, min(options.jobs, count))
        // Entries only (a few words each), those taken untouched first; a fatal error stops the
        // build (the first in job order of those that happened, so the message does not depend on timing).
        let untouched = takeUntouched()
        let pending = untouched.indices.filter { untouched[$0] == nil }
        let (entries, fatal): ([FinishedReports.Entry?], (index: Int, error: BuildError)?) = await withTaskGroup(
            of: (Int, Result<BuiltReport, BuildError>).self
        ) { group in
            var entries = untouched
            var fatal: (index: Int, error: BuildError)?
            var next = 0
            func start() {
                guard next < pending.count else { return }
                let index = pending[next]
                next += 1
                let run = ReportRun(pipeline: pipeline, context: context, index: context.selected[index])
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
                    next = pending.count
                    group.cancelAll()
                }
            }
            return (entries, fatal)
        }
        if let fatal { throw fatal.error }
        guard !entries.contains(where: { $0 == nil }) else { throw BuildError(.io, .none, "the build was stopped") }
        let finished = entries.map { $0! }
        return FinishedReports(entries: finished, ledger: context.record.ledger)
    }

    /// The reports whose inputs and folder are as the last build recorded them (stats alone),
    /// taken whole before any report is built: checked `--jobs` at a time, a chunk after another,
    /// since a task for each would cost more than its check. Workers take runs of 32 reports as
    /// they come free, and begin a run's keys from one hasher of the site's fingerprint. Nil where
    /// a report must be built.
    private func takeUntouched() -> [FinishedReports.Entry?] {
        var entries = [FinishedReports.Entry?](repeating: nil, count: context.selected.count)
        let (chunk, run) = (512, 32)
        for start in stride(from: 0, to: entries.count, by: chunk) {
            let end = min(start + chunk, entries.count)
            let slices = stride(from: start, to: end, by: run).map { $0..<min($0 + run, end) }
            let found = parallelMap(slices, workers: pipeline.options.jobs) { slice in
                let prefix = context.keys.prefix()
                return slice.map { position in
                    ReportRun(pipeline: pipeline, context: context, index: context.selected[position])
                        .untouched(prefix: prefix)
                }
            }
            for (slice, result) in zip(slices, found) {
                guard case let .success(reports) = result else { continue }
                for (position, report) in zip(slice, reports) {
                    if let report { entries[position] = FinishedReports.Entry(report) }
                }
            }
        }
        return entries
    }
}
