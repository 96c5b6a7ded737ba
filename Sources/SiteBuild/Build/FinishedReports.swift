import Foundation
import GazetteCore
import Rendering
import ReportFacts
import Reports

/// The reports a build has finished, in job order, as the front page, a part and the summary read
/// them. A built report is held as its slug and read back from the ledger when asked for; a
/// failed one (few, and with no record) is held whole.
struct FinishedReports: RandomAccessCollection, Sendable {
    /// Small (a built report's case is three words), so 100,000 of them stay a few MB; a failed
    /// report is boxed.
    enum Entry: Sendable {
        case recorded(slug: String, title: String, kind: ReportKind)
        indirect case failed(BuiltReport)

        /// A built report's record is in the ledger by the time its run returns.
        init(_ report: BuiltReport) {
            let outcome = report.outcome
            self =
                outcome.error == nil
                ? .recorded(slug: outcome.slug, title: outcome.title, kind: outcome.kind) : .failed(report)
        }
    }

    let entries: [Entry]
    let ledger: ReportLedger

    var startIndex: Int { entries.startIndex }
    var endIndex: Int { entries.endIndex }

    /// A report whose record cannot be read back shows as failed; the ledger keeps the error and
    /// the build stops on it before publishing.
    subscript(position: Int) -> BuiltReport {
        switch entries[position] {
        case let .failed(report):
            return report
        case let .recorded(slug, title, kind):
            if let built = ledger.record(slug)?.report { return built }
            let error = ledger.failure ?? BuildError(.io, .none, "the record of \(slug) is missing")
            return BuiltReport(
                outcome: ReportOutcome(title: title, slug: slug, kind: kind, warnings: [], error: error),
                card: nil, thumbnail: nil, sources: [])
        }
    }

    /// When the report at `position` last changed its figures (its card's time), without
    /// reading its record; nil when it has no card or no time.
    func updated(_ position: Int) -> Int64? {
        switch entries[position] {
        case let .failed(report): return report.card?.updated
        case let .recorded(slug, _, _): return ledger.updated(slug)
        }
    }

    /// How many reports were built (have records): all but the failed.
    var builtCount: Int {
        var count = 0
        for case .recorded in entries { count += 1 }
        return count
    }

    /// Every report's slug, in job order.
    var slugs: [String] {
        entries.map { entry in
            switch entry {
            case let .recorded(slug, _, _): return slug
            case let .failed(report): return report.outcome.slug
            }
        }
    }

    /// The manifest's `reports`: each report's record, in job order (a report with none, failed in
    /// a shard, is left out).
    var manifestListing: JSONValue {
        let slugs = self.slugs
        let ledger = self.ledger
        return .lazyArray(
            JSONList {
                var index = 0
                return AnyIterator {
                    while index < slugs.count {
                        index += 1
                        if let listing = ledger.listing(slugs[index - 1]) { return listing }
                    }
                    return nil
                }
            })
    }

    /// Every report's outcome, for the build's result: a record is read back (on every core)
    /// unless the ledger knows it holds no warnings and no error (it is quiet), or `complete`
    /// asks for every report's headline and summary. Built in place, a chunk of reads at a time: at 100,000
    /// reports a second or third whole array of outcomes (a few hundred bytes each) would be tens
    /// of MB at the build's end.
    func outcomes(complete: Bool) -> [ReportOutcome] {
        var outcomes: [ReportOutcome] = []
        outcomes.reserveCapacity(entries.count)
        var unread: [Int] = []
        for (index, entry) in entries.enumerated() {
            switch entry {
            case let .recorded(slug, title, kind):
                outcomes.append(ReportOutcome(title: title, slug: slug, kind: kind, warnings: [], error: nil))
                if complete || !ledger.isQuiet(slug) { unread.append(index) }
            case let .failed(report):
                outcomes.append(report.outcome)
            }
        }
        let reports = self
        for start in stride(from: 0, to: unread.count, by: Self.readBackChunk) {
            let chunk = Array(unread[start..<Swift.min(start + Self.readBackChunk, unread.count)])
            let read = parallelMap(chunk, workers: ProcessInfo.processInfo.activeProcessorCount) { reports[$0].outcome }
            for (index, result) in zip(chunk, read) {
                // The subscript cannot throw.
                outcomes[index] = try! result.get()
            }
        }
        return outcomes
    }

    /// How many records `outcomes` reads back at once.
    static let readBackChunk = 1024
}
