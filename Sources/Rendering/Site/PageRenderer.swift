import Deterministic
import ReportFacts
import Localization
import Foundation
import GazetteCore
import Reports

/// Renders a report's pages, an error page and the front page through the templates and the
/// shared layout, and hands each page to a `PageWriter` as soon as it is made.
package struct PageRenderer: Sendable {
    package var templates: TemplateLibrary
    package let site: SiteFacts
    /// The readers' words.
    private var words: Words { site.conventions.words }
    /// Pages of one report rendered at once.
    package let workers: Int
    package var mode: PageMode = .site
    /// The stylesheet's text, inlined in self-contained and e-mail pages.
    var styleSheet: String = ""
    /// The icon as a data URL, for pages that stand alone.
    var favicon: String = ""

    package init(templates: TemplateLibrary, site: SiteFacts, workers: Int) {
        self.templates = templates
        self.site = site
        self.workers = max(1, workers)
    }

    /// A renderer for pages that must stand alone.
    package func standalone(_ mode: PageMode) throws(BuildError) -> PageRenderer {
        var renderer = self
        renderer.mode = mode
        renderer.styleSheet = try templates.asset("style.css")
        renderer.favicon =
            "data:image/svg+xml;base64," + Data(try templates.asset("favicon.svg").utf8).base64EncodedString()
        renderer.templates = try templates.variant(replacing: mode.partialAliases)
        return renderer
    }

    /// A report's pages, each inside the layout, under the report's folder; rendered in parallel
    /// and written as each is done, so no more than `--jobs` pages are held at once.
    /// `alternates`: what the report's wanted channels offer beside its pages (its feeds), from
    /// its folder; every page's head links them after the site's.
    /// `freshness`: what every page says of its data's age.
    package func renderReport(
        _ content: ReportContent, outcome: ReportOutcome, alternates: [AlternateLink] = [],
        freshness: FreshnessText? = nil, writer: some PageWriter
    ) throws(BuildError) {
        let pages = content.pages
        let line = freshness?.line
        let prefixes = ChartInlining.prefixes(content.charts)
        let render = { @Sendable (index: Int) -> BuildError? in
            do {
                try renderPage(
                    pages[index], outcome: outcome, alternates: alternates, freshness: line, prefixes: prefixes,
                    writer: writer)
                return nil
            } catch {
                return error as? BuildError ?? BuildError(.template, .none, "\(error)")
            }
        }
        let results = parallelMap(Array(pages.indices), workers: workers, render)
        // The first failing page in page order, so the error reported does not depend on timing.
        for result in results {
            if case let .success(error?) = result { throw error }
        }
    }

    private func renderPage(
        _ spec: PageSpec, outcome: ReportOutcome, alternates: [AlternateLink], freshness: FreshnessLine?,
        prefixes: [String: String], writer: some PageWriter
    ) throws(BuildError) {
        var trail = [Crumb(title: words["layout.allReports"], href: "../index.html")]
        if spec.path != "index.html" { trail.append(Crumb(title: outcome.title, href: "index.html")) }
        trail += spec.trail
        trail.append(Crumb(title: spec.title, href: nil))
        let html: [UInt8]
        do {
            let embedding = self.embedding(folder: "\(outcome.slug)/", writer: writer, prefixes: prefixes)
            html = try page(
                templates.render(spec.makeContext(), embedding: embedding), title: spec.title, root: "../",
                trail: trail,
                // A stale report's notice says what its warning says: the list leaves it out.
                warnings: spec.path == "index.html"
                    ? Self.shown(
                        outcome.warnings.filter { freshness?.stale == nil || $0.about != .stale },
                        conventions: site.conventions) : [],
                script: spec.script, alternates: alternates, freshness: freshness)
        } catch {
            var tagged = error
            tagged.message += " (page \(outcome.slug)/\(spec.path))"
            throw tagged
        }
        try writer.write("\(outcome.slug)/\(spec.path)", pieces: [.bytes(html[...])])
    }

    /// The page of a report that failed and had no earlier pages to keep.
    package func renderErrorPage(_ outcome: ReportOutcome, writer: some PageWriter) throws(BuildError) {
        let context = ErrorPage(
            title: outcome.title, kind: outcome.kind.rawValue,
            error: outcome.error?.withoutHint.portableDescription ?? "unknown error", hint: outcome.error?.hint)
        let html = try page(
            templates.render(context), title: outcome.title, root: "../",
            trail: [
                Crumb(title: words["layout.allReports"], href: "../index.html"), Crumb(title: outcome.title, href: nil)
            ],
            warnings: [])
        try writer.write("\(outcome.slug)/index.html", pieces: [.bytes(html[...])])
    }

    /// The front page: a card per report, `FrontPages.cardsPerPage` a page, and when and from what
    /// the site was built; in a linked site, with the search box and its index (`SearchIndex`) and
    /// script. A page's reports are read once for its cards and their entries in the index.
    /// Pages in `reuse.keptPages` are not made (the caller keeps the previous ones); their reports
    /// join the search index from `reuse.searchEntries`, so they are not read at all; with
    /// `reuse.keepsSearchIndex` no index is made (the caller keeps the previous one).
    /// `builtCount`, the reports without an error, when the caller knows it without reading
    /// every report. Returns the pages it did not make.
    @discardableResult
    package func renderIndex<Reports: RandomAccessCollection<BuiltReport> & Sendable>(
        _ reports: Reports, writer: some PageWriter, reuse: FrontPageReuse = FrontPageReuse(), builtCount: Int? = nil
    ) throws(BuildError) -> Set<Int>
    where Reports.Index == Int {
        let numbers = site.conventions.numbers
        let pages = FrontPages(reportCount: reports.count, perPage: reuse.cardsPerPage)
        let built = builtCount ?? reports.lazy.filter { $0.outcome.error == nil }.count
        let counts = words.count(
            "index.counts", reports.count, numbers.grouped(reports.count), ["built": numbers.grouped(built)])
        var search = mode == .site && !reuse.keepsSearchIndex ? SearchIndex() : nil
        // Pages that stand alone carry no script, so no search either.
        let scriptWords = mode == .site ? SearchBox.scriptWords(words) : nil
        var kept: Set<Int> = []
        for number in 1...pages.count {
            let range = pages.reports(onPage: number)
            if reuse.keptPages.contains(number), let entries = search == nil ? [] : reuse.searchEntries(range) {
                for entry in entries {
                    try search?.add(title: entry.title, headline: entry.headline, slug: entry.slug, writer: writer)
                }
                kept.insert(number)
                continue
            }
            // Read on every worker: a report may be read back from a file (a build's records).
            let shown = parallelMap(Array(range), workers: workers) { reports[reports.startIndex + $0] }.map {
                try! $0.get()  // The subscript cannot throw.
            }
            let root = FrontPages.root(number)
            // Each card is made and lowered only when the template reaches it.
            let cards = LazyTemplateList(count: shown.count) { [site] index in
                Self.card(shown[index], conventions: site.conventions, root: root)
            }
            let pageWords: KeyValuePairs<String, String> = [
                "page": numbers.grouped(number), "pages": numbers.grouped(pages.count),
                "first": numbers.grouped(range.lowerBound + 1), "last": numbers.grouped(range.upperBound)
            ]
            let context = IndexPage(
                title: site.title,
                builtAt: site.conventions.longTime(site.now),
                builtAtISO: UTCTime.iso(site.now),
                counts: counts,
                search: scriptWords.map { SearchBox(root: root, scriptWords: $0) },
                pageRange: pages.count > 1 ? words.text("index.pageRange", pageWords) : nil,
                cards: cards,
                navigation: pages.navigation(page: number, conventions: site.conventions),
                inputs: pages.count > 1 ? Self.inputs(of: shown) : site.inputs,
                pageInputs: pages.count > 1,
                jobFile: site.jobFile
            )
            let path = FrontPages.path(number)
            let folder = number == 1 ? "" : FrontPages.folder + "/"
            let html = try page(
                templates.render(context, embedding: embedding(folder: folder, writer: writer)),
                title: number == 1 ? site.title : words.text("index.pageTitle", pageWords), root: root,
                trail: [], warnings: [], script: SearchBox.script)
            try writer.write(path, pieces: [.bytes(html[...])])
            for report in shown {
                try search?.add(
                    title: report.outcome.title, headline: report.card?.headline ?? words["index.notBuilt"],
                    slug: report.outcome.slug, writer: writer)
            }
        }
        try search?.finish(writer: writer)
        // The script goes with every linked site's front page, its index made or kept.
        if mode == .site {
            try writer.write("assets/\(SearchBox.script)", text: try templates.asset(SearchBox.script))
        }
        return kept
    }

    /// The inputs of `reports`, each once, in the order their cards name them.
    static func inputs(of reports: [BuiltReport]) -> [String] {
        var seen = Set<String>()
        return reports.flatMap(\.sources).filter { seen.insert($0).inserted }
    }

    /// The page: its body inside the layout, control characters replaced.
    private func page(
        _ body: [UInt8], title: String, root: String, trail: [Crumb], warnings: [String], script: String? = nil,
        alternates: [AlternateLink] = [], freshness: FreshnessLine? = nil
    ) throws(BuildError) -> [UInt8] {
        Self.withoutControlCharacters(
            try layout(
                body: body, title: title, root: root, trail: trail, warnings: warnings, script: script,
                alternates: alternates, freshness: freshness))
    }

    private func layout(
        body: [UInt8], title: String, root: String, trail: [Crumb], warnings: [String],
        script: String?, alternates: [AlternateLink], freshness: FreshnessLine?
    ) throws(BuildError) -> [UInt8] {
        let layout = LayoutContext(
            pageTitle: title == site.title ? title : "\(title) · \(site.title)",
            siteTitle: site.title,
            root: root,
            body: PageBody(bytes: body),
            builtAt: site.conventions.longTime(site.now),
            builtAtISO: UTCTime.iso(site.now),
            trail: trail,
            hasTrail: !trail.isEmpty,
            warnings: warnings,
            hasWarnings: !warnings.isEmpty,
            script: mode == .site ? script : nil,
            // Pages that stand alone carry no script: they still say "valid until" in words.
            freshnessScript: mode == .site && freshness?.banner != nil ? FreshnessText.script : nil,
            freshness: freshness,
            inlineStyle: mode == .site ? nil : styleSheet,
            icon: mode == .site ? root + "favicon.svg" : favicon,
            lang: site.conventions.contentLanguage,
            // Pages that stand alone travel without the site's feeds.
            alternates: mode == .site
                ? site.alternates.map { AlternateLink(type: $0.type, href: root + $0.href, title: $0.title) }
                    + alternates : [],
            noindex: !site.indexed
        )
        return try templates.render(layout)
    }
}

