import GazetteCore
import Graphics
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

    /// `--paper`: the PDF's paper, a4 or letter.
    static let paperSetting = ChannelSetting(
        "paper",
        options: [
            ChannelOption("paper", valueName: "size", help: "The PDF's paper: a4 or letter.", defaultValue: "a4")
        ],
        given: { given, _ throws(BuildError) in
            guard let text = given["paper"]?.last else { return nil }
            guard let paper = Paper(rawValue: text) else {
                let names = Paper.allCases.map { "'\($0.rawValue)'" }.joined(separator: " and ")
                throw BuildError(
                    .usage, .none,
                    "The value '\(text)' is invalid for '--paper <size>'. Please provide one of \(names).")
            }
            return paper
        })
    var valuedSettings: [ChannelSetting] { [Self.paperSetting] }

    /// The paper the build asks for: `--paper`, else A4.
    static func paper(_ options: BuildOptions) -> Paper { options.settings[paperSetting.name, as: Paper.self] ?? .a4 }

    func siteKeyText(_ build: ChannelBuild) -> String {
        "pdf \(build.options.switches.contains("pdf")) \(Self.paper(build.options).rawValue)\n"
    }

    func reportKeyText(_ spec: ReportSpec) -> String { "pdf \(spec.switches["pdf"] ?? false)" }

    func write(_ input: ChannelInput, into staging: Staging) throws(BuildError) -> ChannelOutput {
        let report = input.report
        let readers = report.readers
        let printer = PDFReportRenderer(
            paper: Self.paper(report.build.options), siteTitle: readers.facts.title, now: readers.facts.now,
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

extension Paper: ChannelValue {}
