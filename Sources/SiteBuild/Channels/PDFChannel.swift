import GazetteCore
import Jobs
import Reports
import SiteOutput

/// `report.pdf` (`--pdf`, or `pdf: true` on the report), drawn as vectors; handed on for the
/// message to attach.
struct PDFChannel: ReportChannel {
    let part = "write the PDF"

    func isWanted(_ report: ChannelReport) -> Bool { report.build.options.pdf || report.spec.pdf }

    func siteKeyText(_ build: ChannelBuild) -> String {
        "pdf \(build.options.pdf) \(build.options.paper.rawValue)\n"
    }

    func reportKeyText(_ spec: ReportSpec) -> String { "pdf \(spec.pdf)" }

    func write(_ input: ChannelInput, into staging: Staging) throws(BuildError) -> ChannelOutput {
        let report = input.report
        let bytes = try report.readers.printer.render(
            input.content, title: input.outcome.title, sources: report.spec.sources.map(\.displayName))
        try staging.write("\(report.slug)/report.pdf", bytes)
        return ChannelOutput(attachment: ChannelAttachment(name: "report.pdf", bytes: bytes))
    }
}
