import Email
import Foundation
import GazetteCore
import Jobs
import ReportFacts
import Reports
import SiteOutput

/// `report.eml` (`--email`, or an `email:` in the job or the report): the report as a message,
/// its charts as PNG parts, the PDF attached when one was written.
struct MessageChannel: ReportChannel {
    let part = "write the message"

    func isWanted(_ report: ChannelReport) -> Bool {
        report.readers.mailer != nil
            && (report.build.options.email || report.build.jobEmail != nil || report.spec.email != nil)
    }

    func siteKeyText(_ build: ChannelBuild) -> String {
        let options = build.options
        return "e-mail \(options.email) \(build.wantsEmail)\n"
            + CanonicalKey.text(
                "e-mail addressing",
                Addressing(
                    job: build.jobEmail, override: options.emailOverride,
                    fallbackSender: options.emailFallbackSender)) + "\n"
    }

    func reportKeyText(_ spec: ReportSpec) -> String {
        // Most reports have no `email:` of their own: that text is encoded once, not per report.
        spec.email == nil ? Self.noEmailKeyText : CanonicalKey.text("e-mail", spec.email)
    }

    private static let noEmailKeyText = CanonicalKey.text("e-mail", EmailOptions?.none)

    /// A message shows its digest's charts, as PNG (mail programs show no SVG), never published.
    func chartFiles(_ report: ChannelReport, content: ReportContent) -> [ChannelChartFile] {
        let shown = Set(content.digest.sections.compactMap(\.chart))
        return content.charts.filter { shown.contains($0.ref) }.map { chart in
            ChannelChartFile(
                charts: [chart.name], file: chart.name, name: ChartImage.emailFile(chart.name), format: .png2x,
                scratch: true)
        }
    }

    func write(_ input: ChannelInput, into staging: Staging) throws(BuildError) -> ChannelOutput {
        let report = input.report
        guard let mailer = report.readers.mailer else { return ChannelOutput() }
        let addressing = EmailComposer.addressing(
            report: report.spec.email, job: report.build.jobEmail,
            override: report.build.options.emailOverride, fallbackSender: report.build.options.emailFallbackSender)
        let message = try mailer.message(
            for: input.content, outcome: input.outcome, spec: report.spec, addressing: addressing,
            attaching: input.attachments.first { $0.name == "report.pdf" }?.bytes, staging: staging,
            freshness: input.freshness)
        try staging.write("\(report.slug)/report.eml", text: message)
        guard addressing.to.isEmpty else { return ChannelOutput() }
        // Said after the message is written, so it is the build's warning, not one in the report.
        var warning = ReportWarning(.email, report.readers.conventions.words["warnings.noRecipient"])
        let user = report.site.conventions.words["warnings.noRecipient"]
        if user != warning.message { warning.userMessage = user }
        return ChannelOutput(warnings: [warning])
    }

    /// How the build addresses messages, for the site's fingerprint.
    private struct Addressing: Encodable {
        var job: EmailOptions?
        var override: EmailOptions
        var fallbackSender: Mailbox?
    }
}
