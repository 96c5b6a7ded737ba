import Canvas
import ChartDrawing
import Charts
import Foundation
import GazetteCore
import Loading
import Reports
import Workouts

/// Part 5 (issue 15): PNG encoding of the same drawn pixels by Cairo's writer and by Gazette's
/// libdeflate writer, per chart variant, with the decoded pixels compared.
enum PNGBench {
    struct Variant {
        let name: String
        let chart: any Chart
        let scale: Double
    }

    struct Row {
        let variant: String
        let encoder: String
        let seconds: Double
        let bytes: Int
        let samePixels: Bool
    }

    /// The desktop and phone charts of one generated athlete's first exercise, at 1× and 2×.
    static func variants() throws -> [Variant] {
        let spec = ChartBench.athletes(1)[0]
        guard case let .embedded(name, bytes) = spec.sources[0] else { throw BenchError("no embedded log") }
        let input = ReportInput(
            kind: .workouts, title: spec.resolvedTitle, slug: "athlete-1",
            sources: [LoadedInput(source: .embedded(name: name, bytes: bytes), bytes: bytes)],
            now: Date(timeIntervalSince1970: 1_700_000_000), seed: nil, conventions: .standard)
        let content = try WorkoutsKind.build(input, options: WorkoutsKind.defaultOptions)
        guard let desktop = content.charts.first(where: { $0.chart.size.width >= 700 }),
            let phone = content.charts.first(where: { $0.chart.size.width < 400 })
        else { throw BenchError("the athlete report has no desktop and phone charts") }
        return [
            Variant(name: "desktop 1×", chart: desktop.chart, scale: 1),
            Variant(name: "desktop 2×", chart: desktop.chart, scale: 2),
            Variant(name: "phone 1×", chart: phone.chart, scale: 1),
            Variant(name: "phone 2×", chart: phone.chart, scale: 2)
        ]
    }

    static let candidates: [(String, PNGEncoder)] = [
        ("cairo", .cairo),
        ("deflate 5 none (standard)", .standard),
        ("deflate 6 none", .deflate(level: 6, filter: .none)),
        ("deflate 4 none", .deflate(level: 4, filter: .none)),
        ("deflate 6 up", .deflate(level: 6, filter: .up)),
        ("deflate 6 sub", .deflate(level: 6, filter: .sub)),
        ("deflate 6 paeth", .deflate(level: 6, filter: .paeth))
    ]

    static func run(runs: Int, candidates: [(String, PNGEncoder)] = candidates) throws -> [Row] {
        var rows: [Row] = []
        for variant in try variants() {
            for (themeName, theme) in [("light", Theme.light), ("dark", Theme.dark)] {
                let label = "\(variant.name) \(themeName)"
                let image = try ChartRenderer.raster(variant.chart, theme: theme, scale: variant.scale)
                let reference = try Bitmap(png: image.encode(.cairo))
                for (name, encoder) in candidates {
                    var best = Double.infinity
                    var bytes: [UInt8] = []
                    for _ in 0..<runs {
                        let start = ContinuousClock.now
                        bytes = try image.encode(encoder)
                        best = min(best, (ContinuousClock.now - start).seconds)
                    }
                    rows.append(
                        Row(
                            variant: label, encoder: name, seconds: best, bytes: bytes.count,
                            samePixels: try Bitmap(png: bytes) == reference))
                }
            }
        }
        return rows
    }

    static func printTable(_ rows: [Row]) {
        print("   variant           encoder                    time      bytes   vs cairo (time, bytes)  same pixels")
        for row in rows {
            guard let cairo = rows.first(where: { $0.variant == row.variant && $0.encoder == "cairo" }) else {
                continue
            }
            let speed = cairo.seconds / row.seconds
            let size = Double(row.bytes) / Double(cairo.bytes)
            print(
                "   \(row.variant.padding(toLength: 17, withPad: " ", startingAt: 0)) "
                    + "\(row.encoder.padding(toLength: 25, withPad: " ", startingAt: 0)) "
                    + "\(String(format: "%6.2f ms", row.seconds * 1000)) \(String(format: "%8d", row.bytes))   "
                    + "\(String(format: "%4.2f× faster, %4.3f×", speed, size))      \(row.samePixels ? "yes" : "NO")")
        }
    }
}
