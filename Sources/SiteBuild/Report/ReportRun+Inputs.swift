import Foundation
import GazetteCore
import Jobs
import Loading
import ReportFacts
import Reports
import SiteOutput

/// A report's way in: its inputs opened, its previous work reused when nothing it is made from
/// changed, else its content presented.
extension ReportRun {
    /// What a report's inputs give: a report reused whole, one that failed on its input, or its
    /// content made anew with the key of what it was made from.
    enum Made {
        case reused(BuiltReport)
        case failed(BuildError)
        case content(ReportContent, made: ReportKeys.ReportKeyBase, previous: ReportRecord?, history: PreviousHistory)
    }

    /// The report's history as the previous output left it.
    struct PreviousHistory {
        var history: ReportHistory?
        /// A file was there but is not a history this Gazette reads: it starts afresh, with a warning.
        var damaged = false
    }

    /// The report taken whole from the previous output when its inputs and its folder are as the
    /// last build recorded them (their stats alone); nil when it must go through its flow. A
    /// self-contained build's reports always do (`content` says why).
    func untouched(prefix: ReportKeys.KeyPrefix? = nil) -> BuiltReport? {
        guard spec.inputProblem == nil, !options.selfContained,
            let reused = context.reuse.untouched(spec: spec, slug: slug, keepsHistory: keepsHistory, prefix: prefix)
        else { return nil }
        reporter.detail("  \(spec.resolvedTitle): unchanged, reused from the previous output")
        context.progress.reportDone()
        return reused
    }

    /// The report's content from its inputs, unless an input is missing or fails, or every input
    /// is as the previous build's record says (stats first, then bytes): then its folder is reused.
    func content() async throws(BuildError) -> Made {
        let (previous, reuse) = (context.previous, context.reuse)
        if let problem = spec.inputProblem { return .failed(problem) }
        // The previous record, read once. A self-contained front page embeds a card's thumbnail
        // from the SVGs this build draws (they are not in the output): a report with one is built
        // again, not reused.
        let record = previous.record(slug)
        let reusable = !options.selfContained || record?.report.thumbnail == nil
        // A linked build has taken its untouched reports already (`untouched()`); a self-contained
        // one takes them here, once it knows they have no thumbnail.
        if options.selfContained, reusable,
            let reused = reuse.untouched(spec: spec, slug: slug, keepsHistory: keepsHistory)
        {
            return .reused(reused)
        }
        switch await load() {
        case let .failure(error): return .failed(error)
        case let .success(inputs):
            // Unchanged inputs, options, templates, drawing and history: the last build's folder, checked.
            let read = keepsHistory ? previous.history(slug) : nil
            let digests: [FileDigest]
            do { digests = try previous.stats.inputDigests(inputs) } catch { return .failed(error) }
            let history =
                read.map {
                    PreviousHistory(
                        history: ReportHistory.decoded($0.bytes, kinds: ReportKind.figuresTypes), damaged: false)
                }
                .map { PreviousHistory(history: $0.history, damaged: $0.history == nil) } ?? PreviousHistory()
            let base = context.keys.reportKeyBase(spec: spec, slug: slug, digests: digests)
            let key = base.key(
                history: ReportKeys.HistoryInKey(
                    keeps: keepsHistory, digest: read?.digest,
                    current: history.history?.entries.last?.at == context.keys.clock),
                freshness: record?.report.freshness?.state(at: context.keys.clock) ?? .fresh)
            if reusable, let reused = try reuse.reused(slug: slug, key: key, record: record) {
                return .reused(reused)
            }
            switch present(inputs, history: history.history) {
            case let .failure(error): return .failed(error)
            case let .success(content):
                return .content(content, made: base, previous: record, history: history)
            }
        }
    }

    /// Opens the report's inputs; an error here is the report's own.
    func load() async -> Result<[LoadedInput], BuildError> {
        var loaded: [LoadedInput] = []
        let loading = ContinuousClock.now
        for source in spec.sources {
            do {
                let input = try await pipeline.loader.open(source)
                reporter.detail("  \(spec.resolvedTitle): read \(source) (\(input.size) bytes)")
                loaded.append(input)
            } catch {
                return .failure(error)
            }
        }
        reporter.timing("load inputs", spec.resolvedTitle, (ContinuousClock.now - loading).seconds)
        return .success(loaded)
    }

    /// Builds the report's typed content from its inputs; an error here is the report's own.
    func present(_ loaded: [LoadedInput], history: ReportHistory?) -> Result<ReportContent, BuildError> {
        var input = ReportInput(
            kind: spec.kind, title: spec.resolvedTitle, slug: slug, sources: loaded, now: options.now,
            seed: options.seed, origin: spec.origin, conventions: readers.conventions)
        input.history = history
        if readers.conventions != context.site.conventions { input.userConventions = context.site.conventions }
        do {
            return .success(
                try timed("decode and present", report: spec.resolvedTitle, reporter) { () throws(BuildError) in
                    try spec.options.build(input)
                })
        } catch {
            return .failure(error)
        }
    }
}
