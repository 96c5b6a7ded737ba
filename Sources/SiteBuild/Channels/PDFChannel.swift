import GazetteCore
import Jobs
import Rendering
import Reports
import SiteOutput

/// `report.pdf` (`--pdf`, or `pdf: true` on the report), drawn as vectors; handed on, as a
/// `PrintedReport`, for the message to attach.
struct PDFChannel: ReportChannel {
    let part = "write the PDF"

    let settings: ChannelSwitch? = ChannelSwitch(
        "pdf", key: .report,
        flag: "Also write each report as a PDF, <report>/report.pdf (attached to its e-mail with --email).",
        about: "also write report.pdf")

    func siteKeyText(_ build: ChannelBuild) -> String {
        "pdf \(build.options.switches.contains("pdf")) \(build.options.paper.rawValue)\n"
    }

    func reportKeyText(_ spec: ReportSpec) -> String { "pdf \(spec.switches["pdf"] ?? false)" }

    func write(_ input: ChannelInput, into staging: Staging) throws(BuildError) -> ChannelOutput {
        let report = input.report
        let readers = report.readers
        let printer = PDFReportRenderer(
            paper: report.build.options.paper, siteTitle: readers.facts.title, now: readers.facts.now,
            conventions: readers.conventions)
        let bytes = try printer.render(
            input.content, title: input.outcome.title, sources: report.spec.sources.map(\.displayName))
        try staging.write("\(report.slug)/report.pdf", bytes)
        return ChannelOutput(products: [PrintedReport(bytes: bytes)])
    }
}

/// The report as a PDF, as the PDF channel wrote it.
struct PrintedReport: ChannelProduct {
    let bytes: [UInt8]
}
