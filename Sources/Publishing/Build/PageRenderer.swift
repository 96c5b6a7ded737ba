import Foundation

/// Renders page contexts through the templates and the shared layout into the site.
struct PageRenderer {
    var templates: TemplateLibrary
    let job: Job
    let options: BuildOptions
    var mode: PageMode = .site
    /// The stylesheet's text, inlined in self-contained and e-mail pages.
    var styleSheet: String = ""

    /// A renderer for pages that must stand alone.
    func standalone(_ mode: PageMode) throws(BuildError) -> PageRenderer {
        var renderer = self
        renderer.mode = mode
        renderer.styleSheet = try templates.asset("style.css")
        renderer.templates = try templates.variant(replacing: mode.partialAliases)
        return renderer
    }

    /// A report's main page made for an e-mail: the HTML, with charts still named by site path.
    func emailPage(_ content: ReportContent, outcome: ReportOutcome) throws(BuildError) -> String {
        let page = content.pages[0]
        return try render(page.template, page.context, title: page.title, root: "../", trail: [],
                          warnings: Self.shown(outcome.warnings))
    }

    /// A report's pages, each inside the layout, under the report's folder.
    func renderReport(_ content: ReportContent, outcome: ReportOutcome, into site: inout Site) throws(BuildError) {
        for page in content.pages {
            var trail = [Crumb(title: "All reports", href: "../index.html")]
            if page.path != "index.html" { trail.append(Crumb(title: outcome.title, href: "index.html")) }
            trail += page.trail
            trail.append(Crumb(title: page.title, href: nil))
            let html = try render(page.template, page.context, title: page.title, root: "../", trail: trail,
                                  warnings: page.path == "index.html" ? Self.shown(outcome.warnings) : [], script: page.script)
            try site.add("\(outcome.slug)/\(page.path)", text: inline(html, folder: "\(outcome.slug)/", site: site))
        }
    }

    /// The page of a report that failed and had no earlier pages to keep.
    func renderErrorPage(_ outcome: ReportOutcome, into site: inout Site) throws(BuildError) {
        let context = ErrorPage(title: outcome.title, kind: outcome.kind.rawValue, error: outcome.error?.portableDescription ?? "unknown error")
        let html = try render("report-error", context, title: outcome.title, root: "../",
                              trail: [Crumb(title: "All reports", href: "../index.html"), Crumb(title: outcome.title, href: nil)], warnings: [])
        try site.add("\(outcome.slug)/index.html", text: html)
    }

    /// The front page: a card per report, and when and from what the site was built.
    func renderIndex(outcomes: [ReportOutcome], contents: [ReportContent?], into site: inout Site) throws(BuildError) {
        var cards: [IndexCard] = []
        for (index, outcome) in outcomes.enumerated() {
            let content = contents[index]
            let thumbnail = content.flatMap { content in
                content.card.thumbnail.flatMap { name in content.charts.first { $0.name == name } }
            }.map { ChartImage($0, folder: "\(outcome.slug)/charts/") }
            cards.append(IndexCard(
                title: outcome.title,
                slug: outcome.slug,
                kind: outcome.kind.defaultTitle,
                href: "\(outcome.slug)/index.html",
                headline: content?.card.headline ?? "Not built",
                detail: content?.card.detail ?? "",
                thumbnail: thumbnail,
                warnings: Self.shown(outcome.warnings),
                error: outcome.error.map { String($0.portableDescription.prefix { $0 != "\n" }) },
                failed: outcome.error != nil,
                sources: job.reports[index].sources.map(\.displayName).joined(separator: ", ")
            ))
        }
        let built = outcomes.filter { $0.error == nil }.count
        let context = IndexPage(
            title: job.title,
            builtAt: UTCTime.long(options.now),
            builtAtISO: UTCTime.iso(options.now),
            counts: "\(built) of \(outcomes.count) report\(outcomes.count == 1 ? "" : "s") built",
            cards: cards,
            inputs: job.reports.flatMap { $0.sources.map(\.displayName) },
            jobFile: job.file?.lastPathComponent
        )
        let html = try render("index", context, title: job.title, root: "", trail: [], warnings: [])
        try site.add("index.html", text: inline(html, folder: "", site: site))
    }

    private func render(_ template: String, _ context: any Encodable, title: String, root: String, trail: [Crumb],
                        warnings: [String], script: String? = nil) throws(BuildError) -> String {
        let body = try templates.render(template, context)
        let layout = LayoutContext(
            pageTitle: title == job.title ? title : "\(title) · \(job.title)",
            siteTitle: job.title,
            root: root,
            body: body,
            builtAt: UTCTime.long(options.now),
            builtAtISO: UTCTime.iso(options.now),
            trail: trail,
            hasTrail: !trail.isEmpty,
            warnings: warnings,
            hasWarnings: !warnings.isEmpty,
            script: mode == .site ? script : nil,
            siteLinks: mode != .email,
            inlineStyle: mode == .site ? nil : styleSheet
        )
        return Self.withoutControlCharacters(try templates.render("layout", layout))
    }
}

extension PageRenderer {
    /// Pages list the first hundred warnings; report.json keeps them all.
    static func shown(_ warnings: [String], limit: Int = 100) -> [String] {
        guard warnings.count > limit else { return warnings }
        return Array(warnings.prefix(limit)) + ["… and \(warnings.count - limit) more warnings, all listed in report.json"]
    }

    /// Control characters other than tab and line ends cannot appear in HTML: they become U+FFFD.
    static func withoutControlCharacters(_ html: String) -> String {
        guard html.unicodeScalars.contains(where: Self.isForbidden) else { return html }
        var scalars = String.UnicodeScalarView()
        for scalar in html.unicodeScalars { scalars.append(Self.isForbidden(scalar) ? "\u{FFFD}" : scalar) }
        return String(scalars)
    }

    private static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
        (scalar.value < 0x20 && scalar != "\t" && scalar != "\n" && scalar != "\r") || (0x7F...0x9F).contains(scalar.value)
    }

    /// Self-contained pages carry their charts as data URIs; other pages are left as rendered.
    func inline(_ html: String, folder: String, site: Site) -> String {
        guard mode == .selfContained else { return html }
        return AssetInliner.rewrite(html, folder: folder) { path in
            guard path.hasSuffix(".png"), let bytes = site.files[path] else { return nil }
            return "data:image/png;base64," + Data(bytes).base64EncodedString()
        }
    }
}

struct LayoutContext: Encodable {
    var pageTitle: String
    var siteTitle: String
    /// The way from the page back to the site's root folder ("" or "../").
    var root: String
    var body: String
    var builtAt: String
    var builtAtISO: String
    var trail: [Crumb]
    var hasTrail: Bool
    var warnings: [String]
    var hasWarnings: Bool
    /// A script under `assets/` to load, deferred; nil for none.
    var script: String?
    /// False in e-mails, where links back into the site lead nowhere.
    var siteLinks: Bool
    /// The stylesheet's text for pages that stand alone; nil links `assets/style.css`.
    var inlineStyle: String?
}

struct IndexPage: Encodable {
    var title: String
    var builtAt: String
    var builtAtISO: String
    var counts: String
    var cards: [IndexCard]
    var inputs: [String]
    var jobFile: String?
}

struct IndexCard: Encodable {
    var title: String
    var slug: String
    var kind: String
    var href: String
    var headline: String
    var detail: String
    var thumbnail: ChartImage?
    var warnings: [String]
    var error: String?
    var failed: Bool
    var sources: String
}

struct ErrorPage: Encodable {
    var title: String
    var kind: String
    var error: String
}
