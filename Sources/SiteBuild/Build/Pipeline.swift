import Canvas
import Charts
import Email
import Foundation
import GazetteCore
import Rendering
import ReportFacts
import SiteOutput
import Jobs
import Loading
import Reports
import Localization

/// The build, as named steps: prepare the output → build the reports, streamed → the front page
/// and manifest → publish.
///
/// Each report goes through load → decode and present → draw charts → render pages → write, into
/// the staging folder, and is then dropped: at most `--jobs` reports are in flight, so memory
/// does not grow with the number of reports. One bad report never stops the others: its error is
/// kept with it and the rest go on. Only a broken template or an unwritable output stops the
/// build, and then nothing is published.
public struct Pipeline: Sendable {
    public var job: Job
    public var options: BuildOptions
    public var loader: SourceLoader
    public var reporter: Reporter
    /// `gazette serve`'s memory of the last build, when it keeps one.
    public var memory: BuildMemory?

    public init(job: Job, options: BuildOptions, loader: SourceLoader = SourceLoader(), reporter: Reporter = .silent) {
        self.job = job
        self.options = options
        var loader = loader
        // A retried or slow fetch gets a line, as a note (so -q hides it with the warnings).
        loader.notice = { line in reporter.warning("note: " + line) }
        self.loader = loader
        self.reporter = reporter
    }

    /// The shard being built into a part, or nil for a whole site.
    var shard: Shard? { options.shard }

    public func run() async -> BuildResult {
        var pipeline = self
        do {
            // An output named through a link is published into the folder it points to.
            pipeline.job.output = try OutputLink.resolve(job.output)
        } catch {
            return BuildResult(reports: [], fatal: error, output: job.output)
        }
        // One build at a time into one output (a part is a shard's own and keeps nothing).
        var lock: FileLock?
        if shard == nil {
            do {
                lock = try OutputLock.take(output: pipeline.job.output) {
                    reporter.warning(
                        "note: another build is writing \(pipeline.job.output.path); waiting for it to end")
                }
            } catch {
                return BuildResult(reports: [], fatal: error, output: job.output)
            }
        }
        defer { lock?.release() }
        // Histories from the published site: fetched into a folder read as --history-from DIR.
        var fetched: URL?
        defer { if let fetched { try? FileManager.default.removeItem(at: fetched) } }
        if let site = options.historySite {
            // Only the reports that keep a history have one to fetch.
            let keeping = zip(job.reports, Self.slugs(of: job)).filter { options.history && $0.0.history }.map(\.1)
            do {
                fetched = try await RemoteHistory.fetch(site: site, slugs: keeping, loader: loader)
            } catch {
                return BuildResult(reports: [], fatal: error, output: job.output)
            }
            pipeline.options.historyFolder = fetched
        }
        return await pipeline.runSteps()
    }

    /// Said when the site or a report speaks Japanese and no installed face has Japanese glyphs:
    /// the charts' words would be empty boxes.
    static func japaneseFontWarning(_ context: Context) -> String? {
        guard context.readers.all.contains(where: { $0.conventions.words.language == "ja" }),
            !FontLibrary.shared.hasJapaneseFace
        else { return nil }
        return "no installed font has Japanese glyphs: the charts' Japanese words are drawn as empty boxes "
            + "(apt-get install fonts-ipafont-gothic)"
    }

    /// Each report's folder name, from its title: never a site channel's folder.
    static func slugs(of job: Job) -> [String] {
        Slug.unique(job.reports.map(\.resolvedTitle), fallback: "report", reserved: Set(SiteChannels.folders))
    }

