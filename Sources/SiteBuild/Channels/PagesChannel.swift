import GazetteCore
import Reports
import SiteOutput

/// The report's pages, and the SVG pictures of its charts they show (embedded in self-contained
/// pages, so kept out of their output; a chart shown on one page only is written into that page,
/// so its drawing is never a file of the site).
struct PagesChannel: ReportChannel {
    let part = "render pages"

    func isWanted(_ report: ChannelReport) -> Bool { true }

    func siteKeyText(_ build: ChannelBuild) -> String {
        "self-contained \(build.options.selfContained)\n"
    }

    /// One SVG per file: a chart with the other layouts drawn into its file (its phone drawing).
    func chartFiles(_ report: ChannelReport, content: ReportContent) -> [ChannelChartFile] {
        var files: [ChannelChartFile] = []
        var indices: [String: Int] = [:]
        for chart in content.charts {
            if let index = indices[chart.file] {
                files[index].charts.append(chart.name)
                continue
            }
            indices[chart.file] = files.count
            files.append(
                ChannelChartFile(
                    charts: [chart.name], file: chart.file, name: ChartImage.pageFile(chart.file), format: .svg,
                    scratch: report.build.options.selfContained || chart.inline, inline: chart.inline))
        }
        return files
    }

    func write(_ input: ChannelInput, into staging: Staging) throws(BuildError) -> ChannelOutput {
        try input.report.readers.renderer.renderReport(
            input.content, outcome: input.outcome, alternates: input.alternates, freshness: input.freshness,
            writer: staging)
        return ChannelOutput()
    }
}
