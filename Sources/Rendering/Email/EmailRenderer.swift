import ChartDrawing
import Crypto
import Deterministic
import ReportFacts
import Localization
import Email
import Foundation
import GazetteCore
import Reports

/// Renders a report's e-mail body from its digest, through the e-mail's own templates: a
/// single-column, table-built page with every style on its element (mail programs drop style
/// sheets), the headline figures once, and each chart as an inline 2× light PNG part; and a
/// plain-text version.
package struct EmailRenderer: Sendable {
    package let templates: TemplateLibrary
    package let siteTitle: String
    package let now: Date
    /// The readers' locale and time zone: the message's `lang` and its times.
    package let conventions: TextConventions

    package init(templates: TemplateLibrary, siteTitle: String, now: Date, conventions: TextConventions) {
        self.templates = templates
        self.siteTitle = siteTitle
        self.now = now
        self.conventions = conventions
    }
    /// The widest a picture may be: the 600-pixel column less its padding.
    static let columnWidth = 552
    /// Warnings the message lists; `report.json` keeps them all.
    static let warningLimit = 10

    /// The body of the report's message; the charts' PNGs are read back from `pictures`.
    /// `freshness`: the lines of the data's age beside the build's time, never in the identity.
    package func body(
        for content: ReportContent, outcome: ReportOutcome, sources: [String],
        pictures: some PageWriter, freshness: [String] = []
    ) throws(BuildError) -> EmailBody {
        var parts: [InlinePicture] = []
        var sections: [EmailSection] = []
        for section in content.digest.sections {
            var chart: EmailChart?
            if let ref = section.chart, let drawn = content.charts.first(where: { $0.ref == ref }) {
                let image = ChartImage(drawn, folder: "\(outcome.slug)/charts/")
                if let bytes = pictures.read(image.emailPicture) {
                    let picture = InlinePicture(path: image.emailPicture, bytes: bytes)
                    parts.append(picture)
                    chart = EmailChart(image, source: "cid:" + picture.contentID, columnWidth: Self.columnWidth)
                }
            }
            sections.append(
                EmailSection(title: section.title, lines: section.lines, chart: chart, table: section.table))
        }
        let warnings = PageRenderer.shown(outcome.warnings, limit: Self.warningLimit, conventions: conventions)
        var page = EmailPage(
            title: outcome.title,
            change: nil,
            siteTitle: siteTitle,
            kind: outcome.kind.name(in: conventions.words),
            figures: content.digest.figures,
            hasFigures: !content.digest.figures.isEmpty,
            warnings: warnings,
            hasWarnings: !warnings.isEmpty,
            sections: sections,
            more: content.digest.more,
            builtAt: BuildClockText.longTime,
            builtAtISO: BuildClockText.iso,
            sources: sources.isEmpty ? nil : sources.joined(separator: ", "),
            freshness: freshness,
            lang: conventions.contentLanguage
        )
        // Rendered once, with stand-ins for the build's clock that become the time at the end.
        let render = { (page: EmailPage) throws(BuildError) in
            String(decoding: PageRenderer.withoutControlCharacters(try templates.render(page)), as: UTF8.self)
        }
        // The identity is the text without the change line; the message carries it.
        let unchanged = plainText(content, outcome: outcome, builtAt: BuildClockText.longTime, change: .some(nil))
        let digest = try Self.contentDigest(content, text: unchanged)
        page.change = content.change?.line
        let html = try render(page)
        let text =
            content.change?.line == nil && freshness.isEmpty
            ? unchanged
            : plainText(content, outcome: outcome, builtAt: BuildClockText.longTime, freshness: freshness)
        let clock = BuildClockText(longTime: conventions.longTime(now), iso: UTCTime.iso(now))
        return EmailBody(html: clock.filling(html), text: clock.filling(text), pictures: parts, contentDigest: digest)
    }

    /// What the reader sees, as the message's identity: the text's figures and words (without the
    /// build's time and without what changed since an earlier build, so a rerun that says "no
    /// change" is not a new message), or the digest's own identity lines where its words move
    /// with the clock; and the data of each chart the message shows (`ChartRenderer.identityBytes`).
    /// Never the markup, the templates or where they came from, the encoded pictures, a drawing,
    /// library or Gazette version, the clock or the recipients. A chart whose data cannot be
    /// written stops the message with an error rather than leaving its data out.
    static func contentDigest(_ content: ReportContent, text: String) throws(BuildError) -> String {
        var identity = SHA256()
        for line in content.digest.identityLines ?? [text] {
            identity.update(data: Array(line.utf8) + [0])
        }
        for ref in content.digest.sections.compactMap(\.chart) {
            guard let chart = content.charts.first(where: { $0.ref == ref }) else { continue }
            identity.update(data: Array(chart.name.utf8) + [0])
            do { identity.update(data: try ChartRenderer.identityBytes(chart.chart)) } catch {
                throw BuildError(
                    .input, .none,
                    "cannot take the data of the chart \(chart.name) into the message's identity: \(error)")
            }
            identity.update(data: [0])
        }
        return hexText(identity.finalize())
    }

    /// The text part: title, headline, the figures, the summary lines, warnings and when it was built.
    /// `change`: the line of what changed since an earlier build, `.some(nil)` for none (the
    /// message's identity); by default the content's.
    /// `freshness`: the lines of the data's age, after the build's time.
    package func plainText(
        _ content: ReportContent, outcome: ReportOutcome, builtAt: String? = nil, change: String?? = nil,
        freshness: [String] = []
    ) -> String {
        var lines = [outcome.title, String(repeating: "=", count: outcome.title.count), "", content.card.headline, ""]
        if let change = change ?? content.change?.line { lines += [change, ""] }
        for figure in content.digest.figures {
            lines.append("\(figure.label): \(figure.value)" + (figure.detail.map { " (\($0))" } ?? ""))
        }
        if !content.digest.figures.isEmpty { lines.append("") }
        lines += content.summary.isEmpty ? [content.card.detail] : content.summary
        if !outcome.warnings.isEmpty {
            lines +=
                ["", conventions.words["email.warnings"]]
                + PageRenderer.shown(outcome.warnings, limit: Self.warningLimit, conventions: conventions).map {
                    "- \($0)"
                }
        }
        lines += ["", conventions.words.text("email.built", ["time": builtAt ?? conventions.longTime(now)])]
        lines += freshness + [""]
        return lines.joined(separator: "\n")
    }
}

