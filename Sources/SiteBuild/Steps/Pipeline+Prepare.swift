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

/// The build's first step: the templates checked, the readers made, the staging folder begun with
/// the shared assets and the static files, and the cache keyed by the site's fingerprint.
extension Pipeline {
    /// The words of the language `--language`, the job's `language:` or the locale names (`de-AT`
    /// → `de`): Gazette's catalog with the user's over it; English, with a note, when there is none.
    func chooseWords(_ templates: TemplateLibrary) throws(BuildError) -> Words {
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
    func prepare(slugs: [String], warnings: WarningList) throws(BuildError)
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
        // Without a memory, the two files are still read side by side.
        let recalled =
            memory?.recalled(for: job.output) ?? BuildMemory.readingAhead(of: job.output).recalled(for: job.output)
        let previous = PreviousOutput(
            manifest: recalled?.manifest ?? SiteManifest(output: job.output),
            stats: recalled?.stats ?? StatFile(output: job.output), historyFolder: options.historyFolder,
            reuses: options.reusesEarlierWork, verifies: options.verify)
        let keys = ReportKeys(
            siteFingerprint: siteFingerprint(site, templates: templates),
            clock: Int64(options.now.timeIntervalSince1970.rounded(.down)), drawingVersion: options.drawingVersion,
            reports: job.reports)
        let record = BuildRecord(ledger: try ReportLedger(), stats: previous.stats)
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
            templates: templates, publisher: publisher,
            staging: staging,
            slugs: slugs, previous: previous, keys: keys,
            charts: ChartStore(
                keys: keys, previous: previous, folder: options.cacheFolder.map(CacheFolder.init), record: record),
            record: record,
            progress: ProgressCounter(step: "[2/4] build reports", reports: selected.count, report: reporter.advance),
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
        try staging.write("assets/racecard.js", text: try templates.asset("racecard.js"))
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
    func staticFiles(slugs: [String]) throws(BuildError) -> [StaticFolder.File] {
        guard let folder = job.staticFolder?.standardizedFileURL else { return [] }
        let output = job.output.standardizedFileURL.path
        if output == folder.path || output.hasPrefix(folder.path + "/") {
            throw BuildError(
                .usage, .file(folder.path),
                "the output folder \(output) is inside the static folder; put them side by side")
        }
        let hasAddress = (options.baseURL ?? job.baseURL) != nil
        let reserved = Self.reservedNames(slugs: slugs, indexed: job.indexed, hasAddress: hasAddress)
        // A large site's sitemap is split into sitemap-1.xml, sitemap-2.xml, …: each name is the site's.
        return try StaticFolder(folder).files(reserved: reserved) { hasAddress && Sitemap.writes($0) }
    }

    /// What every report's pages depend on beyond the report itself: the site's facts (its title
    /// and job file), the options, and every template's text. Not the other reports' inputs: only
    /// the front page lists them, and adding a report must not rebuild the others. Not the clock:
    /// only the kinds that read it key on it (`ReportKeys.reportKeyBase`), and the front pages.
    func siteFingerprint(_ site: SiteFacts, templates: TemplateLibrary) -> String {
        let text =
            "title \(job.title)\n\(CanonicalKey.text("seed", options.seed))\n"
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
            text += "template \(name) \(ReportKeys.key([Array(body.utf8)]))\n"
        }
        return text
    }
}
