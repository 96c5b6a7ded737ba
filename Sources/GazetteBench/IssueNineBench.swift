import Deterministic
import Foundation
import Workouts

/// Part 3: the figures of the streaming redesign — a big log built whole, many athletes in one
/// job, a big table page, and where the CPU goes.
enum IssueNineBench {
    /// The most memory the 1M-line log's build may take (issue 65: long logs stay bounded).
    static let peakBound = 150.0

    static func run(options: Options) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gazette-bench-\(getpid())-nine")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let perf = SiteBench.perfAvailable

        print("\n3. A 1M-line, 50-exercise log built whole to a site (one report)")
        let big = try bigLog(in: folder, lines: options.lines)
        print("   \(big.source)")
        var bigRuns: [SiteBench.Result] = []
        for run in 1...options.bigRuns {
            // perf records the first run only: it slows the child a little.
            let recorded = perf && run == 1
            let bigRun = try SiteBench.run(
                files: [big.url], output: folder.appendingPathComponent("big-site-\(run)"), jobs: options.jobs,
                perfData: recorded ? folder.appendingPathComponent("big.perf") : nil)
            if options.bigRuns > 1 { print("   run \(run)\(recorded ? " (under perf)" : ""):") }
            printBuild(bigRun)
            print(
                "   issue 65's bound, a peak under \(Int(peakBound)) MiB: "
                    + (bigRun.peak < peakBound ? "met" : "MISSED") + " (\(Figures.mib(bigRun.peak)))")
            let outsideCharts = SiteBench.partOrder.filter { $0 != "draw charts" }.compactMap { bigRun.parts[$0] }
                .reduce(0, +)
            print("   every step but drawing charts: \(Figures.time(outsideCharts)) in all")
            if recorded { printShares(folder.appendingPathComponent("big.perf")) }
            try? FileManager.default.removeItem(at: folder.appendingPathComponent("big-site-\(run)"))
            bigRuns.append(bigRun)
        }
        if bigRuns.count > 1 {
            let totals = bigRuns.map(\.total).sorted(), peaks = bigRuns.map(\.peak).sorted()
            print(
                "   \(bigRuns.count) runs: whole build median \(Figures.time(totals[totals.count / 2])) "
                    + "(\(Figures.time(totals[0]))–\(Figures.time(totals[totals.count - 1]))), peak median "
                    + "\(Figures.mib(peaks[peaks.count / 2])) (\(Figures.mib(peaks[0]))–\(Figures.mib(peaks[peaks.count - 1])))"
            )
        }
        guard !options.skipAthletes else { return }

        print("\n4. Many athletes in one job (2,000 lines, 5 exercises each)")
        let small = options.bigAthletes >= 100 ? 100 : max(1, options.bigAthletes / 10)
        let athletes = try athleteLogs(in: folder, count: options.bigAthletes)
        var peaks: [Int: Double] = [:]
        for count in [small, options.bigAthletes] {
            let usePerf = perf && count == options.bigAthletes
            let run = try SiteBench.run(
                files: Array(athletes.prefix(count)), output: folder.appendingPathComponent("athletes-\(count)"),
                jobs: options.jobs, perfData: usePerf ? folder.appendingPathComponent("athletes.perf") : nil)
            peaks[count] = run.peak
            print(
                "   \(count) reports: peak \(Figures.mib(run.peak)), whole build \(Figures.time(run.total)), \(run.files) files"
            )
            if usePerf { printShares(folder.appendingPathComponent("athletes.perf")) }
            try? FileManager.default.removeItem(at: folder.appendingPathComponent("athletes-\(count)"))
        }
        if let few = peaks[small], let many = peaks[options.bigAthletes] {
            print(
                String(
                    format: "   peak at %d reports is %.1f%% of the peak at %d", options.bigAthletes, many / few * 100,
                    small))
        }

        print("\n4b. A page with a \(options.tableRows)-row table")
        let table = try TableBench.run(rows: options.tableRows, runs: 3)
        print(
            "   swift-mustache by reflection: \(Figures.time(table.reflection)); swift-mustache lowered (overrides): "
                + "\(Figures.time(table.lowered)); compiled (built-in): \(Figures.time(table.compiled)), "
                + "\(String(format: "%.1f", table.lowered / table.compiled))× faster than lowered; "
                + "lowered and compiled give the same HTML: \(table.identical ? "yes" : "NO")")
        if !perf { print("\n(perf is not available here: no CPU shares)") }
    }

    private static func printBuild(_ run: SiteBench.Result) {
        print("   peak \(Figures.mib(run.peak)), whole build \(Figures.time(run.total)), \(run.files) files")
        for part in SiteBench.partOrder {
            print("     \(part.padding(toLength: 24, withPad: " ", startingAt: 0)) \(Figures.time(run.parts[part]))")
        }
    }

    /// What share of a recorded build's CPU samples is Gazette's own work, counted whole: the
    /// binary (its Swift, its C and the SHA-256 it runs through swift-crypto), the Swift runtime and
    /// Concurrency, Foundation, dispatch and the C library (malloc, memcpy), and the kernel's work on
    /// its behalf. What is left is the drawing and compression libraries it calls.
    private static func printShares(_ data: URL) {
        guard let shares = SiteBench.perfShares(data) else { return print("   (perf report failed)") }
        for line in CPUShares(shares).lines { print("   " + line) }
        if let symbols = SiteBench.perfSymbolShares(data, object: "GazetteBench") {
            print(
                String(
                    format:
                        "   of the binary: Swift %.1f%%, Gazette's C PNG writer %.1f%%, swift-crypto's BoringSSL (SHA-256) %.1f%%, other C %.1f%%",
                    symbols.swift, symbols.png, symbols.boringSSL, symbols.otherC))
        }
    }

    /// The bench's big log: from `../shared/bench/gen_workouts.py 1000000 50 1` when that script is
    /// beside the project (the peer benchmark's data), otherwise Gazette's own generator.
    private static func bigLog(in folder: URL, lines: Int) throws -> (url: URL, source: String) {
        let url = folder.appendingPathComponent("big-log.txt")
        let script = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
            .appendingPathComponent("../shared/bench/gen_workouts.py").standardizedFileURL
        if FileManager.default.fileExists(atPath: script.path) {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["python3", script.path, String(lines), "50", "1"]
            _ = FileManager.default.createFile(atPath: url.path, contents: nil)
            process.standardOutput = try FileHandle(forWritingTo: url)
            try process.run()
            process.waitUntilExit()
            if process.terminationStatus == 0 { return (url, "generated by gen_workouts.py \(lines) 50 1") }
        }
        let generated = try ParseBench.generate(lines: lines)
        try? FileManager.default.removeItem(at: url)
        try FileManager.default.moveItem(at: generated.url, to: url)
        return (url, "generated by Gazette's own generator (gen_workouts.py not found)")
    }

    /// One log file per athlete: 2,000 lines over 5 exercises.
    static func athleteLogs(in folder: URL, count: Int) throws -> [URL] {
        let names = ParseBench.exerciseNames
        return try (0..<count).map { index in
            let url = folder.appendingPathComponent("athlete-\(index + 1).txt")
            let exercises = (0..<5).map { names[(index * 3 + $0) % names.count] }
            let bytes = WorkoutLogGenerator.generateBytes(
                seed: UInt64(5000 + index), exercises: exercises, start: CivilDate(year: 2015, month: 1, day: 5),
                days: 3000, sessionsPerWeek: 4, exercisesPerSession: 3, maxLines: 2000)
            try Data(bytes).write(to: url)
            return url
        }
    }
}
