import Deterministic
import Foundation
import SiteBuild
import Workouts
import Jobs

/// Part 2: the reports of generated athletes built through the real pipeline, once per worker
/// count, timing its chart-rendering step and checking that every build wrote the same bytes.
enum ChartBench {
    struct Run {
        var jobs: Int
        var charts: Double?
        var total: Double
        var chartFiles: Int
        var manifest: String
    }

    /// One report per athlete: 5 or 6 exercises, two years of three or four sessions a week.
    static func athletes(_ count: Int) -> [ReportSpec] {
        let names = ParseBench.exerciseNames
        return (0..<count).map { index in
            let exercises = (0..<(5 + index % 2)).map { names[(index * 3 + $0) % names.count] }
            let bytes = WorkoutLogGenerator.generateBytes(
                seed: UInt64(1000 + index), exercises: exercises, start: CivilDate(year: 2022, month: 1, day: 3),
                days: 730, sessionsPerWeek: 3 + index % 2)
            return ReportSpec(
                kind: .workouts, title: "Athlete \(index + 1)",
                sources: [.embedded(name: "athlete-\(index + 1).txt", bytes: bytes)])
        }
    }

    static func build(_ reports: [ReportSpec], jobs: Int, into output: URL) async throws -> Run {
        let build = await BenchBuild.run(reports, jobs: jobs, into: output)
        guard build.result.exitCode == 0 else { throw BenchError("the build failed: \(build.result.summaryLine)") }
        let files = try FileManager.default.subpathsOfDirectory(atPath: output.path)
        return Run(
            jobs: jobs, charts: build.parts.sums.first { $0.0 == "draw charts" }?.1, total: build.seconds,
            chartFiles: files.filter { $0.contains("/charts/") }.count,
            manifest: try String(contentsOf: output.appendingPathComponent("manifest.json"), encoding: .utf8))
    }
}
