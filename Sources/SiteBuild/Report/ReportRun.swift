import Foundation
import GazetteCore
import Jobs
import Loading
import Localization
import Rendering
import ReportFacts
import Reports
import SiteOutput

/// One report's way through the build: load → decode, compute and present → draw its charts →
/// write each channel the readers want (pages, data, PDF, message, feed) into the staging folder.
/// Nothing of it stays in memory afterwards but what the front page needs.
///
/// An input error fails this report only: it keeps the pages of its last good build (or gets an
/// error page). A template or output error is returned as a failure and stops the build.
struct ReportRun: Sendable {
    let pipeline: Pipeline
    let context: Pipeline.Context
    let index: Int

    var spec: ReportSpec { pipeline.job.reports[index] }
    var slug: String { context.slugs[index] }
    /// Who reads this report: the job's readers, or the report's own.
    var readers: Readers { context.readers(for: spec) }
    var options: BuildOptions { pipeline.options }
    var reporter: Reporter { pipeline.reporter }

    func run() async -> Result<BuiltReport, BuildError> {
        let result = await build()
        context.progress.reportDone()
        return result
    }

    /// `--no-history` and `history: false` keep no history; a shard's part reads it only from
    /// `--history-from`.
    var keepsHistory: Bool { options.history && spec.history }

    /// The report as its channels see it.
    private var channelReport: ChannelReport {
        ChannelReport(
            spec: spec, slug: slug, readers: readers, site: context.site, build: context.build,
            keepsHistory: keepsHistory)
    }

    private func build() async -> Result<BuiltReport, BuildError> {
        var outcome = ReportOutcome(title: spec.resolvedTitle, slug: slug, kind: spec.kind, warnings: [], error: nil)
        do {
            switch try await content() {
            case let .reused(built):
                reporter.detail("  \(outcome.title): unchanged, reused from the previous output")
                return .success(built)
            case let .failed(error):
                outcome.error = error
                return .success(try failed(outcome))
            case let .content(content, made, previous, history):
                // How fresh the data is, by the history this build leaves: past error-after the
                // report fails here, before a file is written, and keeps its previous pages.
                let after = historyAfter(content, previous: history)
                let freshness = freshness(of: content, history: after)
                if freshness.state(at: clockSeconds) == .expired {
                    outcome.error = expiredError(freshness)
                    return .success(try failed(outcome, freshness: freshness))
                }
                do {
                    return .success(
                        try files(
                            of: content, made: made, previous: previous, history: history, after: after,
                            freshness: freshness))
                } catch  where error.kind == .input {
                    // A drawing library refused the report's content: this report fails alone.
                    context.staging.discard(slug)
                    outcome.error = error
                    return .success(try failed(outcome))
                }
            }
        } catch {
            var tagged = error
            tagged.report = outcome.title
            return .failure(tagged)
        }
    }

