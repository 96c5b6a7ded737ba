import Email
import Foundation
import GazetteCore
import Jobs
import Rendering
import ReportFacts
import Reports
import SiteOutput

/// Makes a report's `report.eml`: the body the e-mail renderer makes, wrapped in the headers the
/// job asks for.
struct EmailComposer: Sendable {
    let renderer: EmailRenderer

    static let defaultSender: Mailbox = {
        do { return try Mailbox.parse("Gazette <gazette@localhost>") } catch { preconditionFailure("\(error)") }
    }()

    /// The addressing of a report's message: the command line's `--email-from`/`--email-to` over
    /// the report's `email:` block, over the job's, then `GAZETTE_EMAIL_FROM` for the sender, then
    /// Gazette's placeholder sender.
    static func addressing(report: EmailOptions?, job: EmailOptions?, override: EmailOptions, fallbackSender: Mailbox?)
        -> EmailOptions
    {
        var options = override.over((report ?? EmailOptions()).over(job ?? EmailOptions()))
        options.from = options.from ?? fallbackSender ?? defaultSender
        return options
    }

    /// `freshness`: the data's age, said beside the build's time; a report turned stale says so in
    /// its subject, so crossing to stale is a new message, sent once, and the words alone are not.
    func message(
        for content: ReportContent, outcome: ReportOutcome, spec: ReportSpec, addressing options: EmailOptions,
        attaching pdf: [UInt8]? = nil, staging: Staging, freshness: FreshnessText? = nil
    ) throws(BuildError) -> String {
        let body = try renderer.body(
            for: content, outcome: outcome, sources: spec.sources.map(\.displayName), pictures: staging,
            freshness: freshness?.lines ?? [])
        let marked = { (subject: String) in freshness?.subject(subject) ?? subject }
        let defaultSubject = marked("\(outcome.title) — \(renderer.siteTitle)")
        var message = EmailMessage(
            from: options.from ?? Self.defaultSender,
            to: options.to,
            replyTo: options.replyTo,
            subject: options.subject.map(marked) ?? content.change.map { marked("\($0.subject) — \(outcome.title)") }
                ?? defaultSubject,
            date: renderer.now,
            identity: outcome.slug,
            contentDigest: body.contentDigest,
            text: body.text,
            html: body.html,
            parts: body.pictures,
            attachment: pdf.map {
                EmailAttachment(fileName: Slug.make(outcome.title, fallback: "report") + ".pdf", bytes: $0)
            }
        )
        if options.subject == nil, content.change != nil { message.identitySubject = defaultSubject }
        return message.rendered()
    }
}
