import Foundation

/// The scale part's closing tables: each path's wall time, CPU-seconds and peak, and the issues'
/// targets (27, 52 and 67) each as met, missed or not measured.
extension ScaleBench {
    /// One path of a count: its name and its runs.
    struct Path {
        var name: String
        var runs: [ChildProcess.Exit]

        var wall: Double { Row.median(runs).wall }
        var cpuSeconds: Double { Row.medianCPU(runs) }
        var peakBytes: Double { runs.map(\.peakBytes).max() ?? 0 }
    }

    /// Issue 67, point 6: at 100,000 reports.
    static let hundredThousand = 100_000
    static let hundredThousandColdWall = 1200.0
    static let hundredThousandUnchangedWall = 10.0
    static let hundredThousandEditedWall = 12.0
    static let hundredThousandPeakMB = 150.0
    static let hundredThousandFiles = 1_200_000
    static let hundredThousandBytes = 12e9
    /// Issue 67, point 6: 10,000 reports cold in CPU-seconds (the machine's other work moves
    /// wall time, not what the build itself spends).
    static let tenThousandColdCPU = 100.0

    /// The paths every count measures, in the order they run (the day later's first build, which
    /// makes every report once more, is a path of its own).
    static func paths(_ row: Row) -> [Path] {
        [
            Path(name: "cold", runs: [row.cold]), Path(name: "nothing changed", runs: row.unchangedRuns),
            Path(name: "one log edited", runs: row.changedRuns),
            Path(name: "first build a day later", runs: [row.dayLater.settle]),
            Path(name: "a day later, nothing changed", runs: row.dayLater.runs)
        ]
    }

    /// Each count's paths: the median wall time, the median CPU-seconds of the child (user and
    /// system, from `wait4`) and the largest peak.
    static func printPaths(_ rows: [Row]) {
        print("\n| athletes | path | wall s (median) | CPU-s (median) | peak MB (largest) |")
        print("|---:|---|---:|---:|---:|")
        for row in rows {
            for path in paths(row) {
                print(
                    String(
                        format: "| %d | %@ | %.3f | %.2f | %.0f |", row.athletes, path.name, path.wall, path.cpuSeconds,
                        path.peakBytes / 1e6))
            }
        }
    }

    /// `- NAME: VALUE UNIT of ≤ TARGET UNIT (R× the target): met`, or `not measured`.
    private static func targetLine(_ name: String, _ value: Double?, _ target: Double, _ unit: String) {
        guard let value else { return print("- \(name): not measured") }
        print(
            String(
                format: "- %@: %.4g %@ of ≤ %.4g %@ (%.2f× the target): %@", name, value, unit, target, unit,
                value / target, value <= target ? "met" : "MISSED"))
    }

    /// The issue's targets, each as measured / target and met or missed; counts not run are named.
    static func printTargets(_ rows: [Row]) {
        let thousand = rows.first { $0.athletes == 1000 }
        let tenThousand = rows.first { $0.athletes == 10_000 }
        print("\nThe issues' targets (27, 52 and 67):")
        targetLine("1,000 athletes, nothing changed", thousand?.unchanged.wall, 0.3, "s")
        targetLine("1,000 athletes, one log edited", thousand?.changed.wall, 0.6, "s")
        targetLine("1,000 athletes, peak on every path", thousand?.peaks.max().map { $0 / 1e6 }, 80, "MB")
        targetLine("10,000 athletes, nothing changed", tenThousand?.unchanged.wall, 2, "s")
        targetLine("10,000 athletes, peak on every path", tenThousand?.peaks.max().map { $0 / 1e6 }, 100, "MB")
        // Issue 52: rebuilds cost again what they cost before histories and feeds.
        targetLine("10,000 athletes, nothing changed (issue 52)", tenThousand?.unchanged.wall, 1, "s")
        targetLine("10,000 athletes, one log edited (issue 52)", tenThousand?.changed.wall, 1.5, "s")
        printDayLaterTarget(tenThousand)
        let serve = rows.compactMap { row in row.serve.map { (row.athletes, $0) } }.first
        targetLine(
            "serve at \(serve.map { "\($0.0)" } ?? "1,000") athletes, save to page",
            serve?.1.seconds ?? serve.map { _ in .infinity }, 1, "s")
        printHundredThousandTargets(rows)
    }

    /// Issue 67: a cron's build a day later costs no more than twice the same clock's.
    private static func printDayLaterTarget(_ tenThousand: Row?) {
        guard let tenThousand else {
            return print("- 10,000 athletes, nothing changed a day later (issue 67): not measured")
        }
        let ratio = tenThousand.dayLater.median.wall / tenThousand.unchanged.wall
        print(
            String(
                format:
                    "- 10,000 athletes, nothing changed a day later (issue 67): %.3f s, %.2f× the same clock's %.3f s; within 2×: %@",
                tenThousand.dayLater.median.wall, ratio, tenThousand.unchanged.wall, ratio <= 2 ? "met" : "not met"))
    }

    /// Issue 67, point 6: 10,000 cold in CPU-seconds; at 100,000 the cold build, the rebuilds, the
    /// peak of each path and the site's weight.
    private static func printHundredThousandTargets(_ rows: [Row]) {
        let tenThousand = rows.first { $0.athletes == 10_000 }
        let top = rows.first { $0.athletes == hundredThousand }
        targetLine("10,000 athletes, cold (issue 67)", tenThousand?.cold.cpuSeconds, tenThousandColdCPU, "CPU-s")
        targetLine("100,000 athletes, cold (issue 67)", top?.cold.wall, hundredThousandColdWall, "s")
        targetLine(
            "100,000 athletes, nothing changed (issue 67)", top?.unchanged.wall, hundredThousandUnchangedWall, "s")
        targetLine("100,000 athletes, one log edited (issue 67)", top?.changed.wall, hundredThousandEditedWall, "s")
        for path in top.map(paths) ?? paths(named: ["cold", "nothing changed", "one log edited", "a day later"]) {
            targetLine(
                "100,000 athletes, peak of \(path.name) (issue 67)", path.runs.isEmpty ? nil : path.peakBytes / 1e6,
                hundredThousandPeakMB, "MB")
        }
        targetLine(
            "100,000 athletes, the site's files (issue 67)", top.map { Double($0.weight.total.files) },
            Double(hundredThousandFiles), "files")
        targetLine(
            "100,000 athletes, the site's bytes (issue 67)", top.map { Double($0.weight.total.bytes) / 1e9 },
            hundredThousandBytes / 1e9, "GB")
    }

    /// Paths without runs, for a count not measured.
    private static func paths(named names: [String]) -> [Path] {
        names.map { Path(name: $0, runs: []) }
    }
}
