import Deterministic
import Foundation
import GazetteCore
import Jobs
import Rendering
import ReportFacts
import SiteOutput

/// The report's JSON Feed (`SLUG/feed.json`, https://jsonfeed.org/version/1.1) beside its Atom
/// feed, when asked for (`json-feed: true` on the report, or `--json-feed`): the same builds that
/// changed its figures, newest first, from the history this build leaves. Its links are under the
/// site's address, and left out without one (a JSON Feed's URLs are whole).
struct JSONFeedChannel: ReportChannel {
    let part = "write the JSON Feed"

    let settings: ChannelSwitch? = ChannelSwitch(
        "json-feed", key: .report,
        flag:
            "Also write each report's JSON Feed, <report>/feed.json, beside its Atom feed (a report keeping a history).",
        about: "also write the report's JSON Feed, feed.json, beside its Atom feed")

    static let fileName = "feed.json"

    func isWanted(_ report: ChannelReport) -> Bool {
        report.asks(for: settings!) && report.keepsHistory && !report.build.options.selfContained
    }

    func alternate(_ input: ChannelInput) -> AlternateLink? {
        input.history == nil
            ? nil : AlternateLink(type: "application/feed+json", href: Self.fileName, title: input.outcome.title)
    }

    func write(_ input: ChannelInput, into staging: Staging) throws(BuildError) -> ChannelOutput {
        guard let history = input.history else { return ChannelOutput() }
        let feed = Self.feed(history, title: input.outcome.title, slug: input.report.slug, site: input.report.site)
        try staging.write("\(input.report.slug)/\(Self.fileName)", text: feed.rendered() + "\n")
        return ChannelOutput()
    }

    /// The feed of `history`'s builds, at most `PageRenderer.reportFeedEntries` of them.
    static func feed(_ history: ReportHistory, title: String, slug: String, site: SiteFacts) -> JSONValue {
        let page = site.baseURL.map { $0 + "\(slug)/index.html" }
        let items = history.entries.suffix(PageRenderer.reportFeedEntries).reversed().map { entry -> JSONValue in
            let at = Date(timeIntervalSince1970: TimeInterval(entry.at))
            var item: [String: JSONValue] = [
                "id": .string(
                    page.map { "\($0)#\(entry.at)" }
                        ?? AtomFeed.uuid("gazette json feed\n\(site.title)\n\(slug)\n\(entry.at)")),
                "title": .string("\(title) — \(site.conventions.fullDay(of: at))"),
                "content_text": .string(entry.summary ?? title),
                "date_published": .string(UTCTime.iso(at))
            ]
            if let page { item["url"] = .string(page) }
            return .object(item)
        }
        var feed: [String: JSONValue] = [
            "version": .string("https://jsonfeed.org/version/1.1"),
            "title": .string("\(title) · \(site.title)"),
            "language": .string(site.conventions.contentLanguage),
            "authors": .array([.object(["name": .string(site.title)])]),
            "items": .array(items)
        ]
        if let page, let base = site.baseURL {
            feed["home_page_url"] = .string(page)
            feed["feed_url"] = .string(base + "\(slug)/\(fileName)")
        }
        return .object(feed)
    }
}
