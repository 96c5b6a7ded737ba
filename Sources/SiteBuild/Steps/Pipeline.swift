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

    /// What the steps share: the templates, the renderers and the staging folder.
    struct Context: Sendable {
        var templates: TemplateLibrary
        var renderer: PageRenderer
        var mailer: EmailComposer?
        var publisher: Publisher
        var staging: Staging
        var slugs: [String]
        var cache: BuildCache
        var progress: ProgressCounter
        /// Draws `report.pdf`.
        var printer: PDFReportRenderer
        /// The reports this build makes, by index in the job: all, or one shard's.
        var selected: [Int]
        var site: SiteFacts
        /// The static files' site paths.
        var staticFiles: [String]
        /// The job's readers, and those of the reports that set their own.
        var siteReaders: Readers
        var reportReaders: [ReaderSettings: Readers] = [:]
        /// How the build was asked to run, as the report channels read it.
        var build: ChannelBuild

        /// What the finishing steps work on.
        var finishing: SiteFinish.Site {
            SiteFinish.Site(renderer: renderer, publisher: publisher, staging: staging, cache: cache)
        }

        /// The readers of `spec`: its own when it sets any, else the site's.
        func readers(for spec: ReportSpec) -> Readers {
            spec.readers.isEmpty ? siteReaders : reportReaders[spec.readers] ?? siteReaders
        }
    }

    /// The shard being built into a part, or nil for a whole site.
    var shard: Shard? { options.shard }

    /// The site's readers: the command line's over the job's over en-GB in UTC.
    var siteReaders: ReaderSettings { ReaderSettings.resolved(options: options.readers, job: job.readers) }

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
        let readers = [context.siteReaders] + Array(context.reportReaders.values)
        guard readers.contains(where: { $0.conventions.words.language == "ja" }), !FontLibrary.shared.hasJapaneseFace
        else { return nil }
        return "no installed font has Japanese glyphs: the charts' Japanese words are drawn as empty boxes "
            + "(apt-get install fonts-ipafont-gothic)"
    }

    /// Each report's folder name, from its title.
    static func slugs(of job: Job) -> [String] {
        Slug.unique(
            job.reports.map(\.resolvedTitle), fallback: "report",
            reserved: ["assets", FrontPages.folder, SearchIndex.folder])
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
        var outcomes = zip(job.reports, slugs).map { spec, slug in
            ReportOutcome(title: spec.resolvedTitle, slug: slug, kind: spec.kind, warnings: [], error: nil)
        }
        let siteWarnings = WarningList(reporter: reporter)
        var steps = BuildSteps(count: 4, reporter: reporter)
        var context: Context?
        var fatal: BuildError?
        do {
            let prepared = try await steps.step("prepare the output") { () throws(BuildError) in
                try prepare(slugs: slugs, warnings: siteWarnings)
            }
            context = prepared
            let finished = try await steps.step("build reports") { () async throws(BuildError) in
                let finished = try await buildReports(prepared)
                // The drawing is done: its buffers go, so the front page and publishing do not carry them.
                PNGWorkspace.releaseIdle()
                if let fontWarning = FontLibrary.shared.substitutionWarning { siteWarnings.add(fontWarning) }
                if let warning = Self.japaneseFontWarning(prepared) { siteWarnings.add(warning) }
                return finished
            }
            // Read back at the end, so the records are not held through the front page and the manifest.
            defer { outcomes = finished.outcomes(complete: options.completeOutcomes) }
            let unchanged =
                shard == nil
                ? try await steps.step("render the front page") { () throws(BuildError) in
                    try finish.renderFrontPage(finished, prepared.finishing)
                }
                : try await steps.step("write the part") { () throws(BuildError) in
                    try finishPart(finished, prepared)
                    return false
                }
            try await steps.step("publish") { () throws(BuildError) in
                try finish.publish(prepared.finishing, slugs: slugs, made: made(prepared), unchanged: unchanged)
            }
        } catch {
            fatal = error
            context?.publisher.discard(context!.staging)
        }
        var result = BuildResult(reports: outcomes, fatal: fatal, output: job.output)
        result.siteWarnings = siteWarnings.all
        for source in job.reports.lazy.flatMap(\.sources) {
            if case let .file(url) = source, result.sourcePaths[source.displayName] == nil {
                result.sourcePaths[source.displayName] = url.path
            }
        }
        result.hadPreviousOutput = hadOutput
        return result
    }

    /// A shard's part and its manifest, in place of the front page.
    private func finishPart(_ finished: FinishedReports, _ context: Context) throws(BuildError) {
        reporter.detail("  \(context.cache.summary(reports: finished.count))")
        try writePart(finished, context: context)
        try context.staging.writeManifest(generatedAt: options.now, reports: finished.manifestListing)
        if let failure = context.cache.ledger.failure { throw failure }
    }

    /// The steps that end the site, shared with `merge`.
    private var finish: SiteFinish {
        SiteFinish(
            output: job.output, now: options.now, cardsPerPage: options.cardsPerPage ?? FrontPages.cardsPerPage,
            searchable: !options.selfContained, inPlace: options.publishesInPlace && shard == nil,
            usesSpare: shard == nil, workers: options.jobs, reporter: reporter, memory: memory)
    }

    /// The report folders this build wrote: those it selected, less those it took whole.
    private func made(_ context: Context) -> [String] {
        let reused = Set(context.cache.reusedFolders.map(\.slug))
        return context.selected.map { context.slugs[$0] }.filter { !reused.contains($0) }
    }

    /// The words of the language `--language`, the job's `language:` or the locale names (`de-AT`
    /// → `de`): Gazette's catalog with the user's over it; English, with a note, when there is none.
    private func chooseWords(_ templates: TemplateLibrary) throws(BuildError) -> Words {
        let readers = siteReaders
        let language = readers.wordsLanguage
        if let words = try templates.words(for: language) { return words }
        let from =
            options.readers.language != nil
            ? "--language" : job.readers.language != nil ? "language:" : "the locale \(readers.resolvedLocale)"
        reporter.warning(
            "note: Gazette has no words in \"\(language)\" (from \(from)): "
                + "the pages' words stay English; a messages/\(language).yml in --templates would give them")
        return .english
    }

    /// Checks the templates, makes the staging folder and writes the shared assets.
    private func prepare(slugs: [String], warnings: WarningList) throws(BuildError)
        -> Context
    {
        var templates = try TemplateLibrary(overrides: options.templatesFolder)
        for path in templates.unmatchedOverrides {
            warnings.add("replaces no built-in template (used only if another template includes it)", about: path)
        }
        let baseTemplates = templates
        let words = try chooseWords(templates)
        templates = templates.speaking(words)
        let conventions = siteReaders.conventions.speaking(words)
        let site = SiteFacts(
            title: job.title, now: options.now, inputs: job.reports.flatMap { $0.sources.map(\.displayName) },
            jobFile: job.file?.lastPathComponent, conventions: conventions,
            baseURL: options.baseURL ?? job.baseURL, indexed: job.indexed)
        // Said on the terminal like the missing-language note, not counted: every site has
        // feeds, and a site kept only as CI artifacts or files needs no address.
        if site.baseURL == nil, shard == nil {
            reporter.warning(
                "note: the Atom feeds (feed.xml) have relative links, which feed readers cannot follow: give the site's address as base-url: in the job or --base-url"
            )
        }
        let build = ChannelBuild(options: options, job: job)
        let wantsEmail = build.wantsEmail
        if let warning = defaultSenderWarning() { warnings.add(warning) }
        let siteReaders = try readers(speaking: templates, facts: site, wantsEmail: wantsEmail)
        var reportReaders: [ReaderSettings: Readers] = [:]
        for spec in job.reports where !spec.readers.isEmpty && reportReaders[spec.readers] == nil {
            reportReaders[spec.readers] = try readers(
                spec.readers, base: baseTemplates, facts: site, wantsEmail: wantsEmail)
        }
        let staticFiles = try staticFiles(slugs: slugs)
        let publisher = Publisher(target: job.output)
        let staging = try publisher.begin()
        let recalled = memory?.recalled(for: job.output)
        let cache = BuildCache(
            previous: recalled?.manifest ?? SiteManifest(output: job.output),
            stats: recalled?.stats ?? StatFile(output: job.output),
            folder: options.cacheFolder.map(CacheFolder.init), reuses: options.reusesEarlierWork,
            verifies: options.verify,
            siteFingerprint: siteFingerprint(site, templates: templates),
            ledger: try ReportLedger(), historyFolder: options.historyFolder)
        // A part holds reports only: the merge writes the assets with the front page. Self-contained
        // pages carry their style and no script, so they need no assets.
        do {
            if shard == nil, !options.selfContained {
                try Self.writeAssets(templates, into: staging, besides: staticFiles.map(\.path))
            }
            if shard == nil { try Self.writeRobots(indexed: site.indexed, into: staging) }
            try StaticFolder.copy(staticFiles, into: staging)
        } catch {
            publisher.discard(staging)
            throw error
        }
        let selected =
            shard.map { shard in job.reports.indices.filter { shard.contains(slug: slugs[$0]) } }
            ?? Array(job.reports.indices)
        return Context(
            templates: templates, renderer: siteReaders.renderer, mailer: siteReaders.mailer, publisher: publisher,
            staging: staging,
            slugs: slugs,
            cache: cache,
            progress: ProgressCounter(step: "[2/4] build reports", reports: selected.count, report: reporter.advance),
            printer: siteReaders.printer,
            selected: selected, site: site, staticFiles: staticFiles.map(\.path), siteReaders: siteReaders,
            reportReaders: reportReaders, build: build)
    }

    /// Said once when any message this build writes would come from Gazette's placeholder sender,
    /// which a real server may refuse and a reader cannot answer.
    func defaultSenderWarning() -> String? {
        guard options.emailOverride.from == nil, options.emailFallbackSender == nil, job.email?.from == nil else {
            return nil
        }
        let writesOne = job.reports.contains { spec in
            (options.email || job.email != nil || spec.email != nil) && spec.email?.from == nil
        }
        guard writesOne else { return nil }
        return "the e-mails come from the built-in sender \(EmailComposer.defaultSender): give --email-from, "
            + "GAZETTE_EMAIL_FROM or email: {from: …} in the job"
    }

    /// The stylesheet, the script and the default icon; a static `favicon.svg` of the user's replaces ours.
    static func writeAssets(_ templates: TemplateLibrary, into staging: Staging, besides staticPaths: [String])
        throws(BuildError)
    {
        try staging.write("assets/style.css", text: try templates.asset("style.css"))
        try staging.write("assets/countdown.js", text: try templates.asset("countdown.js"))
        if !staticPaths.contains("favicon.svg") {
            try staging.write("favicon.svg", text: try templates.asset("favicon.svg"))
        }
    }

    /// `robots.txt` disallowing every path, for a site that asks not to be indexed.
    static func writeRobots(indexed: Bool, into staging: Staging) throws(BuildError) {
        if !indexed { try staging.write(RobotsFile.path, text: RobotsFile.text) }
    }

    /// The top-level names a build writes itself, which a static file may not take.
    static func reservedNames(slugs: [String], indexed: Bool = true, hasAddress: Bool = false) -> Set<String> {
        Set(
            slugs + [
                "index.html", "manifest.json", "assets", FrontPages.folder, SearchIndex.folder, PartManifest.fileName
            ] + (indexed ? [] : [RobotsFile.path]) + (hasAddress ? [Sitemap.path] : []))
    }

    /// The job's static files, checked: none may replace a file of the site's own, and the output
    /// may not lie inside the static folder (it would be published into itself).
    private func staticFiles(slugs: [String]) throws(BuildError) -> [StaticFolder.File] {
        guard let folder = job.staticFolder?.standardizedFileURL else { return [] }
        let output = job.output.standardizedFileURL.path
        if output == folder.path || output.hasPrefix(folder.path + "/") {
            throw BuildError(
                .usage, .file(folder.path),
                "the output folder \(output) is inside the static folder; put them side by side")
        }
        let reserved = Self.reservedNames(
            slugs: slugs, indexed: job.indexed, hasAddress: (options.baseURL ?? job.baseURL) != nil)
        return try StaticFolder(folder).files(reserved: reserved)
    }

    /// What every report's pages depend on beyond the report itself: the site's facts (its title,
    /// job file and clock), the options, and every template's text. Not the other reports' inputs:
    /// only the front page lists them, and adding a report must not rebuild the others.
    private func siteFingerprint(_ site: SiteFacts, templates: TemplateLibrary) -> String {
        let text =
            "title \(job.title)\nnow \(options.now.timeIntervalSince1970)\n\(CanonicalKey.text("seed", options.seed))\n"
            + ReportChannels.siteKeyText(ChannelBuild(options: options, job: job))
            + "job file \(site.jobFile ?? "")\n"
            + (site.baseURL.map { "base-url \($0)\n" } ?? "")
            + (site.indexed ? "" : "not indexed\n")
            // Only a build for other readers says so, so the default build's keys stay as they were.
            + (site.conventions == .standard ? "" : CanonicalKey.text("conventions", site.conventions) + "\n")
        return text + Self.templatesKey(templates)
    }

    /// Every template's name and a hash of its text.
    static func templatesKey(_ templates: TemplateLibrary) -> String {
        var text = ""
        for (name, body) in templates.files.sorted(by: { $0.key < $1.key }) {
            text += "template \(name) \(BuildCache.key([Array(body.utf8)]))\n"
        }
        return text
    }

    /// Every report through its flow, at most `--jobs` at once, results in job order. A built
    /// report is kept only as its entry (its record is in the ledger) from the moment it is done.
    private func buildReports(_ context: Context) async throws(BuildError) -> FinishedReports {
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
