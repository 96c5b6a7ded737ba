import TextStyle
import Foundation
import GazetteCore
import Reports

/// Renders a report's pages, an error page and the front page through the templates and the
/// shared layout, and hands each page to a `PageWriter` as soon as it is made.
package struct PageRenderer: Sendable {
    package var templates: TemplateLibrary
    package let site: SiteFacts
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
    package func renderReport(_ content: ReportContent, outcome: ReportOutcome, writer: some PageWriter)
        throws(BuildError)
    {
        let pages = UncheckedPages(pages: content.pages)
        let results = parallelMap(Array(pages.pages.indices), workers: workers) { index -> BuildError? in
            do {
                try renderPage(pages.pages[index], outcome: outcome, writer: writer)
                return nil
            } catch {
                return error as? BuildError ?? BuildError(.template, .none, "\(error)")
            }
        }
        // The first failing page in page order, so the error reported does not depend on timing.
        for result in results {
            if case let .success(error?) = result { throw error }
        }
    }

    private func renderPage(_ page: PageSpec, outcome: ReportOutcome, writer: some PageWriter) throws(BuildError) {
        var trail = [Crumb(title: "All reports", href: "../index.html")]
        if page.path != "index.html" { trail.append(Crumb(title: outcome.title, href: "index.html")) }
        trail += page.trail
        trail.append(Crumb(title: page.title, href: nil))
        let html: [PagePiece]
        do {
            html = try render(
                page.template, page.makeContext(), title: page.title, root: "../", trail: trail,
                warnings: page.path == "index.html" ? Self.shown(outcome.warnings) : [], script: page.script,
                userInfo: channelInfo(folder: "\(outcome.slug)/", writer: writer))
        } catch {
            var tagged = error
            tagged.message += " (page \(outcome.slug)/\(page.path))"
            throw tagged
        }
        try writer.write("\(outcome.slug)/\(page.path)", pieces: html)
    }

    /// The page of a report that failed and had no earlier pages to keep.
    package func renderErrorPage(_ outcome: ReportOutcome, writer: some PageWriter) throws(BuildError) {
        let context = ErrorPage(
            title: outcome.title, kind: outcome.kind.rawValue,
            error: outcome.error?.portableDescription ?? "unknown error")
        let html = try render(
            "report-error", context, title: outcome.title, root: "../",
            trail: [Crumb(title: "All reports", href: "../index.html"), Crumb(title: outcome.title, href: nil)],
            warnings: [])
        try writer.write("\(outcome.slug)/index.html", pieces: html)
    }

    /// The front page: a card per report, and when and from what the site was built.
    package func renderIndex<Reports: RandomAccessCollection<BuiltReport>>(_ reports: Reports, writer: some PageWriter)
        throws(BuildError)
    where Reports.Index == Int {
        // Each card is made and lowered only when the template reaches it.
        let cards = LazyTemplateList(count: reports.count) { index in Self.card(reports[index]) }
        let built = reports.lazy.filter { $0.outcome.error == nil }.count
        let context = IndexPage(
            title: site.title,
            builtAt: ReaderTime.long(site.now),
            builtAtISO: UTCTime.iso(site.now),
            counts: "\(built) of \(reports.count) report\(reports.count == 1 ? "" : "s") built",
            cards: cards,
            inputs: site.inputs,
            jobFile: site.jobFile
        )
        let html = try render(
            "index", context, title: site.title, root: "", trail: [], warnings: [],
            userInfo: channelInfo(folder: "", writer: writer))
        try writer.write("index.html", pieces: html)
    }

    /// The page as pieces to write one after another: the layout before the body, the body (with
    /// its long tables' rows as bytes in place of their tokens), the layout after it. The layout
    /// is rendered around a marker and split there, so a long body is not copied into it; a
    /// layout or template that does not show a marker or token once as it is gets plain text.
    private func render(
        _ template: String, _ context: any Encodable, title: String, root: String, trail: [Crumb],
        warnings: [String], script: String? = nil,
        userInfo: [CodingUserInfoKey: Any] = [:]
    ) throws(BuildError) -> [PagePiece] {
        let rows = SplicedRows()
        var splicing = userInfo
        splicing[SplicedRows.key] = rows
        var body = try templates.render(template, context, userInfo: splicing)
        var bodyPieces = rows.splice(body)
        if bodyPieces == nil {
            body = try templates.render(template, context, userInfo: userInfo)
            bodyPieces = [.text(body)]
        }
        let around = try layout(
            body: Self.bodyMarker, title: title, root: root, trail: trail, warnings: warnings, script: script)
        let parts = around.utf8.split(separator: Self.bodyMarker.utf8, maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 2, let bodyPieces else {
            let page = try layout(
                body: bodyPieces?.map(\.text).joined() ?? body, title: title, root: root, trail: trail,
                warnings: warnings, script: script)
            return [.text(Self.withoutControlCharacters(page))]
        }
        return ([.text(String(Substring(parts[0])))] + bodyPieces + [.text(String(Substring(parts[1])))]).map(
            Self.withoutControlCharacters)
    }

    /// Stands for the body while the layout is rendered: no text a page contains, and with
    /// characters any escaping changes, so a layout that escapes its body never shows it.
    private static let bodyMarker = "\u{E000}<gazette-page-body/>&\u{E001}"

    private func layout(
        body: String, title: String, root: String, trail: [Crumb], warnings: [String],
        script: String?
    ) throws(BuildError) -> String {
        let layout = LayoutContext(
            pageTitle: title == site.title ? title : "\(title) · \(site.title)",
            siteTitle: site.title,
            root: root,
            body: body,
            builtAt: ReaderTime.long(site.now),
            builtAtISO: UTCTime.iso(site.now),
            trail: trail,
            hasTrail: !trail.isEmpty,
            warnings: warnings,
            hasWarnings: !warnings.isEmpty,
            script: mode == .site ? script : nil,
            inlineStyle: mode == .site ? nil : styleSheet,
            icon: mode == .site ? root + "favicon.svg" : favicon,
            lang: TextConventions.current.locale
        )
        return try templates.render("layout", layout)
    }
}

extension PageRenderer {
    /// A report's card on the front page.
    static func card(_ report: BuiltReport) -> IndexCard {
        let outcome = report.outcome
        return IndexCard(
            title: outcome.title,
            slug: outcome.slug,
            kind: outcome.kind.defaultTitle,
            href: "\(outcome.slug)/index.html",
            headline: report.card?.headline ?? "Not built",
            headlineParts: HeadlinePart.parts(of: report.card?.headline ?? "Not built"),
            detail: report.card?.detail ?? "",
            thumbnail: report.thumbnail,
            warnings: shown(outcome.warnings),
            error: outcome.error.map { String($0.portableDescription.prefix { $0 != "\n" }) },
            failed: outcome.error != nil,
            sources: report.sources.joined(separator: ", ")
        )
    }

    /// Pages list the first hundred warnings; report.json keeps them all.
    package static func shown(_ warnings: [ReportWarning], limit: Int = 100) -> [String] {
        guard warnings.count > limit else { return warnings.map(\.text) }
        return warnings.prefix(limit).map(\.text) + [
            "… and \(warnings.count - limit) more warnings, all listed in report.json"
        ]
    }

    /// Control characters other than tab and line ends cannot appear in HTML: they become U+FFFD.
    /// A piece with control characters replaced; bytes hold none (`SplicedRows` takes no others).
    static func withoutControlCharacters(_ piece: PagePiece) -> PagePiece {
        guard case let .text(text) = piece else { return piece }
        return .text(withoutControlCharacters(text))
    }

    package static func withoutControlCharacters(_ html: String) -> String {
        guard hasForbiddenScalar(html) else { return html }
        var scalars = String.UnicodeScalarView()
        for scalar in html.unicodeScalars { scalars.append(Self.isForbidden(scalar) ? "\u{FFFD}" : scalar) }
        return String(scalars)
    }

    /// The check every page goes through, on its UTF-8 bytes (a scalar walk was 2 % of a big
    /// build): C0 controls but tab and line ends, DEL, and C1 controls (U+0080–U+009F, which UTF-8
    /// writes as C2 80–C2 9F; the same continuation bytes after any other lead byte are letters).
    private static func hasForbiddenScalar(_ html: String) -> Bool {
        var html = html
        return html.withUTF8 { hasForbiddenByte($0) }
    }

    static func hasForbiddenByte(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var previous: UInt8 = 0
        var index = 0
        // Eight bytes at a time while none of them is below 0x20, DEL or 0xC2 (the lead byte of
        // C1 controls): then none can be forbidden, and the last byte is no 0xC2 for the next.
        if let base = bytes.baseAddress {
            let raw = UnsafeRawPointer(base)
            while index + 8 <= bytes.count {
                let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
                // A word after one that ended in 0xC2 is read byte by byte: its first byte may be a C1 control's second.
                if previous != 0xC2, !mayHoldForbiddenByte(word) {
                    previous = UInt8(truncatingIfNeeded: word >> 56)
                    index += 8
                    continue
                }
                for byte in UnsafeBufferPointer(rebasing: bytes[index..<(index + 8)]) {
                    if isForbidden(byte, after: previous) { return true }
                    previous = byte
                }
                index += 8
            }
        }
        while index < bytes.count {
            if isForbidden(bytes[index], after: previous) { return true }
            previous = bytes[index]
            index += 1
        }
        return false
    }

    @inline(__always)
    private static func isForbidden(_ byte: UInt8, after previous: UInt8) -> Bool {
        if byte < 0x20 { return byte != 0x09 && byte != 0x0A && byte != 0x0D }
        return byte == 0x7F || (previous == 0xC2 && byte <= 0x9F)
    }

    /// Whether any byte of `word` is below 0x20, 0x7F or 0xC2 (exact, by the usual bit tricks:
    /// a byte below n ≤ 0x80 leaves its high bit set in `(x - n·ones) & ~x & highs`).
    @inline(__always)
    private static func mayHoldForbiddenByte(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        func hasZero(_ x: UInt64) -> Bool { (x &- ones) & ~x & highs != 0 }
        let below20 = (word &- ones &* 0x20) & ~word & highs != 0
        return below20 || hasZero(word ^ (ones &* 0x7F)) || hasZero(word ^ (ones &* 0xC2))
    }

    private static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
        (scalar.value < 0x20 && scalar != "\t" && scalar != "\n" && scalar != "\r")
            || (0x7F...0x9F).contains(scalar.value)
    }

    /// What a page's values need to know of the channel: in a self-contained page each chart's
    /// pictures are data URIs of the PNGs already drawn into the staging folder.
    func channelInfo(folder: String, writer: some PageWriter) -> [CodingUserInfoKey: Any] {
        guard mode == .selfContained else { return [:] }
        let embedding = ChartEmbedding { path in
            guard let file = SitePath.resolve(path, from: folder), file.hasSuffix(".png"), let bytes = writer.read(file)
            else { return nil }
            return "data:image/png;base64," + Data(bytes).base64EncodedString()
        }
        return [ChartEmbedding.key: embedding]
    }
}

