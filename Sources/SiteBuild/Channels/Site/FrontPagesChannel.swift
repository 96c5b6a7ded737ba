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
        let kept = try input.renderer.renderIndex(
            finished, writer: staging, reuse: plan.reuse, builtCount: finished.builtCount)
        try plan.finish(kept: kept, previous: input.previous, stats: input.record.stats, staging: staging)
        if !kept.isEmpty {
            input.reporter.detail("  front page: \(plan.pages.count - kept.count) of \(plan.pages.count) pages made")
        }
    }
}
