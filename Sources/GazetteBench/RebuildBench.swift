import Canvas
import ChartDrawing
import Charts
import Foundation

/// Part 7 (issue 15): a batch of athletes built cold, rebuilt with nothing changed and rebuilt
/// with one athlete's log changed, each in a fresh process, with the trees compared to cold builds.
enum RebuildBench {
    struct Timed {
        var wall: Double
        var cpu: Double
    }

    private static func timedBuild(_ logs: [URL], output: URL, jobs: Int) throws -> Timed {
        let cpu = childrenCPUSeconds()
        let start = ContinuousClock.now
        _ = try SiteBench.run(files: logs, output: output, jobs: jobs)
        return Timed(wall: (ContinuousClock.now - start).seconds, cpu: childrenCPUSeconds() - cpu)
    }

    static func run(athletes: Int, jobs: Int) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gazette-bench-\(getpid())-rebuild")
        defer { try? FileManager.default.removeItem(at: folder) }
        let logs = try PeerBench.logs(in: folder.appendingPathComponent("logs"), count: athletes)
        let output = folder.appendingPathComponent("site")

        let cold = try timedBuild(logs, output: output, jobs: jobs)
        let coldTree = try treeContents(output)
        print(String(format: "   cold build: %.2f s wall, %.2f CPU-s, %d files", cold.wall, cold.cpu, coldTree.count))

        let unchanged = try timedBuild(logs, output: output, jobs: jobs)
        let unchangedDiff = treeDifferences(coldTree, try treeContents(output))
        print(
            String(
                format: "   rebuild, nothing changed: %.3f s wall (%.1f%% of cold), %.2f CPU-s; same bytes as cold: %@",
                unchanged.wall, unchanged.wall / cold.wall * 100, unchanged.cpu,
                unchangedDiff.isEmpty ? "yes" : "NO: \(unchangedDiff.prefix(5))"))

        // The first athlete's log is replaced by another athlete's (a seed no other log has).
        // Compared with a build without the cache over a copy of the output before it: a site that
        // remembers differs from a cold build of its last inputs by its histories.
        try PeerBench.generate(seed: 10_000, into: logs[0])
        let reference = folder.appendingPathComponent("reference")
        try FileManager.default.copyItem(at: output, to: reference)
        let oneChanged = try timedBuild(logs, output: output, jobs: jobs)
        _ = try SiteBench.run(files: logs, output: reference, jobs: jobs, noCache: true)
        let changedDiff = treeDifferences(try treeContents(reference), try treeContents(output))
        print(
            String(
                format:
                    "   rebuild, one log changed: %.3f s wall (%.1f%% of cold), %.2f CPU-s; same bytes as a build without the cache: %@",
                oneChanged.wall, oneChanged.wall / cold.wall * 100, oneChanged.cpu,
                changedDiff.isEmpty ? "yes" : "NO: \(changedDiff.prefix(5))"))
    }
}

/// Part 8 (issue 15): a 5,000-point daily series drawn reduced (M4) and whole.
enum DenseSeriesBench {
    static func run() throws {
        var state = UInt64(7)
        let points = (0..<5000).map { day -> DatedValue in
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return DatedValue(
                day: 12_000 + day, value: 150 + Double(day) / 40 + Double(state >> 40) / Double(1 << 24) * 35)
        }
        let reduced = LineChart(
            title: "Back squat: daily 1RM", seriesName: "Back squat", unit: "lb", points: points,
            highlight: points.max { $0.value < $1.value })
        var whole = reduced
        whole.reducesDenseLines = false
        for format in [OutputFormat.svg, .png(scale: 1), .png(scale: 2)] {
            var timings: [Double] = []
            var files: [[UInt8]] = []
            for chart in [reduced, whole] {
                var bytes: [UInt8] = []
                timings.append(try measure { bytes = try ChartRenderer.render(chart, theme: .light, format: format) })
                files.append(bytes)
            }
            let name: String
            var agreement = ""
            switch format {
            case .svg: name = "SVG"
            case let .png(scale):
                name = "PNG \(Int(scale))×"
                let fraction = try Bitmap(png: files[0]).differingFraction(from: Bitmap(png: files[1]), tolerance: 24)
                agreement = String(format: ", pixels differing by more than 24 levels: %.3f%%", fraction * 100)
            case .pdf: name = "PDF"
            }
            print(
                String(
                    format: "   %@: reduced %d bytes in %.1f ms, whole %d bytes in %.1f ms%@",
                    name, files[0].count, timings[0] * 1000, files[1].count, timings[1] * 1000, agreement))
        }
        // A year of training three days in ten: a chart as most reports draw it, dots and all.
        let yearPoints = points.prefix(365).enumerated().filter { $0.offset % 3 == 0 }.map(\.element)
        let year = LineChart(
            title: "Bench press: daily 1RM", seriesName: "Bench press", unit: "lb", points: yearPoints,
            highlight: yearPoints.max { $0.value < $1.value })
        compareSVGWriters([("\(yearPoints.count) points", year), ("5,000 reduced", reduced), ("5,000 whole", whole)])
    }

    /// Gazette's SVG (`SVGDocument`) against Cairo's SVG surface on the same drawing, best of 5
    /// each, light theme. Cairo's figure leaves out the compaction its SVG needed before.
    static func compareSVGWriters(_ charts: [(String, LineChart)]) {
        for (label, chart) in charts {
            var ours: [UInt8] = [], cairo: [UInt8] = []
            var oursTime = Double.infinity, cairoTime = Double.infinity
            for _ in 0..<5 {
                oursTime = min(
                    oursTime,
                    (try? measure { ours = try ChartRenderer.render(chart, theme: .light, format: .svg) }) ?? .nan)
                cairoTime = min(
                    cairoTime,
                    (try? measure {
                        cairo = try Canvas.cairoSVG(
                            size: chart.size, info: DocumentInfo(title: chart.title, description: chart.summary)
                        ) { context in
                            context.paint(Theme.light.background)
                            chart.draw(in: context, theme: .light)
                        }
                    }) ?? .nan)
            }
            print(
                String(
                    format:
                        "   SVG writers, %@: Gazette's %d bytes in %.2f ms, Cairo's surface %d bytes in %.2f ms (%.1f× the time)",
                    label, ours.count, oursTime * 1000, cairo.count, cairoTime * 1000, cairoTime / oursTime))
        }
    }
}
