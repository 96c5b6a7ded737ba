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

    /// One chart file: its layouts' specs (one but for a page's chart with a phone layout), its
    /// key, where it goes, the suffix its cache key adds (`.svg`, `-light@2x.png`), and whether it
    /// is only read back by the build (embedded in a page or a message), not published.
    private struct Drawing: Sendable {
        let layouts: [any Chart]
        let chartKey: String
        let format: ChartFormat
        let path: String
        let suffix: String
        let scratch: Bool
        let inline: Bool
    }

    /// Draws `files` of the report's `charts`. Returns each chart file's key with the stem of its
    /// files, for the report's record.
    func draw(_ files: [ChannelChartFile], of charts: [ChartSpec], previous: ReportRecord?) throws(BuildError)
        -> [String: String]
    {
        let (drawings, stems) = try drawings(files, of: charts)
        progress.chartFilesKnown(drawings.count)
        let results = parallelMap(drawings, workers: workers) { drawing in draw(drawing, previous: previous) }
        for result in results {
            if case let .success(error?) = result { throw error }
            if case let .failure(error) = result { throw BuildError(.io, .none, "cannot draw a chart: \(error)") }
        }
        return stems
    }

    /// Every file with its charts and key, and each key's stem (of two equal files the first
    /// path wins). A file of one chart has that chart's key; a file of several layouts, a key of
    /// theirs in order.
    private func drawings(_ files: [ChannelChartFile], of charts: [ChartSpec]) throws(BuildError)
        -> ([Drawing], [String: String])
    {
        let byName = Dictionary(charts.map { ($0.name, $0.chart) }, uniquingKeysWith: { first, _ in first })
        var keys: [String: String] = [:]
        func key(_ name: String, _ chart: any Chart) throws(BuildError) -> String {
            if let known = keys[name] { return known }
            do {
                let made = try store.chartKey(chart)
                keys[name] = made
                return made
            } catch {
                throw BuildError(
                    .io, .file("\(slug)/charts/\(name)"), "cannot describe the chart for the cache: \(error)")
            }
        }
        var drawings: [Drawing] = []
        var stems: [String: String] = [:]
        for file in files {
            let layouts = file.charts.compactMap { byName[$0] }
            guard layouts.count == file.charts.count, !layouts.isEmpty else { continue }
            var parts: [String] = []
            for (name, chart) in zip(file.charts, layouts) { parts.append(try key(name, chart)) }
            let chartKey = parts.count == 1 ? parts[0] : ReportKeys.layoutsKey(parts)
            let stem = "\(slug)/charts/\(file.file)"
            // An inline chart's drawing is no file a later build could take back.
            if !file.inline { stems[chartKey] = stems[chartKey].map { min($0, stem) } ?? stem }
            drawings.append(
                Drawing(
                    layouts: layouts, chartKey: chartKey, format: file.format, path: "\(slug)/charts/\(file.name)",
                    suffix: String(file.name.dropFirst(file.file.count)), scratch: file.scratch, inline: file.inline))
        }
        return (drawings, stems)
    }

    /// One chart file: reused from the cache when it can be, else drawn and written (into the
    /// scratch area only, for self-contained pages and messages).
    private func draw(_ drawing: Drawing, previous: ReportRecord?) -> BuildError? {
        let path = drawing.path
        defer { progress.chartFileDone() }
        do {
            if !drawing.scratch,
                try store.reuse(
                    chartKey: drawing.chartKey, suffix: drawing.suffix, at: path, previous: previous,
                    staging: staging)
            {
                return nil
            }
            let bytes: [UInt8]
            switch drawing.format {
            case .png2x: bytes = try ChartRenderer.render(drawing.layouts[0], theme: .light, format: .png(scale: 2))
            case .svg: bytes = try ChartRenderer.themedSVG(drawing.layouts)
            }
            if drawing.scratch {
                // A PNG kept back is a message's and an inline chart's drawing its page's, read
                // only while the report is written; a self-contained build's SVGs stay for its
                // front page's thumbnails.
                try staging.writeScratch(path, bytes, untilReportDone: drawing.format != .svg || drawing.inline)
                return nil
            }
            try staging.write(path, bytes)
            store.store(chartKey: drawing.chartKey, suffix: drawing.suffix, bytes: bytes)
            return nil
        } catch let error as BuildError {
            return error
        } catch {
            // Cairo's refusal is about what the report asked it to draw: the report's own failure.
            return BuildError(.input, .file(path), "cannot draw the chart: \(error)")
        }
    }
}
