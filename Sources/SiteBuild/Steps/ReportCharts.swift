import Canvas
import ChartDrawing
import Charts
import Foundation
import GazetteCore
import ReportFacts
import Reports
import SiteOutput

/// Draws the chart files a report's channels show, spread over `--jobs` threads; a file whose
/// verified copy the cache holds is reused instead.
struct ReportCharts: Sendable {
    let slug: String
    let store: ChartStore
    let staging: Staging
    let progress: ProgressCounter
    let workers: Int

    /// One file of a chart: where it goes, the suffix its cache key adds, its theme, and whether
    /// it is only read back by the build (embedded in a page or a message), not published.
    private struct File: Sendable {
        let path: String
        let suffix: String
        let theme: Theme
        let scratch: Bool
    }

    /// A chart's files of one format, drawn together so its layout is worked out once for both themes.
    private struct Drawing: Sendable {
        let chart: any Chart
        let chartKey: String
        let format: OutputFormat
        var files: [File]
    }

    /// Draws `files` of the report's `charts`. Returns each chart's key with the stem of its
    /// files, for the report's record.
    func draw(_ files: [ChannelChartFile], of charts: [ChartSpec], previous: ReportRecord?) throws(BuildError)
        -> [String: String]
    {
        let (drawings, stems) = try drawings(files, of: charts)
        progress.chartFilesKnown(drawings.reduce(0) { $0 + $1.files.count })
        let results = parallelMap(drawings, workers: workers) { drawing in draw(drawing, previous: previous) }
        for result in results {
            if case let .success(error?) = result { throw error }
            if case let .failure(error) = result { throw BuildError(.io, .none, "cannot draw a chart: \(error)") }
        }
        return stems
    }

    /// Every file grouped by chart and format, with each chart key's stem (of two equal charts the
    /// first path wins).
    private func drawings(_ files: [ChannelChartFile], of charts: [ChartSpec]) throws(BuildError)
        -> ([Drawing], [String: String])
    {
        var drawings: [Drawing] = []
        var stems: [String: String] = [:]
        var keys: [String: String] = [:]
        for spec in charts {
            let chartKey: String
            do {
                chartKey = try store.chartKey(spec.chart)
            } catch {
                throw BuildError(
                    .io, .file("\(slug)/charts/\(spec.name)"), "cannot describe the chart for the cache: \(error)")
            }
            keys[spec.name] = chartKey
            let stem = "\(slug)/charts/\(spec.name)"
            stems[chartKey] = stems[chartKey].map { min($0, stem) } ?? stem
        }
        let byName = Dictionary(charts.map { ($0.name, $0.chart) }, uniquingKeysWith: { first, _ in first })
        for file in files {
            guard let chart = byName[file.chart], let chartKey = keys[file.chart] else { continue }
            let format: OutputFormat
            switch file.format {
            case .png2x: format = .png(scale: 2)
            case .svg: format = .svg
            }
            let drawn = File(
                path: "\(slug)/charts/\(file.file)", suffix: String(file.file.dropFirst(file.chart.count + 1)),
                theme: file.theme, scratch: file.scratch)
            if let index = drawings.lastIndex(where: { $0.chartKey == chartKey && $0.format == format }) {
                drawings[index].files.append(drawn)
            } else {
                drawings.append(Drawing(chart: chart, chartKey: chartKey, format: format, files: [drawn]))
            }
        }
        return (drawings, stems)
    }

    /// One chart's files of one format: each reused from the cache when it can be, the rest drawn
    /// in one go and written (into the scratch area only, for self-contained pages and messages).
    private func draw(_ drawing: Drawing, previous: ReportRecord?) -> BuildError? {
        var path = drawing.files[0].path
        do {
            var missing: [File] = []
            for file in drawing.files {
                if !file.scratch,
                    try store.reuse(
                        chartKey: drawing.chartKey, suffix: file.suffix, at: file.path, previous: previous,
                        staging: staging)
                {
                    progress.chartFileDone()
                } else {
                    missing.append(file)
                }
            }
            guard !missing.isEmpty else { return nil }
            let drawn = try ChartRenderer.render(drawing.chart, themes: missing.map(\.theme), format: drawing.format)
            for (file, bytes) in zip(missing, drawn) {
                path = file.path
                defer { progress.chartFileDone() }
                if file.scratch {
                    // A PNG kept back is a message's, read only while the report is written; a
                    // self-contained build's SVGs stay for its front page's thumbnails.
                    try staging.writeScratch(file.path, bytes, untilReportDone: drawing.format != .svg)
                    continue
                }
                try staging.write(file.path, bytes)
                store.store(chartKey: drawing.chartKey, suffix: file.suffix, bytes: bytes)
            }
            return nil
        } catch let error as BuildError {
            return error
        } catch {
            // Cairo's refusal is about what the report asked it to draw: the report's own failure.
            return BuildError(.input, .file(path), "cannot draw the chart: \(error)")
        }
    }
}