extension PageRenderer {
    /// A report's card on the front page.
    static func card(_ report: BuiltReport, conventions: TextConventions, root: String = "") -> IndexCard {
        let outcome = report.outcome
        let words = conventions.words
        let sources = report.sources.joined(separator: ", ")
        return IndexCard(
            title: outcome.title,
            slug: outcome.slug,
            kind: outcome.kind.name(in: words),
            href: "\(root)\(outcome.slug)/index.html",
            headline: report.card?.headline ?? words["index.notBuilt"],
            headlineParts: HeadlinePart.parts(of: report.card?.headline ?? words["index.notBuilt"]),
            detail: report.card?.detail ?? "",
            change: report.card?.change,
            thumbnail: report.thumbnail.map {
                var thumbnail = ChartImage($0)
                thumbnail.stem = root + thumbnail.stem
                return thumbnail
            },
            warnings: shown(outcome.warnings, conventions: conventions),
            error: outcome.error.map { String($0.portableDescription.prefix { $0 != "\n" }) },
            failed: outcome.error != nil,
            sources: sources,
            from: words.text("index.from", ["sources": sources])
        )
    }

    /// Pages list the first hundred warnings; report.json keeps them all.
    package static func shown(
        _ warnings: [ReportWarning], limit: Int = 100, conventions: TextConventions = .standard
    ) -> [String] {
        guard warnings.count > limit else { return warnings.map(\.text) }
        let more = warnings.count - limit
        return warnings.prefix(limit).map(\.text) + [
            conventions.words.count("warnings.more", more, conventions.numbers.grouped(more))
        ]
    }

