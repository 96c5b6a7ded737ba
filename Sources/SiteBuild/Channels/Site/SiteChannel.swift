import Foundation
import GazetteCore
import Jobs
import Rendering
import SiteOutput

/// One kind of file the site writes beside its reports: the front pages with the search index,
/// the Atom feed, the sitemap, robots.txt, the assets. A site channel declares its settings
/// (`settings`: the job key and flag that ask for it), when a site wants it, the top-level names
/// it writes (so no static file or report takes them), what every page links for it
/// (`alternate`), and writes its files — when the output is prepared (`begin`), or once the
/// reports are done (`finish`). A build and `merge` run the same list. A new one is one file and
/// one entry in `SiteChannels.all`.
protocol SiteChannel: Sendable {
    /// The job key (on the job) and flag that ask for it; nil for a channel every site has.
    var settings: ChannelSwitch? { get }
    /// The top-level names it writes; a static file may not take one (nor a report's slug).
    var names: [String] { get }
    /// Whether it writes before the reports (`begin`) or after them (`finish`).
    var writesFirst: Bool { get }
    /// Whether the site has it.
    func isWanted(_ site: SiteSettings) -> Bool
    /// Whether it writes `path` (a site path): its `names`, and any family of names beside them.
    func writes(_ path: String) -> Bool
    /// What every page's head links for it, from the site's root; nil for none.
    func alternate(_ site: SiteSettings) -> AlternateLink?
    /// Writes what it writes before any report (what a front page kept as it was expects there).
    func begin(_ site: SiteSettings, templates: TemplateLibrary, into staging: Staging) throws(BuildError)
    /// Writes what it writes from the finished reports, in the list's order (the sitemap lists
    /// the pages the front pages wrote).
    func finish(_ input: SiteChannelInput, into staging: Staging) throws(BuildError)
}

extension SiteChannel {
    var settings: ChannelSwitch? { nil }
    var writesFirst: Bool { false }
    func isWanted(_ site: SiteSettings) -> Bool { settings.map { site.switches.contains($0.name) } ?? true }
    func writes(_ path: String) -> Bool { names.contains(String(path.prefix { $0 != "/" })) }
    func alternate(_ site: SiteSettings) -> AlternateLink? { nil }
    func begin(_ site: SiteSettings, templates: TemplateLibrary, into staging: Staging) throws(BuildError) {}
    func finish(_ input: SiteChannelInput, into staging: Staging) throws(BuildError) {}
}

/// Every site channel, in the order they write.
enum SiteChannels {
    static let all: [any SiteChannel] = [
        AssetsChannel(), RobotsChannel(), FrontPagesChannel(), SiteFeedChannel(), SitemapChannel(),
        FreshnessChannel()
    ]

    static var switches: [ChannelSwitch] { all.compactMap(\.settings) }

    static func wanted(_ site: SiteSettings) -> [any SiteChannel] { all.filter { $0.isWanted(site) } }

    /// The links of every page's head, from the wanted channels.
    static func alternates(_ site: SiteSettings) -> [AlternateLink] { wanted(site).compactMap { $0.alternate(site) } }

    /// The names a report's slug may not take: every channel's folders, wanted or not, so a
    /// report's folder keeps its name whatever the site asks for.
    static var folders: [String] { all.flatMap(\.names).filter { !$0.contains(".") } }

    /// Whether a wanted channel writes the top-level name `name` (a static file may not).
    static func reserves(_ name: String, _ site: SiteSettings) -> Bool {
        wanted(site).contains { $0.names.contains(name) || $0.writes(name) }
    }

    /// Whether a channel writes `path` once the reports are done: a file a build that changed no
    /// report may find as it was.
    static func finishes(_ path: String) -> Bool {
        all.contains { !$0.writesFirst && $0.writes(path) }
    }

    static func begin(_ site: SiteSettings, templates: TemplateLibrary, into staging: Staging) throws(BuildError) {
        for channel in wanted(site) { try channel.begin(site, templates: templates, into: staging) }
    }

    static func finish(_ input: SiteChannelInput, into staging: Staging) throws(BuildError) {
        for channel in wanted(input.site) { try channel.finish(input, into: staging) }
    }
}

/// What the site channels know of the site, the same from a build (its job and options) and a
/// merge (its parts' `PartManifest.Site`).
struct SiteSettings: Sendable {
    var facts: SiteFacts
    var selfContained: Bool
    /// The site channels' switches turned on, by name.
    var switches: Set<String>
    /// The static files' site paths.
    var staticFiles: [String]
}

/// What a site channel writes from once the reports are done.
struct SiteChannelInput: Sendable {
    let site: SiteSettings
    let finished: FinishedReports
    let renderer: PageRenderer
    let previous: PreviousOutput
    let record: BuildRecord
    /// The site's fingerprint and the clock, which key the front pages; nil for a merge.
    let pageKey: FrontPageKey?
    let cardsPerPage: Int
    let reporter: Reporter
}