    private func runSteps() async -> BuildResult {
        // What reading the job file freed (a tree of every node of a long YAML file) goes back
        // first, so the build does not grow on top of it.
        MemoryTrim.returnFreedMemory()
        reporter.detail(
            "  peak memory after reading the job: \(BuildSteps.peakMegabytes) MB (held now: \(BuildSteps.heapMegabytes) MB of heap)"
        )
        let hadOutput = FileManager.default.fileExists(atPath: job.output.path)
        let slugs = Self.slugs(of: job)
        // Made at the end from the reports finished (none when the build stopped before): a whole
        // array of outcomes held through the build would be tens of MB at 100,000 reports.
        var finishedReports: FinishedReports?
        let siteWarnings = WarningList(reporter: reporter)
        var steps = BuildSteps(count: 4, reporter: reporter)
        var context: Context?
        var fatal: BuildError?
        var siteWeight: SiteWeight?
        do {
            let prepared = try await steps.step("prepare the output") { () throws(BuildError) in
                try prepare(slugs: slugs, warnings: siteWarnings)
            }
            context = prepared
            let finished = try await steps.step("build reports") { () async throws(BuildError) in
                let finished = try await ReportStream(pipeline: self, context: prepared).run()
                // The drawing is done: its buffers go, so the front page and publishing do not carry them.
                PNGWorkspace.releaseIdle()
                if let fontWarning = FontLibrary.shared.substitutionWarning { siteWarnings.add(fontWarning) }
                if let warning = Self.japaneseFontWarning(prepared) { siteWarnings.add(warning) }
                return finished
            }
            finishedReports = finished
            let (unchanged, weight): (Bool, SiteWeight?) =
                shard == nil
                ? try await steps.step("render the front page") { () throws(BuildError) in
                    try finish.renderFrontPage(finished, prepared.finishing)
                }
                : try await steps.step("write the part") { () throws(BuildError) in
                    try finishPart(finished, prepared)
                    return (false, nil)
                }
            siteWeight = weight
            try await steps.step("publish") { () throws(BuildError) in
                try finish.publish(
                    prepared.finishing, slugs: slugs, made: made(prepared), unchanged: unchanged, weight: weight)
            }
        } catch {
            fatal = error
            context?.publisher.discard(context!.staging)
        }
        // The outcomes are read back last, once the build's tables (the stat file's, the previous
        // manifest's, the front page's) are gone: at 100,000 reports they were made on top of
        // them, the build's peak.
        context = nil
        let reports =
            finishedReports?.outcomes(complete: options.completeOutcomes)
            ?? zip(job.reports, slugs).map { spec, slug in
                ReportOutcome(title: spec.resolvedTitle, slug: slug, kind: spec.kind, warnings: [], error: nil)
            }
        var result = BuildResult(reports: reports, fatal: fatal, output: job.output)
        result.siteWarnings = siteWarnings.all
        // Only the file names a warning points at are looked up (a job of 10,000 inputs has few).
        let named = Set(reports.lazy.flatMap(\.warnings).compactMap(\.place?.file))
        if !named.isEmpty {
            for source in job.reports.lazy.flatMap(\.sources) {
                let name = source.displayName
                if case let .file(path) = source, named.contains(name), result.sourcePaths[name] == nil {
                    result.sourcePaths[name] = path
                }
            }
        }
        result.hadPreviousOutput = hadOutput
        result.siteWeight = siteWeight
        return result
    }

    /// A shard's part and its manifest, in place of the front page.
    private func finishPart(_ finished: FinishedReports, _ context: Context) throws(BuildError) {
        reporter.detail("  \(context.record.summary(reports: finished.count))")
        try writePart(finished, context: context)
        try context.staging.writeManifest(generatedAt: options.now, reports: finished.manifestListing)
        if let failure = context.record.ledger.failure { throw failure }
    }

    /// The steps that end the site, shared with `merge`.
    private var finish: SiteFinish {
        SiteFinish(
            output: job.output, now: options.now, cardsPerPage: options.cardsPerPage ?? FrontPages.cardsPerPage,
            inPlace: options.publishesInPlace && shard == nil,
            usesSpare: shard == nil, workers: options.jobs, reporter: reporter, memory: memory,
            host: options.host ?? job.host)
    }

    /// The report folders this build wrote: those it selected, less those it took whole.
    private func made(_ context: Context) -> [String] {
        context.selected.map { context.slugs[$0] }.filter { !context.record.isReused($0) }
    }

}
