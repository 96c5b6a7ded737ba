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
    /// Self-contained pages have no search box (it loads scripts).
    var searchable: Bool
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
        let plan = FrontPagePlan(
            finished, previous: previous, ledger: record.ledger,
            pageKey: site.keys.map { "\($0.siteFingerprint)\nnow \($0.clock)" }, cardsPerPage: cardsPerPage,
            searchable: searchable)
        let kept = try site.renderer.renderIndex(
            finished, writer: site.staging, reuse: plan.reuse, builtCount: finished.builtCount)
        try plan.finish(kept: kept, previous: previous, stats: record.stats, staging: site.staging)
        try renderSiteFeed(finished, site)
        try writeSitemap(finished, site)
        if !kept.isEmpty {
            reporter.detail("  front page: \(plan.pages.count - kept.count) of \(plan.pages.count) pages made")
        }
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

    /// The site's feed: the entries of reports taken whole from the previous output are carried
    /// from its feed (when its bytes are the ones its manifest lists), so a rebuild reads only the
    /// records of the reports it made.
    private func renderSiteFeed(_ finished: FinishedReports, _ site: Site) throws(BuildError) {
        let previous = site.previous.manifest
        var kept: [String: AtomFeed.KeptEntry] = [:]
        if let listed = previous.files[PageRenderer.feedPath],
            let data = FileManager.default.contents(
                atPath: previous.folder.appendingPathComponent(PageRenderer.feedPath).path),
            FileDigest(of: data) == listed
        {
            kept = AtomFeed.entries(in: [UInt8](data))
        }
        try site.renderer.renderSiteFeed(
            slugs: finished.slugs, reused: Set(site.record.reusedFolders.map(\.slug)), kept: kept,
            report: { finished[$0] }, writer: site.staging)
    }

    /// `sitemap.xml` (and its parts past 50,000 pages) when the site has an address: every HTML
    /// page, the site's own first (in path order), then each report's as its record lists them,
    /// in job order.
    private func writeSitemap(_ finished: FinishedReports, _ site: Site) throws(BuildError) {
        guard let baseURL = site.renderer.site.baseURL else { return }
        var pages = site.staging.listedFiles.map(\.path).filter { $0.hasSuffix(".html") }
        // A report's files are in its record: this build's in the staging folder, a report
        // taken whole in the previous output (the ledger keeps records' heads only).
        let previous = site.previous.folder
        for slug in finished.slugs {
            let path = ReportRecord.path(slug)
            guard
                let bytes = site.staging.read(path)
                    ?? FileManager.default.contents(atPath: previous.appendingPathComponent(path).path).map(Array.init),
                let listed = ReportRecord.listedPaths(bytes)
            else { continue }
            pages += listed.filter { $0.hasSuffix(".html") }
        }
        for file in Sitemap(baseURL: baseURL).files(pages: pages) {
            try site.staging.write(file.path, text: file.text)
        }
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
        let published = staging.read("manifest.json").map { Data($0) }
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
            publisher: site.publisher, previous: previous, record: record, spare: usesSpare ? CacheHome.spare(for: output) : nil,
            made: made, workers: workers, reporter: reporter)
        // The repository's own placeholder (`Output/README.md`) is carried without a word.
        let carried = try swap.publish(staging).filter { !Publisher.placeholders.contains($0) }
        memory?.keep(
            output, stats: record.stats.carriedOver(),
            manifest: SiteManifest(folder: output.standardizedFileURL, bytes: published))
        if let note = Publisher.keptNote(carried) { reporter.warning(note) }
    }
}
