import Deterministic
import Foundation
import GazetteCore
import ReportFacts

/// The site's Atom feeds: `feed.xml`, one entry per report, updated when that report's figures
/// last changed and summarised by the change in words; and each report's own `SLUG/feed.xml`,
/// an entry per build that changed its figures. Links are under `base-url` when the job gives
/// one, else relative to the feed (feed readers need the absolute form; the build says so).
extension PageRenderer {
    package static let feedPath = "feed.xml"
    /// A report's feed lists at most this many builds, newest first.
    package static let reportFeedEntries = 100
    /// The site's feed lists at most this many reports: those whose figures changed last. A feed
    /// reader gains nothing from an entry per report of a large site (3.2 MB at 10,000 reports,
    /// held by the build as it wrote it and fetched whole by every reader).
    package static let siteFeedEntries = 100

    /// `href` under the site's address, or as it is (relative) without one.
    private func linked(_ path: String) -> String { (site.baseURL ?? "") + path }

    /// The id of a report's entry in the site's feed.
    private func entryID(_ slug: String) -> String {
        site.baseURL.map { $0 + slug + "/" } ?? AtomFeed.uuid("gazette report\n\(site.title)\n\(slug)")
    }

    /// The site's feed over the reports in job order (`slugs`): the `siteFeedEntries` whose
    /// figures changed last (`updated`, the card's time, or the build's clock for a report with
    /// none; a tie goes to the earlier report), listed in job order. A report reused whole keeps
    /// its entry of the previous feed (`kept`, by id: its record, so its entry, is the same) and
    /// is not read; every other listed report is read (`report`) and its entry made.
    package func renderSiteFeed(
        slugs: [String], reused: (String) -> Bool, kept: [String: AtomFeed.KeptEntry], updated: (Int) -> Int64?,
        report: (Int) -> BuiltReport, writer: some PageWriter
    ) throws(BuildError) {
        // Pages that stand alone link no feed, so a self-contained site has none.
        guard mode == .site else { return }
        let now = Int64(site.now.timeIntervalSince1970.rounded(.down))
        let listed = Self.newest(
            slugs.indices.map { (time: updated($0) ?? now, index: $0) }, count: Self.siteFeedEntries)
        let pieces = listed.map { index -> AtomFeed.Piece in
            let slug = slugs[index]
            let id = entryID(slug)
            if reused(slug), let entry = kept[AtomFeed.escaped(id)] { return .kept(entry) }
            let report = report(index)
            return .made(
                AtomFeed.Entry(
                    title: report.outcome.title, id: id,
                    updated: report.card?.updated.map { Date(timeIntervalSince1970: TimeInterval($0)) } ?? site.now,
                    link: linked("\(slug)/index.html"),
                    summary: report.card.map { $0.change ?? $0.headline } ?? notBuilt(report.outcome.error)))
        }
        let feed = AtomFeed(
            title: site.title,
            id: site.baseURL.map { $0 + Self.feedPath } ?? AtomFeed.uuid("gazette site\n\(site.title)"),
            selfLink: linked(Self.feedPath), alternate: linked("index.html"),
            language: site.conventions.contentLanguage, pieces: pieces, built: site.now)
        try writer.write(Self.feedPath, pieces: feed.pieces)
    }

    /// The indices of the `count` newest times (a tie to the lower index), in index order.
    package static func newest(_ times: [(time: Int64, index: Int)], count: Int) -> [Int] {
        guard times.count > count else { return times.map(\.index) }
        let newest = times.sorted { $0.time != $1.time ? $0.time > $1.time : $0.index < $1.index }.prefix(count)
        return newest.map(\.index).sorted()
    }

    /// A failed report's entry: "Not built" and the first line of its error (a report past its
    /// error-after says since when no new data came).
    private func notBuilt(_ error: BuildError?) -> String {
        let words = site.conventions.words["index.notBuilt"]
        guard let line = error.map({ String($0.portableDescription.prefix { $0 != "\n" }) }) else { return words }
        return "\(words): \(line)"
    }

    /// The report's feed from its history: its builds that changed its figures, newest first.
    /// A report whose data has turned stale (`freshness`) gets one entry more, first, dated when
    /// its data turned stale: the same entry on every build while it stays so.
    package func renderReportFeed(
        _ history: ReportHistory, title: String, slug: String, freshness: FreshnessText? = nil,
        writer: some PageWriter
    ) throws(BuildError) {
        guard mode == .site else { return }
        let feedID =
            site.baseURL.map { $0 + "\(slug)/\(Self.feedPath)" }
            ?? AtomFeed.uuid("gazette report feed\n\(site.title)\n\(slug)")
        let stale = freshness.flatMap { text -> AtomFeed.Entry? in
            guard let sentence = text.staleSentence, let at = text.freshness.validUntil ?? text.freshness.errorAt
            else { return nil }
            return AtomFeed.Entry(
                title: "\(title) — \(site.conventions.words["freshness.staleHeading"])",
                id: site.baseURL == nil ? AtomFeed.uuid("\(feedID)\nstale \(at)") : "\(feedID)#stale-\(at)",
                updated: Date(timeIntervalSince1970: TimeInterval(at)),
                link: site.baseURL.map { $0 + "\(slug)/index.html" } ?? "index.html", summary: sentence)
        }
        let entries = history.entries.suffix(Self.reportFeedEntries - (stale == nil ? 0 : 1)).reversed().map { entry in
            let at = Date(timeIntervalSince1970: TimeInterval(entry.at))
            return AtomFeed.Entry(
                title: "\(title) — \(site.conventions.fullDay(of: at))",
                id: site.baseURL == nil ? AtomFeed.uuid("\(feedID)\n\(entry.at)") : "\(feedID)#\(entry.at)",
                updated: at, link: site.baseURL.map { $0 + "\(slug)/index.html" } ?? "index.html",
                summary: entry.summary ?? title)
        }
        let feed = AtomFeed(
            title: "\(title) · \(site.title)", id: feedID,
            selfLink: site.baseURL.map { $0 + "\(slug)/\(Self.feedPath)" } ?? Self.feedPath,
            alternate: site.baseURL.map { $0 + "\(slug)/index.html" } ?? "index.html",
            language: site.conventions.contentLanguage, entries: (stale.map { [$0] } ?? []) + entries, built: site.now)
        try writer.write("\(slug)/\(Self.feedPath)", text: feed.xml)
    }
}
