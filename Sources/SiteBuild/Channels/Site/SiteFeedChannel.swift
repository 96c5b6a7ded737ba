import Foundation
import GazetteCore
import Rendering
import SiteOutput

/// The site's Atom feed (`feed.xml`): the reports that changed last (at most
/// `PageRenderer.siteFeedEntries`), linked from every page's head. The entries of reports taken
/// whole from the previous output are carried from its feed (when its bytes are the ones its
/// manifest lists), so a rebuild reads only the records of the entries it makes. Self-contained
/// pages link no feed, so such a site has none.
struct SiteFeedChannel: SiteChannel {
    let names = [PageRenderer.feedPath]

    func isWanted(_ site: SiteSettings) -> Bool { !site.selfContained }

    func alternate(_ site: SiteSettings) -> AlternateLink? {
        AlternateLink(type: "application/atom+xml", href: PageRenderer.feedPath, title: site.facts.title)
    }

    func finish(_ input: SiteChannelInput, into staging: Staging) throws(BuildError) {
        let previous = input.previous.manifest
        var kept: [String: AtomFeed.KeptEntry] = [:]
        if let listed = previous.files[PageRenderer.feedPath],
            let data = FileManager.default.contents(
                atPath: previous.folder.appendingPathComponent(PageRenderer.feedPath).path),
            FileDigest(of: data) == listed
        {
            kept = AtomFeed.entries(in: [UInt8](data))
        }
        let finished = input.finished
        try input.renderer.renderSiteFeed(
            slugs: finished.slugs, reused: { input.record.isReused($0) }, kept: kept,
            updated: { finished.updated($0) }, report: { finished[$0] }, writer: staging)
    }
}
