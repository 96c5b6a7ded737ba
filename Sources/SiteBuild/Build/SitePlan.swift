import Foundation
import GazetteCore
import Jobs
import Localization
import Rendering
import SiteOutput

/// What the build knows of the site before any report: its facts (title, clock, readers'
/// conventions, address, the alternates its pages link), the site channels' settings, and the
/// job's static files, checked against the names the build writes itself.
struct SitePlan: Sendable {
    let facts: SiteFacts
    let settings: SiteSettings
    let staticFiles: [StaticFolder.File]

    init(job: Job, options: BuildOptions, words: Words, slugs: [String], reporter: Reporter) throws(BuildError) {
        let conventions = ReaderSettings.resolved(options: options.readers, job: job.readers).conventions
        // Only a front page of one page lists the site's inputs (a later one lists its own
        // reports'), and a part hands them to its merge: 100,000 names are not held for nothing.
        let listsInputs =
            options.shard != nil || job.reports.count <= options.cardsPerPage ?? FrontPages.cardsPerPage
        var facts = SiteFacts(
            title: job.title, now: options.now,
            inputs: listsInputs ? job.reports.flatMap { $0.sources.map(\.displayName) } : [],
            jobFile: job.file?.lastPathComponent, conventions: conventions.speaking(words),
            baseURL: options.baseURL ?? job.baseURL, indexed: job.indexed)
        var settings = SiteSettings(
            facts: facts, selfContained: options.selfContained,
            switches: Set(SiteChannels.switches.filter { $0.isOn(for: job, options: options) }.map(\.name)),
            staticFiles: [])
        facts.alternates = SiteChannels.alternates(settings)
        settings.facts = facts
        // Said on the terminal like the missing-language note, not counted: every site has
        // feeds, and a site kept only as CI artifacts or files needs no address.
        if facts.baseURL == nil, options.shard == nil {
            reporter.warning(
                "note: the Atom feeds (feed.xml) have relative links, which feed readers cannot follow: give the site's address as base-url: in the job or --base-url"
            )
        }
        staticFiles = try Self.staticFiles(of: job, slugs: slugs, settings: settings)
        settings.staticFiles = staticFiles.map(\.path)
        self.facts = facts
        self.settings = settings
    }

    /// The top-level names a build writes itself, which a static file may not take: the
    /// reports' folders, the manifest, a part's description and what the wanted site channels write.
    static func reserves(_ name: String, slugs: Set<String>, settings: SiteSettings) -> Bool {
        slugs.contains(name) || name == "manifest.json" || name == PartManifest.fileName
            || SiteChannels.reserves(name, settings)
    }

    /// The job's static files, checked: none may replace a file of the site's own, and the output
    /// may not lie inside the static folder (it would be published into itself).
    private static func staticFiles(of job: Job, slugs: [String], settings: SiteSettings) throws(BuildError)
        -> [StaticFolder.File]
    {
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
}