    /// The report's files from its content: its charts, its history, each channel the readers
    /// want, then its record.
    /// `after`: the history this build leaves (not yet written); `freshness`: its data's.
    private func files(
        of content: ReportContent, made: ReportKeys.ReportKeyBase, previous: ReportRecord?,
        history: PreviousHistory, after: ReportHistory?, freshness: DataFreshness
    ) throws(BuildError) -> BuiltReport {
        MemoryTrim.returnFreedMemory()
        let title = spec.resolvedTitle
        let state = freshness.state(at: clockSeconds)
        let said = FreshnessText(freshness, state: state, conventions: readers.conventions)
        var outcome = ReportOutcome(
            title: title, slug: slug, kind: spec.kind,
            warnings: content.warnings + (history.damaged ? [historyWarning()] : [])
                + (state == .stale ? [staleWarning(freshness)] : []), error: nil)
        outcome.headline = content.card.headline
        outcome.summary = content.summary.isEmpty ? [content.card.detail] : content.summary
        reporter.detail(
            "  \(title): \(Self.count(content.pages.count, "page")), \(Self.count(content.charts.count, "chart")), \(Self.count(content.warnings.count, "warning"))"
        )
        let report = channelReport
        let channels = ReportChannels.all.filter { $0.isWanted(report) }
        // A message's PNGs, held only to embed, are let go once the channels are written.
        defer { context.staging.releaseScratch(of: slug) }
        let charts = try timed("draw charts", report: title, reporter) { () throws(BuildError) in
            try ReportCharts(
                slug: slug, store: context.charts, staging: context.staging, progress: context.progress,
                workers: options.jobs
            ).draw(
                channels.flatMap { $0.chartFiles(report, content: content) }, of: content.charts, previous: previous)
        }
        MemoryTrim.returnFreedMemory()
        let left = try writeHistory(after)
        var input = ChannelInput(
            report: report, content: content, outcome: outcome, history: left?.history, freshness: said)
        input.alternates = channels.compactMap { $0.alternate(input) }
        for channel in channels {
            let written = try timed(channel.part, report: title, reporter) { () throws(BuildError) in
                try channel.write(input, into: context.staging)
            }
            input.outcome.warnings += written.warnings
            input.products += written.products
            MemoryTrim.returnFreedMemory()
        }
        var card = content.card
        card.updated = left?.history.entries.last?.at
        let thumbnail = content.card.thumbnail
            .flatMap { ref in content.charts.first { $0.ref == ref } }
            .map { ChartImage($0, folder: "\(slug)/charts/").drawn }
        let built = BuiltReport(
            outcome: input.outcome, card: card, thumbnail: thumbnail, sources: spec.sources.map(\.displayName),
            freshness: freshness)
        // The key with the history this build leaves (the one the next build finds in the folder)
        // and the state its data was in: a report whose data turns stale is made anew.
        let key = made.key(
            history: ReportKeys.HistoryInKey(
                keeps: keepsHistory, digest: left?.digest,
                current: left?.history.entries.last?.at == context.keys.clock),
            freshness: state)
        try ReportFolder.finish(built, key: key, charts: charts, staging: context.staging, record: context.record)
        return built
    }

    /// The history after this build (`historyAfter`), written; nil when the report keeps none.
    private func writeHistory(_ history: ReportHistory?)
        throws(BuildError) -> (history: ReportHistory, digest: FileDigest)?
    {
        guard let history else { return nil }
        let bytes = history.encoded()
        try context.staging.write(ReportHistory.path(slug), bytes)
        return (history, FileDigest(of: bytes))
    }

    /// Said when the previous output's history of the report is not one: it starts afresh.
    private func historyWarning() -> ReportWarning {
        let key = "warnings.historyDamaged"
        let file = ReportHistory.fileName
        var warning = ReportWarning(
            .history, readers.conventions.words.text(key, ["file": file]), at: .init(file: file, line: nil))
        let user = context.site.conventions.words.text(key, ["file": file])
        if user != warning.message { warning.userMessage = user }
        return warning
    }

    /// A report that failed: it keeps its previous pages or gets an error page, with a record
    /// saying why. In a shard's part nothing is written: the merge does this against the site's output.
    /// `freshness`: the data's, for a report that failed on its data's age.
    private func failed(_ outcome: ReportOutcome, freshness: DataFreshness? = nil) throws(BuildError) -> BuiltReport {
        let built = BuiltReport(
            outcome: outcome, card: nil, thumbnail: nil, sources: spec.sources.map(\.displayName),
            freshness: freshness)
        guard pipeline.shard == nil, let error = outcome.error else { return built }
        try ReportFolder.keepPreviousOrShowError(
            built, error: error, templates: readers.templates, renderer: readers.renderer,
            publisher: context.publisher, previous: context.previous.manifest, staging: context.staging)
        try ReportFolder.finish(built, key: nil, charts: [:], staging: context.staging, record: context.record)
        return built
    }
}

extension ReportRun {
    /// "1 page", "4 charts".
    static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }
}
