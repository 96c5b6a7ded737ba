import Deterministic
import Foundation
import Workouts

/// Part 6 (issues 15 and 42): the 20-athlete batch built cold by Gazette and by the peer pipeline
/// (`../shared/bench/peer_workouts.py`: pandas + matplotlib + Jinja2) in the same session, CPU
/// time against CPU time, with Gazette's output compared across `--jobs` values and runs. Two
/// pairs, taking turns: Gazette's default build (SVG charts) against the peer's SVG-only site,
/// and Gazette with `--email` (PNGs for the messages) against the peer's full site (PNG and SVG).
enum PeerBench {
    static let sharedBench = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        .appendingPathComponent("../shared/bench").standardizedFileURL

    /// One log per athlete from `gen_workouts.py 2000 5 SEED` (the peer's own data), or Gazette's
    /// generator when the script is not beside the project.
    static func logs(in folder: URL, count: Int) throws -> [URL] {
        let script = sharedBench.appendingPathComponent("gen_workouts.py")
        guard FileManager.default.fileExists(atPath: script.path) else {
            return try IssueNineBench.athleteLogs(in: folder, count: count)
        }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return try (1...count).map { seed in
            let url = folder.appendingPathComponent("athlete-\(seed).txt")
            try generate(seed: seed, into: url)
            return url
        }
    }