/// A report's pages, shared by the threads that render them. Page contexts are made by pure
/// functions of immutable values, so reading them from several threads is safe.
private struct UncheckedPages: @unchecked Sendable {
    let pages: [PageSpec]
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
    /// The stylesheet's text for pages that stand alone; nil links `assets/style.css`.
    var inlineStyle: String?
    /// The site's icon: `favicon.svg` at the site's root, or inline for pages that stand alone.
    var icon: String
    /// `<html lang>`: the build's locale.
    var lang: String
}

struct IndexPage: Encodable {
    var title: String
    var builtAt: String
    var builtAtISO: String
    var counts: String
    var cards: LazyTemplateList<IndexCard>
    var inputs: [String]
    var jobFile: String?
    /// The cards' thumbnails are on the first screen: they load at once.
    var lazyImages = false
}

struct IndexCard: Encodable {
    var title: String
    var slug: String
    var kind: String
    var href: String
    var headline: String
    /// The headline's figures (`Deadlift 461 lb`), each kept whole on the card.
    var headlineParts: [HeadlinePart]
    var detail: String
    var thumbnail: ChartImage?
    var warnings: [String]
    var error: String?
    var failed: Bool
    var sources: String
}

/// One figure of a card's headline; the headline joins its figures with ` · `.
struct HeadlinePart: Encodable {
    var text: String
    var first: Bool

    static func parts(of headline: String) -> [HeadlinePart] {
        headline.components(separatedBy: " · ").enumerated().map { HeadlinePart(text: $1, first: $0 == 0) }
    }
}

struct ErrorPage: Encodable {
    var title: String
    var kind: String
    var error: String
}
