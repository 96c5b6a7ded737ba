import Canvas
import ChartDrawing
import Charts
import Foundation
import GazetteCore
import Jobs
import Loading
import Rendering
import ReportFacts
import Reports
import SiteOutput
import Localization

/// One report's way through the build: load → decode, compute and present → draw its charts →
/// render its pages → write them, its `report.json` and its e-mail into the staging folder.
/// Nothing of it stays in memory afterwards but what the front page needs.
///
/// An input error fails this report only: it keeps the pages of its last good build (or gets an
/// error page). A template or output error is returned as a failure and stops the build.
struct ReportRun: Sendable {
    let pipeline: Pipeline
    let context: Pipeline.Context
    let index: Int

    private var spec: ReportSpec { pipeline.job.reports[index] }
    private var slug: String { context.slugs[index] }
    /// Who reads this report: the job's readers, or the report's own.
    private var readers: Readers { context.readers(for: spec) }
    private var options: BuildOptions { pipeline.options }
    private var reporter: Reporter { pipeline.reporter }

    func run() async -> Result<BuiltReport, BuildError> {
        let result = await build()
        context.progress.reportDone()
        return result
    }

    /// What a report's inputs give: a report reused whole, one that failed on its input, or its
    /// content made anew with its key.
    private enum Made {
        case reused(BuiltReport)
        case failed(BuildError)
        case content(ReportContent, made: MadeFrom, previous: ReportRecord?, history: PreviousHistory)
    }

    /// What a report's content was made from, for its record's key: its inputs' digests.
    struct MadeFrom {
        var digests: [FileDigest]
    }

    /// The report's history as the previous output left it.
    struct PreviousHistory {
        var history: ReportHistory?
        /// A file was there but is not a history this Gazette reads: it starts afresh, with a warning.
        var damaged = false
    }

