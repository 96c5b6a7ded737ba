import Foundation
import GazetteCore
import Jobs
import Rendering
import Reports
import SiteOutput

/// Makes a report's `report.eml`: the body the e-mail renderer makes, wrapped in the headers the
/// job asks for.
struct EmailComposer: Sendable {
    let renderer: EmailRenderer

    static let defaultSender = "Gazette <gazette@localhost>"

    func message(for content: ReportContent, outcome: ReportOutcome, spec: ReportSpec, staging: Staging) throws(BuildError) -> String {
        let body = try renderer.body(for: content, outcome: outcome, sources: spec.sources.map(\.displayName), pictures: staging)
        let options = spec.email ?? EmailOptions()
        let message = EmailMessage(
            from: options.from ?? Self.defaultSender,
            to: options.to,
            subject: options.subject ?? "\(outcome.title) — \(renderer.siteTitle)",
            date: renderer.now,
            identity: outcome.slug,
            text: body.text,
            html: body.html,
            parts: body.pictures
        )
        return message.rendered()
    }
}

/// The staging folder is where pages are written and charts read back from.
extension Staging: PageWriter {}
