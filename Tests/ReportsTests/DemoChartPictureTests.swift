import Canvas
import ChartDrawing
import Charts
import Foundation
import GazettePictureTestSupport
import GazetteTestSupport
import Graphics
import Jobs
import Loading
import Reports
import XCTest

/// Every chart of the demo site, in both themes, as Gazette writes its SVG and as Cairo's SVG
/// surface wrote it before: librsvg (`rsvg-convert`, installed by `.ci/run`) draws the two the
/// same, and Gazette's is the smaller. Cairo's file holds its glyphs' outlines and ours the text,
/// which librsvg sets itself: their marks without the text must agree as closely as before, the
/// whole pictures within the glyphs' edges (where labels fall is `.ci/chart-labels-test.py`'s).
/// And one file per chart: the file with both schemes, read with its light (or dark) rules, draws
/// what the light (or dark) file drew, and is far smaller than the two were. One test draws each
/// plain file once for both comparisons (the pictures are most of the suite's time).
final class DemoChartPictureTests: XCTestCase {
    func testGazettesSVGDrawsWhatCairosSVGDrewAndTheThemedSVGDrawsTheSame() throws {
        let rsvg = try ToolOnPath.require("rsvg-convert")
        var compared = 0, ours = 0, cairos = 0, themedBytes = 0
        var worst = (fraction: 0.0, name: "")
        for (name, chart) in try Self.demoCharts() {
            let themed = String(decoding: try ChartRenderer.themedSVG([chart]), as: UTF8.self)
            themedBytes += themed.utf8.count
            for theme in [Theme.light, .dark] {
                let svg = try ChartRenderer.render(chart, theme: theme, format: .svg)
                let reference = try Canvas.cairoSVG(
                    size: chart.size, info: DocumentInfo(title: chart.title, description: chart.summary)
                ) { context in
                    context.paint(theme.background)
                    chart.draw(in: context, theme: theme)
                }
                Self.keepForLooking(name: name, theme: theme, svg: svg, reference: reference)
                // The plain file's picture is drawn once and compared with Cairo's and the themed file's.
                let pictures = try [svg, reference].map { try SVGRaster.pixels(of: $0, with: rsvg) }
                let differing = pictures[0].differingFraction(from: pictures[1], tolerance: 24)
                if differing > worst.fraction { worst = (differing, "\(name) \(theme.name)") }
                XCTAssertLessThan(differing, 0.025, "\(name), \(theme.name): \(differing * 100)% of pixels differ")
                let marks = try [Self.withoutText(svg), Self.withoutText(reference)].map {
                    try SVGRaster.pixels(of: $0, with: rsvg)
                }
                let marksDiffering = marks[0].differingFraction(from: marks[1], tolerance: 24)
                XCTAssertLessThan(
                    marksDiffering, 0.002, "\(name), \(theme.name) without text: \(marksDiffering * 100)% differ")
                let resolved = Array(Self.scheme(of: themed, dark: theme.name == .dark).utf8)
                let themedDiffering = try SVGRaster.pixels(of: resolved, with: rsvg)
                    .differingFraction(from: pictures[0], tolerance: 24)
                XCTAssertLessThan(
                    themedDiffering, 0.002, "\(name), \(theme.name) themed: \(themedDiffering * 100)% of pixels differ")
                compared += 1
                ours += svg.count
                cairos += reference.count
            }
        }
        XCTAssertGreaterThan(compared, 40, "the demo draws charts of every kind")
        XCTAssertLessThan(Double(ours), Double(cairos) * 0.5, "\(ours) bytes against Cairo's \(cairos)")
        XCTAssertLessThan(Double(themedBytes), Double(ours) * 0.6, "\(themedBytes) bytes against \(ours)")
        print("compared \(compared) charts; most differing: \(worst.name), \(worst.fraction * 100)%")
    }

    /// For looking at them in a browser: both forms of every chart, into `GAZETTE_DEMO_CHARTS_DIR`.
    private static func keepForLooking(name: String, theme: Theme, svg: [UInt8], reference: [UInt8]) {
        guard let keep = ProcessInfo.processInfo.environment["GAZETTE_DEMO_CHARTS_DIR"] else { return }
        let stem = URL(fileURLWithPath: keep).appendingPathComponent(
            "\(name.replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: " ", with: "-"))-\(theme.name)")
        try? Data(svg).write(to: stem.appendingPathExtension("gazette.svg"))
        try? Data(reference).write(to: stem.appendingPathExtension("cairo.svg"))
    }

    /// A chart's file without its text: our `<text>` elements, or the `<use>`s of Cairo's glyphs.
    private static func withoutText(_ svg: [UInt8]) -> [UInt8] {
        let text = String(decoding: svg, as: UTF8.self)
        let pattern = ##"<text[^>]*>[^<]*</text>|<use xlink:href="#glyph[^>]*/>"##
        return Array(text.replacingOccurrences(of: pattern, with: "", options: .regularExpression).utf8)
    }

    /// A themed SVG as a reader in one scheme sees it: its style without the media blocks, and,
    /// for dark, the dark block's rules after the light ones (later rules win).
    static func scheme(of svg: String, dark: Bool) -> String {
        var lines: [String] = []
        var skipClosing = false
        for line in svg.components(separatedBy: "\n") {
            if skipClosing, line == "}" {
                skipClosing = false
                continue
            }
            for block in ["@media (prefers-color-scheme:dark){", "@media (forced-colors:active){"]
            where line.hasPrefix(block) {
                if dark, block.contains("dark") { lines.append(String(line.dropFirst(block.count))) }
                skipClosing = true
            }
            if !skipClosing { lines.append(line) }
        }
        return lines.joined(separator: "\n")
    }

    /// The charts of every report of the demo job, by the name their files get.
    static func demoCharts() throws -> [(String, any Chart)] {
        let now = Date(timeIntervalSince1970: 1_793_534_400)
        let job = DemoJob.make(output: URL(fileURLWithPath: "/unused"), now: now)
        var charts: [(String, any Chart)] = []
        for spec in job.reports {
            let sources = spec.sources.compactMap { source -> LoadedInput? in
                guard case let .embedded(_, bytes) = source else { return nil }
                return LoadedInput(source: source, bytes: bytes)
            }
            let input = ReportInput(
                kind: spec.kind, title: spec.resolvedTitle, slug: "report", sources: sources, now: now, seed: 7,
                conventions: .standard)
            let content = try spec.options.build(input)
            charts += content.charts.map { ("\(spec.resolvedTitle)/\($0.name)", $0.chart) }
        }
        return charts
    }
}
