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
        var site = SiteFacts(
            title: job.title, now: options.now, inputs: job.reports.flatMap { $0.sources.map(\.displayName) },
            jobFile: job.file?.lastPathComponent, conventions: conventions,
            baseURL: options.baseURL ?? job.baseURL, indexed: job.indexed)
        var settings = SiteSettings(
            facts: site, selfContained: options.selfContained,
            switches: Set(SiteChannels.switches.filter { $0.isOn(for: job, options: options) }.map(\.name)),
            staticFiles: [])
        site.alternates = SiteChannels.alternates(settings)
        settings.facts = site
        // Said on the terminal like the missing-language note, not counted: every site has
        // feeds, and a site kept only as CI artifacts or files needs no address.
        if site.baseURL == nil, shard == nil {
            reporter.warning(
                "note: the Atom feeds (feed.xml) have relative links, which feed readers cannot follow: give the site's address as base-url: in the job or --base-url"
            )
        }
        let build = ChannelBuild(options: options, job: job)
        let wantsEmail = build.wantsEmail
        if let warning = MessageChannel.defaultSenderWarning(job, options: options) { warnings.add(warning) }
        let siteReaders = try readers(speaking: templates, facts: site, wantsEmail: wantsEmail)
        var reportReaders: [ReaderSettings: Readers] = [:]
        for spec in job.reports where !spec.readers.isEmpty && reportReaders[spec.readers] == nil {
            reportReaders[spec.readers] = try readers(
                spec.readers, base: baseTemplates, facts: site, wantsEmail: wantsEmail)
        }
        let staticFiles = try staticFiles(slugs: slugs, settings: settings)
        settings.staticFiles = staticFiles.map(\.path)
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
            siteFingerprint: siteFingerprint(site, settings: settings, templates: templates),
            clock: Int64(options.now.timeIntervalSince1970.rounded(.down)), drawingVersion: options.drawingVersion,
            reports: job.reports)
        let record = BuildRecord(ledger: try ReportLedger(), stats: previous.stats)
        // A part holds reports only: the merge runs the site channels.
        do {
            if shard == nil { try SiteChannels.begin(settings, templates: templates, into: staging) }
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
            selected: selected, site: site, settings: settings, siteReaders: siteReaders,
            reportReaders: reportReaders, build: build)
    }

    /// The top-level names a build writes itself, which a static file may not take: the
    /// reports' folders, the manifest, a part's description and what the wanted site channels write.
    static func reserves(_ name: String, slugs: Set<String>, settings: SiteSettings) -> Bool {
        slugs.contains(name) || name == "manifest.json" || name == PartManifest.fileName
            || SiteChannels.reserves(name, settings)
    }

    /// The job's static files, checked: none may replace a file of the site's own, and the output
    /// may not lie inside the static folder (it would be published into itself).
    func staticFiles(slugs: [String], settings: SiteSettings) throws(BuildError) -> [StaticFolder.File] {
        guard let folder = job.staticFolder?.standardizedFileURL else { return [] }
        let output = job.output.standardizedFileURL.path
        if output == folder.path || output.hasPrefix(folder.path + "/") {
            throw BuildError(
                .usage, .file(folder.path),
                "the output folder \(output) is inside the static folder; put them side by side")
        }
        let slugs = Set(slugs)
        return try StaticFolder(folder).files(reserved: []) { Self.reserves($0, slugs: slugs, settings: settings) }
    }

    /// What every report's pages depend on beyond the report itself: the site's facts (its title
    /// and job file), the options, and every template's text. Not the other reports' inputs: only
    /// the front page lists them, and adding a report must not rebuild the others. Not the clock:
    /// only the kinds that read it key on it (`ReportKeys.reportKeyBase`), and the front pages.
    func siteFingerprint(_ site: SiteFacts, settings: SiteSettings, templates: TemplateLibrary) -> String {
        let text =
            "title \(job.title)\n\(CanonicalKey.text("seed", options.seed))\n"
            + ReportChannels.siteKeyText(ChannelBuild(options: options, job: job))
            // A site channel asked for: the front pages link it, so none is kept from a build without.
            + settings.switches.sorted().map { "\($0)\n" }.joined()
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
