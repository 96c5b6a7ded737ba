import GazetteCore
import Rendering
import SiteOutput

/// The front pages (`index.html`, `pages/N.html`), and in a linked site the search index
/// (`search/`) with its script: each page kept from the previous output when its key says it
/// would be the same (`FrontPagePlan`), the others made from the ledger's records.
struct FrontPagesChannel: SiteChannel {
    let names = ["index.html", FrontPages.folder, SearchIndex.folder]

    func writes(_ path: String) -> Bool { FrontPages.writes(path) }

    func finish(_ input: SiteChannelInput, into staging: Staging) throws(BuildError) {
        let finished = input.finished
        let plan = FrontPagePlan(
            finished, previous: input.previous, ledger: input.record.ledger, pageKey: input.pageKey,
            cardsPerPage: input.cardsPerPage, searchable: !input.site.selfContained)
        var reuse = plan.reuse
        // Every report taken whole, in the same order: the index would be the previous one byte
        // for byte, and gathering every report's words is 19 MB at 100,000 reports.
        let keptIndex =
            !input.site.selfContained && input.previous.reuses && input.record.everyReportReused
                && finished.slugs == input.previous.manifest.reportOrder
            ? Self.previousIndex(input.previous.manifest) : nil
        reuse.keepsSearchIndex = keptIndex != nil
        let kept = try input.renderer.renderIndex(
            finished, writer: staging, reuse: reuse, builtCount: finished.builtCount)
        for (path, file) in keptIndex ?? [] { try staging.adopt(path, file) }
        try plan.finish(kept: kept, previous: input.previous, stats: input.record.stats, staging: staging)
        if !kept.isEmpty {
            input.reporter.detail("  front page: \(plan.pages.count - kept.count) of \(plan.pages.count) pages made")
        }
    }

    /// The previous search index's files, each checked against the SHA-256 its manifest lists;
    /// nil when there are none or any is missing or changed.
    private static func previousIndex(_ previous: SiteManifest) -> [(String, Staging.VerifiedFile)]? {
        let paths = previous.files.keys.filter { $0.hasPrefix(SearchIndex.folder + "/") }.sorted()
        guard paths.contains(SearchIndex.folder + "/directory.js") else { return nil }
        var files: [(String, Staging.VerifiedFile)] = []
        for path in paths {
            guard let digest = previous.files[path],
                let file = Staging.verify(previous.folder.appendingPathComponent(path), digest: digest)
            else { return nil }
            files.append((path, file))
        }
        return files
    }
}
