import GazetteCore
import Rendering
import SiteOutput

/// The report's Atom feed (`SLUG/feed.xml`), one entry per build whose figures changed, made from
/// the history this build leaves. A self-contained build writes none: no page of it links one.
struct FeedChannel: ReportChannel {
    let part = "write the feed"

    func isWanted(_ report: ChannelReport) -> Bool {
        report.keepsHistory && !report.build.options.selfContained
    }

    func alternate(_ input: ChannelInput) -> AlternateLink? {
        input.history == nil
            ? nil : AlternateLink(type: "application/atom+xml", href: PageRenderer.feedPath, title: input.outcome.title)
    }

    func write(_ input: ChannelInput, into staging: Staging) throws(BuildError) -> ChannelOutput {
        guard let history = input.history else { return ChannelOutput() }
        try input.report.readers.renderer.renderReportFeed(
            history, title: input.outcome.title, slug: input.report.slug, freshness: input.freshness, writer: staging)
        return ChannelOutput()
    }
}