    /// `--no-history` and `history: false` keep no history; a shard's part reads it only from
    /// `--history-from`.
    private var keepsHistory: Bool { options.history && spec.history }

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
                do {
                    return .success(
                        try files(of: content, made: made, previous: previous, history: history, outcome: &outcome))
                } catch  where error.kind == .input {
                    // A drawing library refused the report's content: this report fails alone.
                    context.staging.discard(slug)
                    return .success(
                        try failed(
                            ReportOutcome(
                                title: outcome.title, slug: slug, kind: spec.kind, warnings: [], error: error)))
                }
            }
        } catch {
            var tagged = error
            tagged.report = outcome.title
            return .failure(tagged)
        }
    }

    /// The report's content from its inputs, unless an input is missing or fails, or every input
    /// is as the previous build's record says (stats first, then bytes): then its folder is reused.
    private func content() async throws(BuildError) -> Made {
        let cache = context.cache
        if let problem = spec.inputProblem { return .failed(problem) }
        let previous = options.selfContained ? cache.previousRecord(slug) : nil
        // A self-contained front page embeds a card's thumbnail from the SVGs this build draws
        // (they are not in the output): a report with one is built again, not reused.
        let reusable = !options.selfContained || previous?.report.thumbnail == nil
        // Inputs and folder files whose stats are as recorded are not opened.
        if reusable, let reused = try cache.reuseUntouched(spec: spec, slug: slug, keepsHistory: keepsHistory) {
            return .reused(reused)
        }
        let record = options.selfContained ? previous : cache.previousRecord(slug)
        switch await load() {
        case let .failure(error): return .failed(error)
        case let .success(inputs):
            // Unchanged inputs, options, templates, drawing and history: the last build's folder, checked.
            let read = keepsHistory ? cache.previousHistory(slug) : nil
            let digests: [FileDigest]
            do { digests = try cache.inputDigests(inputs) } catch { return .failed(error) }
            let key = cache.reportKey(
                spec: spec, slug: slug, digests: digests,
                history: BuildCache.HistoryInKey(keeps: keepsHistory, digest: read?.digest))
            if reusable, let reused = try cache.reuseReport(slug: slug, key: key, record: record) {
                return .reused(reused)
            }
            let history =
                read.map { PreviousHistory(history: ReportHistory.decoded($0.bytes), damaged: false) }
                .map { PreviousHistory(history: $0.history, damaged: $0.history == nil) } ?? PreviousHistory()
            switch present(inputs, history: history.history) {
            case let .failure(error): return .failed(error)
            case let .success(content):
                return .content(content, made: MadeFrom(digests: digests), previous: record, history: history)
            }
        }
    }

    /// The report's files from its content: charts, pages, report.json, the PDF and the message,
    /// then its record.
    private func files(
        of content: ReportContent, made: MadeFrom, previous: ReportRecord?, history: PreviousHistory,
        outcome: inout ReportOutcome
    ) throws(BuildError) -> BuiltReport {
        MemoryTrim.returnFreedMemory()
        outcome.warnings = content.warnings + (history.damaged ? [historyWarning()] : [])
        outcome.headline = content.card.headline
        outcome.summary = content.summary.isEmpty ? [content.card.detail] : content.summary
        reporter.detail(
            "  \(outcome.title): \(Self.count(content.pages.count, "page")), \(Self.count(content.charts.count, "chart")), \(Self.count(content.warnings.count, "warning"))"
        )
        let title = outcome.title
        let charts = try timed("draw charts", report: title, reporter) { () throws(BuildError) in
            try drawCharts(content, previous: previous)
        }
        MemoryTrim.returnFreedMemory()
        let rendered = outcome
        try timed("render pages", report: title, reporter) { () throws(BuildError) in
            try readers.renderer.renderReport(
                content, outcome: rendered, hasFeed: keepsHistory && content.figures != nil, writer: context.staging)
        }
        MemoryTrim.returnFreedMemory()
        var written = outcome
        try timed("write data and messages", report: title, reporter) { () throws(BuildError) in
            try writeDataAndMessage(content, outcome: &written)
        }
        outcome = written
        var card = content.card
        let left = try writeHistory(content, after: history, title: title)
        card.updated = left?.history.entries.last?.at
        // The key with the history this build leaves: the one the next build finds in the folder.
        let key = context.cache.reportKey(
            spec: spec, slug: slug, digests: made.digests,
            history: BuildCache.HistoryInKey(keeps: keepsHistory, digest: left?.digest))
        let thumbnail = content.card.thumbnail
            .flatMap { ref in content.charts.first { $0.ref == ref } }
            .map { ChartImage($0, folder: "\(slug)/charts/").drawn }
        let built = BuiltReport(
            outcome: outcome, card: card, thumbnail: thumbnail, sources: spec.sources.map(\.displayName))
        try ReportFolder.finish(built, key: key, charts: charts, staging: context.staging, cache: context.cache)
        return built
    }

    /// The history after this build (one entry more when its figures changed, the same bytes
    /// when not) and the report's feed made from it; nil when the report keeps none.
    private func writeHistory(_ content: ReportContent, after previous: PreviousHistory, title: String)
        throws(BuildError) -> (history: ReportHistory, digest: FileDigest)?
    {
        guard keepsHistory, let figures = content.figures else { return nil }
        let history = (previous.history ?? ReportHistory()).continued(
            with: figures, at: Int64(options.now.timeIntervalSince1970.rounded(.down)),
            summary: content.change?.line ?? content.card.headline)
        let bytes = history.encoded()
        try context.staging.write(ReportHistory.path(slug), bytes)
        try readers.renderer.renderReportFeed(history, title: title, slug: slug, writer: context.staging)
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

    /// Whether the build writes the report's message (`--email`, or an `email:` in the job).
    private var mails: Bool {
        readers.mailer != nil && (options.email || pipeline.job.email != nil || spec.email != nil)
    }

    /// report.json, the PDF when asked, and report.eml when the job mails; a message without a
    /// recipient adds the build's warning after it is written.
    private func writeDataAndMessage(_ content: ReportContent, outcome: inout ReportOutcome) throws(BuildError) {
        let data = try reportJSON(content, outcome: outcome)
        try context.staging.stream("\(slug)/report.json") { data.write(into: &$0) }
        var pdf: [UInt8]?
        if options.pdf || spec.pdf {
            let bytes = try readers.printer.render(
                content, title: outcome.title, sources: spec.sources.map(\.displayName))
            try context.staging.write("\(slug)/report.pdf", bytes)
            pdf = bytes
        }
        guard mails, let mailer = readers.mailer else { return }
        let addressing = EmailComposer.addressing(
            report: spec.email, job: pipeline.job.email,
            override: options.emailOverride, fallbackSender: options.emailFallbackSender)
        let message = try mailer.message(
            for: content, outcome: outcome, spec: spec, addressing: addressing,
            attaching: pdf, staging: context.staging)
        try context.staging.write("\(slug)/report.eml", text: message)
        // Said after the message is written, so it is the build's warning, not one in the report.
        if addressing.to.isEmpty {
            var warning = ReportWarning(.email, readers.conventions.words["warnings.noRecipient"])
            let user = context.site.conventions.words["warnings.noRecipient"]
            if user != warning.message { warning.userMessage = user }
            outcome.warnings.append(warning)
        }
    }

    /// A report that failed: it keeps its previous pages or gets an error page, with a record
    /// saying why. In a shard's part nothing is written: the merge does this against the site's output.
    private func failed(_ outcome: ReportOutcome) throws(BuildError) -> BuiltReport {
        let built = BuiltReport(outcome: outcome, card: nil, thumbnail: nil, sources: spec.sources.map(\.displayName))
        guard pipeline.shard == nil, let error = outcome.error else { return built }
        try ReportFolder.keepPreviousOrShowError(
            built, error: error, templates: readers.templates, renderer: readers.renderer,
            publisher: context.publisher, previous: context.cache.previous, staging: context.staging)
        try ReportFolder.finish(built, key: nil, charts: [:], staging: context.staging, cache: context.cache)
        return built
    }

    /// Opens the report's inputs; an error here is the report's own.
    private func load() async -> Result<[LoadedInput], BuildError> {
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
    private func present(_ loaded: [LoadedInput], history: ReportHistory?) -> Result<ReportContent, BuildError> {
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

    /// One file of a chart: where it goes, the suffix its cache key adds, its theme, and whether
    /// it is only read back by the build (embedded in a page or a message), not published.
    private struct ChartFile: Sendable {
        let path: String
        let suffix: String
        let theme: Theme
        let scratch: Bool
    }

    /// A chart's files of one format, drawn together so its layout is worked out once for both themes.
    private struct ChartDrawingJob: Sendable {
        let chart: any Chart
        let chartKey: String
        let format: OutputFormat
        var files: [ChartFile]
    }

    /// Draws every file of every chart of the report, spread over `--jobs` threads; a file whose
    /// verified copy the cache holds is reused instead.
    /// Returns each chart's key with the stem of its files, for the report's record.
    private func drawCharts(_ content: ReportContent, previous: ReportRecord?) throws(BuildError) -> [String: String] {
        let (drawings, stems) = try chartDrawings(content)
        context.progress.chartFilesKnown(drawings.reduce(0) { $0 + $1.files.count })
        let results = parallelMap(drawings, workers: options.jobs) { drawing in draw(drawing, previous: previous) }
        for result in results {
            if case let .success(error?) = result { throw error }
            if case let .failure(error) = result { throw BuildError(.io, .none, "cannot draw a chart: \(error)") }
        }
        return stems
    }

    /// Every chart's files grouped by chart and format, with each chart key's stem (of two equal
    /// charts the first path wins).
    private func chartDrawings(_ content: ReportContent) throws(BuildError) -> ([ChartDrawingJob], [String: String]) {
        var drawings: [ChartDrawingJob] = []
        var stems: [String: String] = [:]
        let emailed = Set(mails ? content.digest.sections.compactMap(\.chart) : [])
        for spec in content.charts {
            let chartKey: String
            do {
                chartKey = try context.cache.chartKey(spec.chart)
            } catch {
                throw BuildError(
                    .io, .file("\(slug)/charts/\(spec.name)"), "cannot describe the chart for the cache: \(error)")
            }
            let stem = "\(slug)/charts/\(spec.name)"
            stems[chartKey] = stems[chartKey].map { min($0, stem) } ?? stem
            // Pages show SVG (embedded by self-contained pages, so kept out of their output); a
            // message carries its charts as PNG, kept out of the output too.
            var files = ChartImage.pageFiles(spec.name).map { ($0, options.selfContained) }
            if emailed.contains(spec.ref) { files.append((ChartImage.emailFile(spec.name), true)) }
            for (file, scratch) in files {
                let format: OutputFormat
                switch file.format {
                case .png2x: format = .png(scale: 2)
                case .svg: format = .svg
                }
                let drawn = ChartFile(
                    path: "\(slug)/charts/\(file.file)", suffix: String(file.file.dropFirst(spec.name.count + 1)),
                    theme: file.theme, scratch: scratch)
                if let index = drawings.lastIndex(where: { $0.chartKey == chartKey && $0.format == format }) {
                    drawings[index].files.append(drawn)
                } else {
                    drawings.append(
                        ChartDrawingJob(chart: spec.chart, chartKey: chartKey, format: format, files: [drawn]))
                }
            }
        }
        return (drawings, stems)
    }

    /// One chart's files of one format: each reused from the cache when it can be, the rest drawn
    /// in one go and written (into the scratch area only, for self-contained pages).
    private func draw(_ drawing: ChartDrawingJob, previous: ReportRecord?) -> BuildError? {
        let cache = context.cache, staging = context.staging, progress = context.progress
        var path = drawing.files[0].path
        do {
            var missing: [ChartFile] = []
            for file in drawing.files {
                if !file.scratch,
                    try cache.reuseChartFile(
                        chartKey: drawing.chartKey, suffix: file.suffix, at: file.path, previous: previous,
                        staging: staging)
                {
                    progress.chartFileDone()
                } else {
                    missing.append(file)
                }
            }
            guard !missing.isEmpty else { return nil }
            let drawn = try ChartRenderer.render(drawing.chart, themes: missing.map(\.theme), format: drawing.format)
            for (file, bytes) in zip(missing, drawn) {
                path = file.path
                defer { progress.chartFileDone() }
                if file.scratch {
                    try staging.writeScratch(file.path, bytes)
                    continue
                }
                try staging.write(file.path, bytes)
                cache.storeChartFile(chartKey: drawing.chartKey, suffix: file.suffix, bytes: bytes)
            }
            return nil
        } catch let error as BuildError {
            return error
        } catch {
            // Cairo's refusal is about what the report asked it to draw: the report's own failure.
            return BuildError(.input, .file(path), "cannot draw the chart: \(error)")
        }
    }

    /// `report.json` as values; a workout log's days are made as it is written.
    private func reportJSON(_ content: ReportContent, outcome: ReportOutcome) throws(BuildError) -> JSONValue {
        let document = ReportDocument(
            title: outcome.title, slug: outcome.slug, warnings: outcome.warnings.map(\.text),
            generatedAt: Int(options.now.timeIntervalSince1970.rounded(.down)), data: content.data)
        do {
            return try document.json()
        } catch {
            throw BuildError(.io, .file("\(slug)/report.json"), "cannot write report.json: \(error)")
        }
    }
}

extension ReportRun {
    /// "1 page", "4 charts".
    static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }
}
