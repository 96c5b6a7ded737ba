import Foundation
import GazetteCore
import Rendering
import SiteOutput
import Jobs
import Reports

/// Makes a report's `report.eml` from its digest, through the e-mail's own templates: a
/// single-column, table-built page with every style on its element (mail programs drop style
/// sheets), the headline figures once, and each chart as an inline 2× light PNG part.
struct EmailComposer: Sendable {
    let templates: TemplateLibrary
    let job: Job
    let now: Date

    static let defaultSender = "Gazette <gazette@localhost>"
    /// The widest a picture may be: the 600-pixel column less its padding.
    static let columnWidth = 552
    /// Warnings the message lists; `report.json` keeps them all.
    static let warningLimit = 10

    func message(for content: ReportContent, outcome: ReportOutcome, spec: ReportSpec, staging: Staging) throws(BuildError) -> String {
        var parts: [EmailMessage.InlinePart] = []
        var sections: [EmailSection] = []
        for section in content.digest.sections {
            var chart: EmailChart?
            if let name = section.chart, let drawn = content.charts.first(where: { $0.name == name }) {
                let image = ChartImage(drawn, folder: "\(outcome.slug)/charts/")
                if let bytes = staging.read(image.light2x) {
                    let id = EmailMessage.contentID(for: image.light2x)
                    // The part's file name is its Content-ID's left side: short enough for one header line.
                    parts.append(EmailMessage.InlinePart(contentID: id, fileName: String(id.prefix { $0 != "@" }) + ".png", bytes: bytes))
                    chart = EmailChart(image, source: "cid:" + id, columnWidth: Self.columnWidth)
                }
            }
            sections.append(EmailSection(title: section.title, lines: section.lines, chart: chart, table: section.table))
        }
        let warnings = PageRenderer.shown(outcome.warnings, limit: Self.warningLimit)
        let page = EmailPage(
            title: outcome.title,
            siteTitle: job.title,
            kind: outcome.kind.defaultTitle,
            figures: content.digest.figures,
            hasFigures: !content.digest.figures.isEmpty,
            warnings: warnings,
            hasWarnings: !warnings.isEmpty,
            sections: sections,
            more: content.digest.more,
            builtAt: UTCTime.long(now),
            builtAtISO: UTCTime.iso(now),
            sources: spec.sources.isEmpty ? nil : spec.sources.map(\.displayName).joined(separator: ", ")
        )
        let html = PageRenderer.withoutControlCharacters(try templates.render("email", page))
        let options = spec.email ?? EmailOptions()
        let message = EmailMessage(
            from: options.from ?? Self.defaultSender,
            to: options.to,
            subject: options.subject ?? "\(outcome.title) — \(job.title)",
            date: now,
            identity: outcome.slug,
            text: plainText(content, outcome: outcome),
            html: html,
            parts: parts
        )
        return message.rendered()
    }

    /// The text part: title, headline, the figures, the summary lines, warnings and when it was built.
    func plainText(_ content: ReportContent, outcome: ReportOutcome) -> String {
        var lines = [outcome.title, String(repeating: "=", count: outcome.title.count), "", content.card.headline, ""]
        for figure in content.digest.figures {
            lines.append("\(figure.label): \(figure.value)" + (figure.detail.map { " (\($0))" } ?? ""))
        }
        if !content.digest.figures.isEmpty { lines.append("") }
        lines += content.summary.isEmpty ? [content.card.detail] : content.summary
        if !outcome.warnings.isEmpty {
            lines += ["", "Warnings:"] + PageRenderer.shown(outcome.warnings, limit: Self.warningLimit).map { "- \($0)" }
        }
        lines += ["", "Built by Gazette on \(UTCTime.long(now)).", ""]
        return lines.joined(separator: "\n")
    }
}

/// The e-mail's page: what `email.mustache` shows.
struct EmailPage: Encodable {
    var title: String
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
}

struct EmailSection: Encodable {
    var title: String
    var lines: [String]
    var chart: EmailChart?
    var table: DataTable?
}

/// A chart in an e-mail: its 2× picture as a `cid:` part, shown at most a column wide.
struct EmailChart: Encodable {
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
