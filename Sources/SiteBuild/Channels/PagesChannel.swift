import GazetteCore
import Reports
import SiteOutput

/// The report's pages, and the SVG pictures of its charts they show (embedded in self-contained
/// pages, so kept out of their output).
struct PagesChannel: ReportChannel {
    let part = "render pages"

    func isWanted(_ report: ChannelReport) -> Bool { true }

    func siteKeyText(_ build: ChannelBuild) -> String {
        "self-contained \(build.options.selfContained)\n"
    }

    func chartFiles(_ report: ChannelReport, content: ReportContent) -> [ChannelChartFile] {
        content.charts.flatMap { chart in
            ChartImage.pageFiles(chart.name).map {
                ChannelChartFile(
                    chart: chart.name, file: $0.file, theme: $0.theme, format: $0.format,
                    scratch: report.build.options.selfContained)
            }
        }
    }

    func write(_ input: ChannelInput, into staging: Staging) throws(BuildError) -> ChannelOutput {
        try input.report.readers.renderer.renderReport(
            input.content, outcome: input.outcome, alternates: input.alternates, writer: staging)
        return ChannelOutput()
    }
}
