import Email
import Foundation
import GazetteCore
import Jobs
import ReportFacts
import Rendering
import Reports
import SiteOutput

/// `report.eml` (`--email`, or an `email:` in the job or the report): the report as a message,
/// its charts as PNG parts, the PDF attached when one was written.
struct MessageChannel: ReportChannel {
    let part = "write the message"

    /// `--email`; its job keys are the `email:` blocks, the addressing `gazette send` reads too.
    static let settings = ChannelSwitch(
        "email", key: nil, flag: "Also write each report as an e-mail message, <report>/report.eml.",
        about: "also write report.eml")
    var settings: ChannelSwitch? { Self.settings }
    var valuedSettings: [ChannelSetting] { [MessageAddressing.setting] }

    /// Whether a build writes `spec`'s message: `--email`, or an `email:` in the job or the report.
    /// The one rule: the report gets its message, and the site its sender warning, by it.
    static func writes(for spec: ReportSpec, options: BuildOptions, jobEmail: EmailOptions?) -> Bool {
        settings.isOn(for: spec, options: options) || jobEmail != nil || MessageAddressing.report(spec) != nil
    }

    func isWanted(_ report: ChannelReport) -> Bool {
        Self.writes(for: report.spec, options: report.build.options, jobEmail: report.build.jobEmail)
    }

    /// Said once when any message this build writes would come from Gazette's placeholder sender,
    /// which a real server may refuse and a reader cannot answer.
    static func defaultSenderWarning(_ job: Job, options: BuildOptions) -> String? {
        let commandLine = MessageAddressing.commandLine(options)
        let jobEmail = MessageAddressing.job(job)?.addressing
        guard commandLine.override.from == nil, commandLine.fallbackSender == nil, jobEmail?.from == nil else {
            return nil
        }
        guard
            job.reports.contains(where: {
                writes(for: $0, options: options, jobEmail: jobEmail) && MessageAddressing.report($0)?.from == nil
            })
        else { return nil }
        return "the e-mails come from the built-in sender \(EmailComposer.defaultSender): give --email-from, "
            + "GAZETTE_EMAIL_FROM or email: {from: …} in the job"
    }

    func siteKeyText(_ build: ChannelBuild) -> String {
        let options = build.options
        let commandLine = MessageAddressing.commandLine(options)
        return "e-mail \(options.switches.contains(Self.settings.name)) \(build.wantsEmail)\n"
            + CanonicalKey.text(
                "e-mail addressing",
                Addressing(
                    job: build.jobEmail, override: commandLine.override, fallbackSender: commandLine.fallbackSender))
            + "\n"
    }

    func reportKeyText(_ spec: ReportSpec) -> String {
        // Most reports have no `email:` of their own: that text is encoded once, not per report.
        let email = MessageAddressing.report(spec)
        return email == nil ? Self.noEmailKeyText : CanonicalKey.text("e-mail", email)
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
        let readers = report.readers
        let mailer = EmailComposer(
            renderer: EmailRenderer(
                templates: readers.templates, siteTitle: readers.facts.title, now: readers.facts.now,
                conventions: readers.conventions))
        let commandLine = MessageAddressing.commandLine(report.build.options)
        let addressing = EmailComposer.addressing(
            report: MessageAddressing.report(report.spec), job: report.build.jobEmail,
            override: commandLine.override, fallbackSender: commandLine.fallbackSender)
        let message = try mailer.message(
            for: input.content, outcome: input.outcome, spec: report.spec, addressing: addressing,
            attaching: input.product(PrintedReport.self)?.bytes, staging: staging, freshness: input.freshness)
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
