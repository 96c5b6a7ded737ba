import Foundation
import GazetteCore
import SiteOutput
import Jobs
import Reports

/// Makes a report's `report.eml`: its summary as text, its main page as HTML with the charts as
/// inline parts.
struct EmailComposer: Sendable {
    let renderer: PageRenderer
    let job: Job
    let now: Date

    static let defaultSender = "Gazette <gazette@localhost>"

    func message(for content: ReportContent, outcome: ReportOutcome, spec: ReportSpec, staging: Staging) throws(BuildError) -> String {
        let page = try renderer.emailPage(content, outcome: outcome)
        var parts: [EmailMessage.InlinePart] = []
        var attached: Set<String> = []
        let html = AssetInliner.rewrite(AssetInliner.unlinkSiteFiles(page), folder: "\(outcome.slug)/") { path in
            guard path.hasSuffix(".png"), let bytes = staging.read(path) else { return nil }
            let id = EmailMessage.contentID(for: path)
            if attached.insert(path).inserted {
                // The part's file name is its Content-ID's left side: short enough for one header line.
                parts.append(EmailMessage.InlinePart(contentID: id, fileName: String(id.prefix { $0 != "@" }) + ".png", bytes: bytes))
            }
            return "cid:" + id
        }
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

    /// The text part: title, the summary lines, warnings and where the full report lives.
    func plainText(_ content: ReportContent, outcome: ReportOutcome) -> String {
        var lines = [outcome.title, String(repeating: "=", count: outcome.title.count), "", content.card.headline, ""]
        lines += content.summary.isEmpty ? [content.card.detail] : content.summary
        if !outcome.warnings.isEmpty {
            lines += ["", "Warnings:"] + outcome.warnings.map { "- \($0)" }
        }
        lines += ["", "Built by Gazette on \(UTCTime.long(now)).", ""]
        return lines.joined(separator: "\n")
    }
}
