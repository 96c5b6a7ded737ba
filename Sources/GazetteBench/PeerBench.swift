import Foundation
import Workouts

/// Part 6 (issue 15): the 20-athlete batch built cold by Gazette and by the peer pipeline
/// (`../shared/bench/peer_workouts.py`: pandas + matplotlib + Jinja2) in the same session, CPU
/// time against CPU time, with Gazette's output compared across `--jobs` values and runs.
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
            let names = ParseBench.exerciseNames
            let bytes = WorkoutLogGenerator.generateBytes(
                seed: UInt64(seed), exercises: (0..<5).map { names[(seed * 3 + $0) % names.count] },
                start: CalendarDate(year: 2015, month: 1, day: 5), days: 3000, sessionsPerWeek: 4, maxLines: 2000)
            return try Data(bytes).write(to: url)
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

    struct GazetteRun {
        var cpu: Double
        var wall: Double
        var files: Int
        var tree: [String: Data]
    }

    static func gazette(_ logs: [URL], output: URL, jobs: Int) throws -> GazetteRun {
        try? FileManager.default.removeItem(at: output)
        let before = childrenCPUSeconds()
        let run = try SiteBench.run(files: logs, output: output, jobs: jobs)
        return GazetteRun(cpu: childrenCPUSeconds() - before, wall: run.total, files: run.files, tree: try treeContents(output))
    }

    /// The peer's CPU and wall seconds, or nil when its Python packages are missing.
    static func peer(_ logs: [URL], output: URL) throws -> (cpu: Double, wall: Double, files: Int)? {
        let script = sharedBench.appendingPathComponent("peer_workouts.py")
        guard FileManager.default.fileExists(atPath: script.path) else { return nil }
        try? FileManager.default.removeItem(at: output)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path, output.path, "--each"] + logs.map(\.path)
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

        let cold = try gazette(logs, output: folder.appendingPathComponent("gazette-a"), jobs: options.jobs)
        let again = try gazette(logs, output: folder.appendingPathComponent("gazette-b"), jobs: options.jobs)
        let single = try gazette(logs, output: folder.appendingPathComponent("gazette-c"), jobs: 1)
        let cpu = min(cold.cpu, again.cpu)
        print(String(format: "   Gazette, cold, --jobs %d: %.2f CPU-s (best of 2: %.2f, %.2f), %.2f s wall, %d files",
                     options.jobs, cpu, cold.cpu, again.cpu, min(cold.wall, again.wall), cold.files))
        print(String(format: "   Gazette, cold, --jobs 1: %.2f CPU-s, %.2f s wall", single.cpu, single.wall))
        let acrossRuns = treeDifferences(cold.tree, again.tree)
        let acrossJobs = treeDifferences(cold.tree, single.tree)
        print("   byte-identical across runs: \(acrossRuns.isEmpty ? "yes" : "NO: \(acrossRuns.prefix(5))"); "
              + "across --jobs \(options.jobs) and 1: \(acrossJobs.isEmpty ? "yes" : "NO: \(acrossJobs.prefix(5))")")

        if let peer = try peer(logs, output: folder.appendingPathComponent("peer")) {
            print(String(format: "   peer (pandas + matplotlib + Jinja2): %.2f CPU-s, %.2f s wall, %d files", peer.cpu, peer.wall, peer.files))
            print(String(format: "   Gazette uses %.1f× less CPU than the peer", peer.cpu / cpu))
        } else {
            print("   peer: not run (needs ../shared/bench and `pip install pandas matplotlib jinja2`)")
        }

        guard SiteBench.perfAvailable else { return print("   (perf is not available here: no CPU shares)") }
        let data = folder.appendingPathComponent("gazette.perf")
        _ = try SiteBench.run(files: logs, output: folder.appendingPathComponent("gazette-perf"), jobs: options.jobs, perfData: data)
        guard let shares = SiteBench.perfShares(data) else { return print("   (perf report failed)") }
        func share(_ prefixes: [String]) -> Double {
            shares.filter { share in prefixes.contains { share.object.hasPrefix($0) } }.map(\.percent).reduce(0, +)
        }
        let drawing = share(["libcairo", "libpixman", "libfreetype"])
        let deflate = share(["libdeflate"])
        print(String(format: "   CPU samples: Cairo's drawing (cairo, pixman, freetype) %.1f%%, deflate %.1f%%, everything else %.1f%%",
                     drawing, deflate, 100 - drawing - deflate))
        print("   largest: " + shares.prefix(8).map { String(format: "%@ %.1f%%", $0.object, $0.percent) }.joined(separator: ", "))
    }
}