    /// Control characters (`ControlCharacter`) other than tab and line ends cannot appear in HTML:
    /// they become U+FFFD. A page's bytes with them replaced; as they are when there is none.
    package static func withoutControlCharacters(_ html: [UInt8]) -> [UInt8] {
        guard html.withUnsafeBufferPointer({ ControlCharacter.containsOtherThanLineLayout(utf8: $0) }) else {
            return html
        }
        return Array(withoutControlCharacters(String(decoding: html, as: UTF8.self)).utf8)
    }

    package static func withoutControlCharacters(_ html: String) -> String {
        var bytes = html
        guard bytes.withUTF8(ControlCharacter.containsOtherThanLineLayout) else { return html }
        return ControlCharacter.replacing(in: html, with: "\u{FFFD}", keeping: ControlCharacter.isLineLayout)
    }

    /// What a page's charts need to know of the channel: in a self-contained page each chart's
    /// pictures are data URIs of the SVGs already drawn into the build's scratch folder; in a
    /// report's page, an inline chart is its drawing from there made an `<svg>` element with its
    /// prefix of `prefixes` (`ChartInlining`).
    func embedding(folder: String, writer: some PageWriter, prefixes: [String: String] = [:]) -> ChartEmbedding? {
        let selfContained = mode == .selfContained
        return ChartEmbedding(
            source: { path in
                guard selfContained, let file = SitePath.resolve(path, from: folder), file.hasSuffix(".svg"),
                    let bytes = writer.read(file)
                else { return nil }
                return SVGDataURI.make(bytes)
            },
            markup: { path in
                prefixes[path].flatMap { ChartInlining.markup(path, folder: folder, prefix: $0, read: writer.read) }
            })
    }
}

