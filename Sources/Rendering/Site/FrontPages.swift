import Localization

/// How the front page is split into pages: the reports in the job's order, `cardsPerPage` cards a
/// page, page 1 at `index.html` and page N at `pages/N.html`. Links name files, never folders, so
/// they work from `file://` as well as from a server.
package struct FrontPages: Sendable {
    /// Cards on one page: at 100,000 reports a page stays far under 200 KB with its navigation.
    package static let cardsPerPage = 100
    /// The folder of every page after the first; a report's slug may not take it.
    package static let folder = "pages"

    /// Reports on the site.
    package let reportCount: Int
    /// Cards on a page: `cardsPerPage` but in tests that need many pages of few reports.
    package let perPage: Int

    package init(reportCount: Int, perPage: Int = Self.cardsPerPage) {
        self.reportCount = reportCount
        self.perPage = max(1, perPage)
    }

    /// At least one page, even for a site without reports.
    package var count: Int { max(1, (reportCount + perPage - 1) / perPage) }

    /// The reports page `number` (from 1) shows, by their index in the job.
    package func reports(onPage number: Int) -> Range<Int> {
        let start = (number - 1) * perPage
        return start..<min(reportCount, start + perPage)
    }

    /// Whether the front page writes `path`: its pages, the search index and its script.
    package static func writes(_ path: String) -> Bool {
        path == "index.html" || path == "assets/\(SearchBox.script)" || path.hasPrefix(folder + "/")
            || path.hasPrefix(SearchIndex.folder + "/")
    }

    /// Page `number`'s path in the site.
    package static func path(_ number: Int) -> String {
        number == 1 ? "index.html" : "\(folder)/\(number).html"
    }

    /// The way from page `number` back to the site's root folder.
    package static func root(_ number: Int) -> String {
        number == 1 ? "" : "../"
    }

    /// A link from page `from` to page `to`, relative to `from`'s folder.
    static func link(from: Int, to: Int) -> String {
        switch (from == 1, to == 1) {
        case (true, true): "index.html"
        case (true, false): path(to)
        case (false, true): "../index.html"
        case (false, false): "\(to).html"
        }
    }

    /// Pages named around the current one, each side, before the navigation leaves pages out.
    static let neighbours = 2

    /// The navigation of page `number`, or nil when the site has one page: previous and next, the
    /// first and last pages with the current one's neighbours between (gaps where pages are left
    /// out), and then, when some were left out, every page in a `<details>` list.
    func navigation(page number: Int, conventions: TextConventions) -> PageNavigation? {
        guard count > 1 else { return nil }
        let numbers = conventions.numbers
        func link(_ target: Int) -> PageLink {
            PageLink(
                number: numbers.grouped(target), href: Self.link(from: number, to: target), current: target == number,
                gap: false)
        }
        let near = max(1, number - Self.neighbours)...min(count, number + Self.neighbours)
        var shown: [PageLink] = []
        var last = 0
        for target in [1] + Array(near) + [count] where target > last {
            if target > last + 1 { shown.append(PageLink(number: "…", href: "", current: false, gap: true)) }
            shown.append(link(target))
            last = target
        }
        let leftOut = shown.contains(where: \.gap)
        return PageNavigation(
            previous: number > 1 ? Self.link(from: number, to: number - 1) : nil,
            next: number < count ? Self.link(from: number, to: number + 1) : nil,
            links: shown,
            all: leftOut
                ? AllPages(
                    summary: conventions.words.count("index.allPages", count, numbers.grouped(count)),
                    links: (1...count).map(link))
                : nil)
    }
}

/// The links between the pages of the front page.
struct PageNavigation: Codable {
    /// The previous page's link; nil on the first page.
    var previous: String?
    /// The next page's link; nil on the last page.
    var next: String?
    /// The first and last pages and the current one's neighbours, with gaps between.
    var links: [PageLink]
    /// Every page, when `links` leaves some out.
    var all: AllPages?
}

struct PageLink: Codable {
    /// The page's number as the reader writes it (`1,000`), or `…` for a gap.
    var number: String
    var href: String
    /// The page the link is on: marked `aria-current="page"`.
    var current: Bool
    /// Pages left out here.
    var gap: Bool
}

/// Every page of the front page, behind a `<details>` summary.
struct AllPages: Codable {
    var summary: String
    var links: [PageLink]
}
