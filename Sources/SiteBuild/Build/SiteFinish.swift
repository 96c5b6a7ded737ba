import Foundation
import GazetteCore
import Jobs
import Rendering
import SiteOutput

/// The two steps that end every site — the front page with the manifest, then the publish — run
/// alike by a build (`Pipeline`, whose reports it built) and by `merge` (whose reports came from
/// shards' parts), so the two cannot drift.
struct SiteFinish: Sendable {
    var output: URL
    /// The manifest's `generatedAt`.
    var now: Date
    var cardsPerPage: Int
    /// `serve` publishes folder by folder into the output it serves.
    var inPlace: Bool
    /// A whole site goes through the output's spare; a shard's part has none.
    var usesSpare: Bool
    var workers: Int
    var reporter: Reporter
    /// `serve`'s memory of the last build, when it keeps one.
    var memory: BuildMemory?
    /// Where the site is published: a site over its limits is not published.
    var host: HostLimits? = nil

    /// What the finishing steps work on: the staging folder, the renderer that fills it, where it
    /// is published, the previous output and the record of what this build made.
    struct Site: Sendable {
        var renderer: PageRenderer
        var publisher: Publisher
        var staging: Staging
        var previous: PreviousOutput
        var record: BuildRecord
        /// What the site channels know of the site.
        var settings: SiteSettings
        /// The keys of this build's reports, whose site fingerprint and clock key the front pages;
        /// nil for a merge, which keeps no front page.
        var keys: ReportKeys?
    }

    /// The front page and the manifest, and the whole site's weight; `unchanged` when they would
    /// be the previous output's (and then nothing is written and nothing will be published).
    func renderFrontPage(_ finished: FinishedReports, _ site: Site) throws(BuildError) -> (
        unchanged: Bool, weight: SiteWeight
    ) {
        // What the last reports freed goes back first, so the front page does not build on it.
        MemoryTrim.returnFreedMemory()
        // Counted before the manifest is written, so it lists each report folder's weight.
        let reports = finished.slugs.reduce(SiteWeight()) { $0 + (finished.ledger.weight($1) ?? SiteWeight()) }
        let (previous, record) = (site.previous, site.record)
        if OutputCheck.frontPageUnchanged(
            finished, previous: previous.manifest, record: record, clock: site.keys?.clock, staging: site.staging)
        {
            reporter.detail("  \(record.summary(reports: finished.count))")
            record.stats.keepPages()
            return (true, reports + previous.manifest.siteFiles)
        }
        let input = SiteChannelInput(
            site: site.settings, finished: finished, renderer: site.renderer, previous: previous, record: record,
            pageKey: site.keys.map { FrontPageKey(site: $0.siteFingerprint, clock: $0.clock) },
            cardsPerPage: cardsPerPage,
            reporter: reporter)
        try SiteChannels.finish(input, into: site.staging)
        reporter.detail("  \(record.summary(reports: finished.count))")
        // The manifest lists every file written before it, so not itself.
        try site.staging.writeManifest(generatedAt: now, reports: finished.manifestListing)
        if let failure = record.ledger.failure { throw failure }
        let siteFiles = site.staging.listedFiles.reduce(SiteWeight()) { $0 + SiteWeight(files: 1, bytes: $1.size) }
        return (false, reports + siteFiles)
    }

    /// A site over the host's limits is an error before anything is published: the previous
    /// output stays, and the message says what is over and by how much.
    func checkHost(_ weight: SiteWeight) throws(BuildError) {
        guard let host else { return }
        let over = host.overruns(weight)
        guard !over.isEmpty else { return }
        let named = host.name == "host" ? "the host's limits (host: in the job)" : "\(host.name)'s limits"
        throw BuildError(
            .usage, .file(output.path),
            "the site is over \(named): \(over.joined(separator: "; ")). Nothing was published; "
                + "fewer reports, or another host, would fit")
    }

    /// Publishes the staging folder: not at all when nothing changed, folder by folder in place
    /// for `serve`, else by one atomic swap with the spare. `slugs` are every report's folders,
    /// `made` those this run wrote (the others were taken whole from the previous output).
    func publish(_ site: Site, slugs: [String], made: [String], unchanged: Bool, weight: SiteWeight?)
        throws(BuildError)
    {
        if let weight { try checkHost(weight) }
        let (staging, record, previous) = (site.staging, site.record, site.previous.manifest)
        defer { record.stats.write(for: output) }
        memory?.forget()
        if unchanged
            || (record.everyReportReused && OutputCheck.isUnchanged(output, by: staging, previous: previous))
        {
            reporter.detail("  nothing changed: \(output.path) is left as it was")
            memory?.keep(output, stats: record.stats.carriedOver(), manifest: previous)
            site.publisher.discard(staging)
            return
        }
        // Read back only for a build that keeps it in memory (`serve`, `watch`): 24 MB at 100,000 reports.
        let published = memory?.keepsOutcome == true ? staging.read("manifest.json").map { Data($0) } : nil
        if inPlace, previous.digest != nil {
            try site.publisher.prepare()
            let current = Set(slugs)
            try InPlacePublisher(
                target: output, writtenFolders: made,
                removedFolders: previous.reportOrder.filter { !current.contains($0) },
                previousFiles: Array(previous.files.keys)
            ).publish(staging)
            memory?.keep(
                output, stats: record.stats.carriedOver(),
                manifest: SiteManifest(folder: output.standardizedFileURL, bytes: published))
            site.publisher.discard(staging)
            reporter.detail("  published in place: \(staging.count) files into \(output.path)")
            return
        }
        let swap = WholeSwap(
            publisher: site.publisher, previous: previous, record: record,
            spare: usesSpare ? CacheHome.spare(for: output) : nil,
            made: made, workers: workers, reporter: reporter)
        // The repository's own placeholder (`Output/README.md`) is carried without a word.
        let carried = try swap.publish(staging).filter { !Publisher.placeholders.contains($0) }
        memory?.keep(
            output, stats: record.stats.carriedOver(),
            manifest: SiteManifest(folder: output.standardizedFileURL, bytes: published))
        if let note = Publisher.keptNote(carried) { reporter.warning(note) }
    }
}