/// The e-mail's page: what `email.mustache` shows.
// gazette:template email
struct EmailPage: Codable {
    var title: String
    /// What changed since an earlier build, under the title.
    var change: String?
    var siteTitle: String
    var kind: String
    var figures: [DigestFigure]
    var hasFigures: Bool
    var warnings: [String]
    var hasWarnings: Bool
    var sections: [EmailSection]
    var more: String?
    var builtAt: String
    var builtAtISO: String
    var sources: String?
    /// The data's time, until when it is valid, and whether no new data came.
    var freshness: [String]
    /// `<html lang>`: the build's locale.
    var lang: String
}

struct EmailSection: Codable {
    var title: String
    var lines: [String]
    var chart: EmailChart?
    var table: DataTable?
}

/// A chart in an e-mail: its 2× picture as a `cid:` part, shown at most a column wide.
struct EmailChart: Codable {
    var source: String
    var width: Int
    var height: Int
    var alt: String

    init(_ image: ChartImage, source: String, columnWidth: Int) {
        self.source = source
        alt = image.alt
        if image.width > columnWidth {
            width = columnWidth
            height = Int((Double(image.height) * Double(columnWidth) / Double(image.width)).rounded())
        } else {
            width = image.width
            height = image.height
        }
    }
}

/// A message's body: HTML, plain text, and the pictures the HTML names by `cid:`.
package struct EmailBody: Sendable {
    package var html: String
    package var text: String
    package var pictures: [InlinePicture]
    /// SHA-256 (hex) of what the reader sees but the build's time: the HTML and text with the
    /// time left out, and the pictures. The same figures give the same digest on any clock.
    package var contentDigest: String
}

/// The build's time in a message, first written as stand-ins (plain ASCII, so no escaping or
/// encoding touches them) and filled in once the content's identity is taken.
struct BuildClockText {
    static let longTime = "GAZETTE-BUILT-AT-7f3a91"
    static let iso = "GAZETTE-BUILT-ISO-7f3a91"

    let longTime: String
    let iso: String

    func filling(_ text: String) -> String {
        text.replacingOccurrences(of: Self.iso, with: iso).replacingOccurrences(of: Self.longTime, with: longTime)
    }
}
