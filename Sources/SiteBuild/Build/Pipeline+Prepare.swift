import Foundation
import GazetteCore
import Jobs
import SiteOutput

/// The build's first step, as a few named values made in order, each by a type of its own: the
/// templates, the site, the readers, the previous output and the keys, the staging folder begun,
/// and the reports this build makes.
extension Pipeline {
    func prepare(slugs: [String], warnings: WarningList) throws(BuildError) -> Context {
        let templates = try SiteTemplates(job: job, options: options, warnings: warnings, reporter: reporter)
        let site = try SitePlan(job: job, options: options, words: templates.words, slugs: slugs, reporter: reporter)
        let build = ChannelBuild(options: options, job: job)
        if let warning = MessageChannel.defaultSenderWarning(job, options: options) { warnings.add(warning) }
        let readers = try JobReaders(
            job: job, options: options, templates: templates, facts: site.facts, reporter: reporter)
        let previous = previousOutput()
        let keys = ReportKeys(
            siteFingerprint: SiteFingerprint.text(
                job: job, options: options, site: site, templates: templates.speaking),
            clock: Int64(options.now.timeIntervalSince1970.rounded(.down)), drawingVersion: options.drawingVersion,
            reports: job.reports)
        let selected =
            shard.map { shard in job.reports.indices.filter { shard.contains(slug: slugs[$0]) } }
            ?? Array(job.reports.indices)
        previous.stats.expect(
            reports: selected.count, inputs: selected.reduce(0) { $0 + job.reports[$1].sources.count })
        let record = BuildRecord(ledger: try ReportLedger(expected: selected.count), stats: previous.stats)
        let (publisher, staging) = try beginStaging(site, templates: templates)
        return Context(
            templates: templates.speaking, publisher: publisher, staging: staging, slugs: slugs, previous: previous,
            keys: keys,
            charts: ChartStore(
                keys: keys, previous: previous, folder: options.cacheFolder.map(CacheFolder.init), record: record),
            record: record,
            progress: ProgressCounter(step: "[2/4] build reports", reports: selected.count, report: reporter.advance),
            selected: selected, site: site.facts, settings: site.settings, readers: readers, build: build)
    }

    /// The output as the last build left it: `gazette serve`'s memory of it, or its manifest and
    /// stat file read side by side.
    private func previousOutput() -> PreviousOutput {
        CacheHome.removeDiscardedLeftovers()
        let recalled =
            memory?.recalled(for: job.output) ?? BuildMemory.readingAhead(of: job.output).recalled(for: job.output)
        return PreviousOutput(
            manifest: recalled?.manifest ?? SiteManifest(output: job.output),
            stats: recalled?.stats ?? StatFile(output: job.output), historyFolder: options.historyFolder,
            reuses: options.reusesEarlierWork, verifies: options.verify)
    }

    /// The staging folder, begun with what the site channels write first and the static files;
    /// a part holds reports only (the merge runs the site channels).
    private func beginStaging(_ site: SitePlan, templates: SiteTemplates) throws(BuildError)
        -> (Publisher, Staging)
    {
        let publisher = Publisher(target: job.output)
        let staging = try publisher.begin()
        do {
            if shard == nil { try SiteChannels.begin(site.settings, templates: templates.speaking, into: staging) }
            try StaticFolder.copy(site.staticFiles, into: staging)
        } catch {
            publisher.discard(staging)
            throw error
        }
        return (publisher, staging)
    }
}