    /// Writes `gen_workouts.py 2000 5 SEED` (or Gazette's own generator's log) to `url`.
    static func generate(seed: Int, into url: URL) throws {
        let script = sharedBench.appendingPathComponent("gen_workouts.py")
        guard FileManager.default.fileExists(atPath: script.path) else {
            return try Data(generatedBytes(seed: seed)).write(to: url)
        }
        FileManager.default.createFile(atPath: url.path, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path, "2000", "5", String(seed)]
        process.standardOutput = try FileHandle(forWritingTo: url)
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw BenchError("gen_workouts.py failed for seed \(seed)") }
    }

    /// Gazette's own generator's log for one athlete: `lines` lines over `exercises` exercises.
    static func generatedBytes(seed: Int, lines: Int = 2000, exercises: Int = 5) -> [UInt8] {
        let names = ParseBench.exerciseNames
        return WorkoutLogGenerator.generateBytes(
            seed: UInt64(seed), exercises: (0..<exercises).map { names[(seed * 3 + $0) % names.count] },
            start: CivilDate(year: 2015, month: 1, day: 5), days: 3000, sessionsPerWeek: 4, maxLines: lines)
    }

    struct GazetteRun {
        var cpu: Double
        var wall: Double
        var files: Int
        var tree: [String: Data]
    }

    static func gazette(_ logs: [URL], output: URL, jobs: Int, email: Bool = false) throws -> GazetteRun {
        try? FileManager.default.removeItem(at: output)
        let before = childrenCPUSeconds()
        let run = try SiteBench.run(files: logs, output: output, jobs: jobs, email: email)
        return GazetteRun(
            cpu: childrenCPUSeconds() - before, wall: run.total, files: run.files, tree: try treeContents(output))
    }

    /// The peer's CPU and wall seconds, or nil when its Python packages are missing.
    static func peer(_ logs: [URL], output: URL, svgOnly: Bool = false) throws -> (
        cpu: Double, wall: Double, files: Int
    )? {
        let script = sharedBench.appendingPathComponent("peer_workouts.py")
        guard FileManager.default.fileExists(atPath: script.path) else { return nil }
        try? FileManager.default.removeItem(at: output)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments =
            ["python3", script.path, output.path] + (svgOnly ? ["--svg-only"] : []) + ["--each"] + logs.map(\.path)
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        let before = childrenCPUSeconds()
        let start = ContinuousClock.now
        try process.run()
        process.waitUntilExit()
        let wall = (ContinuousClock.now - start).seconds
        guard process.terminationStatus == 0 else { return nil }
        let files = (try? FileManager.default.subpathsOfDirectory(atPath: output.path).count) ?? 0
        return (childrenCPUSeconds() - before, wall, files)
    }

    static func run(options: Options) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gazette-bench-\(getpid())-peer")
        defer { try? FileManager.default.removeItem(at: folder) }
        let logs = try logs(in: folder.appendingPathComponent("logs"), count: options.athletes)
        print("   \(logs.count) athletes, one workouts report each")

        // Gazette and the peer take turns (G P G' P' …), so a machine that slows down or speeds up
        // during the session weighs on both alike; each figure is the median of its runs.
        var runs: [GazetteRun] = [], mailRuns: [GazetteRun] = []
        var svgPeerRuns: [(cpu: Double, wall: Double, files: Int)] = [], peerRuns = svgPeerRuns
        var peerMissing = false
        for round in 0..<max(5, options.peerRounds) {
            runs.append(
                try gazette(logs, output: folder.appendingPathComponent("gazette-\(round)"), jobs: options.jobs))
            if !peerMissing, let peer = try peer(logs, output: folder.appendingPathComponent("peer"), svgOnly: true) {
                svgPeerRuns.append(peer)
            } else {
                peerMissing = true
            }
            mailRuns.append(
                try gazette(
                    logs, output: folder.appendingPathComponent("gazette-mail-\(round)"), jobs: options.jobs,
                    email: true)
            )
            if !peerMissing, let peer = try peer(logs, output: folder.appendingPathComponent("peer")) {
                peerRuns.append(peer)
            }
        }
        let single = try gazette(logs, output: folder.appendingPathComponent("gazette-single"), jobs: 1)
        let cpu = median(runs.map(\.cpu)), mailCPU = median(mailRuns.map(\.cpu))
        func list(_ values: [Double]) -> String { values.map { String(format: "%.2f", $0) }.joined(separator: ", ") }
        print(
            String(
                format:
                    "   Gazette, cold, --jobs %d: median %.2f CPU-s of %d runs (%@), median %.2f s wall, %d files, %.1f MB",
                options.jobs, cpu, runs.count, list(runs.map(\.cpu)), median(runs.map(\.wall)), runs[0].files,
                Double(runs[0].tree.values.reduce(0) { $0 + $1.count }) / 1e6))
        print(
            String(
                format: "   Gazette, cold, --jobs %d --email: median %.2f CPU-s of %d runs (%@), median %.2f s wall",
                options.jobs, mailCPU, mailRuns.count, list(mailRuns.map(\.cpu)), median(mailRuns.map(\.wall))))
        print(String(format: "   Gazette, cold, --jobs 1: %.2f CPU-s, %.2f s wall", single.cpu, single.wall))
        let acrossRuns = runs.dropFirst().flatMap { treeDifferences(runs[0].tree, $0.tree) }
        let acrossJobs = treeDifferences(runs[0].tree, single.tree)
        print(
            "   byte-identical across runs: \(acrossRuns.isEmpty ? "yes" : "NO: \(acrossRuns.prefix(5))"); "
                + "across --jobs \(options.jobs) and 1: \(acrossJobs.isEmpty ? "yes" : "NO: \(acrossJobs.prefix(5))")")

        if !peerMissing, !peerRuns.isEmpty, !svgPeerRuns.isEmpty {
            let svgPeerCPU = median(svgPeerRuns.map(\.cpu)), peerCPU = median(peerRuns.map(\.cpu))
            print(
                String(
                    format:
                        "   peer --svg-only (pandas + matplotlib + Jinja2), interleaved: median %.2f CPU-s of %d runs (%@), median %.2f s wall, %d files",
                    svgPeerCPU, svgPeerRuns.count, list(svgPeerRuns.map(\.cpu)), median(svgPeerRuns.map(\.wall)),
                    svgPeerRuns[0].files))
            print(
                String(
                    format:
                        "   peer, full (PNG and SVG), interleaved: median %.2f CPU-s of %d runs (%@), median %.2f s wall, %d files",
                    peerCPU, peerRuns.count, list(peerRuns.map(\.cpu)), median(peerRuns.map(\.wall)), peerRuns[0].files)
            )
            print(
                String(
                    format:
                        "   Gazette uses %.1f× less CPU than the SVG-only peer; with --email, %.1f× less than the full peer",
                    svgPeerCPU / cpu, peerCPU / mailCPU))
        } else {
            print("   peer: not run (needs ../shared/bench and `pip install pandas matplotlib jinja2`)")
        }

        guard SiteBench.perfAvailable else { return print("   (perf is not available here: no CPU shares)") }
        let data = folder.appendingPathComponent("gazette.perf")
        _ = try SiteBench.run(
            files: logs, output: folder.appendingPathComponent("gazette-perf"), jobs: options.jobs, perfData: data)
        guard let shares = SiteBench.perfShares(data) else { return print("   (perf report failed)") }
        for line in CPUShares(shares).lines { print("   " + line) }
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return .nan }
        return sorted.count % 2 == 1
            ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }
}