// gazette:template layout
struct LayoutContext: Codable {
    var pageTitle: String
    var siteTitle: String
    /// The way from the page back to the site's root folder ("" or "../").
    var root: String
    var body: PageBody
    var builtAt: String
    var builtAtISO: String
    var trail: [Crumb]
    var hasTrail: Bool
    var warnings: [String]
    var hasWarnings: Bool
    /// A script under `assets/` to load, deferred; nil for none.
    var script: String?
    /// `freshness.js`, on a report page with a valid-until time.
    var freshnessScript: String?
    /// What a report page says of its data's age; nil on the front page and an error page.
    var freshness: FreshnessLine?
    /// The stylesheet's text for pages that stand alone; nil links `assets/style.css`.
    var inlineStyle: String?
    /// The site's icon: `favicon.svg` at the site's root, or inline for pages that stand alone.
    var icon: String
    /// `<html lang>`: the build's locale.
    var lang: String
    /// The site's feeds and, on a report's pages, the report's (`<link rel="alternate">`); none
    /// for pages that stand alone.
    var alternates: [AlternateLink]
    /// `<meta name="robots" content="noindex">`: the job said `index: false`.
    var noindex: Bool
}

/// A page's body, already HTML, which the layout shows as it is (`{{{body}}}`).
// gazette:text (compiled templates write its bytes through `HTMLOutput`)
struct PageBody: Codable {
    var bytes: [UInt8]

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    init(from decoder: Decoder) throws {
        bytes = Array(try decoder.singleValueContainer().decode(String.self).utf8)
    }

    func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(String(decoding: bytes, as: UTF8.self))
    }
}

// gazette:template index
struct IndexPage: Codable {
    var title: String
    var builtAt: String
    var builtAtISO: String
    var counts: String
    /// The search box; nil in pages that stand alone, which carry no script.
    var search: SearchBox?
    /// "Page 2 of 7: reports 101 to 200."; nil when the site has one page.
    var pageRange: String?
    var cards: LazyTemplateList<IndexCard>
    /// The links between the pages; nil when the site has one page.
    var navigation: PageNavigation?
    /// The site's inputs; on one page of several, only those of its cards.
    var inputs: [String]
    /// The inputs are those of this page's cards.
    var pageInputs: Bool
    var jobFile: String?
    /// The cards' thumbnails are on the first screen: they load at once.
    var lazyImages = false
}

struct IndexCard: Codable {
    var title: String
    var slug: String
    var kind: String
    var href: String
    var headline: String
    /// The headline's figures (`Deadlift 461 lb`), each kept whole on the card.
    var headlineParts: [HeadlinePart]
    var detail: String
    /// What changed since an earlier build.
    var change: String?
    var thumbnail: ChartImage?
    var warnings: [String]
    var error: String?
    var failed: Bool
    var sources: String
    /// "From {sources}", in the readers' words.
    var from: String
}

/// One figure of a card's headline; the headline joins its figures with ` · `.
struct HeadlinePart: Codable {
    var text: String
    var first: Bool

    static func parts(of headline: String) -> [HeadlinePart] {
        headline.components(separatedBy: " · ").enumerated().map { HeadlinePart(text: $1, first: $0 == 0) }
    }
}

// gazette:template report-error
struct ErrorPage: Codable {
    var title: String
    var kind: String
    var error: String
    /// A fix ready to paste (a guessed `columns:` block), shown apart.
    var hint: String?
}
