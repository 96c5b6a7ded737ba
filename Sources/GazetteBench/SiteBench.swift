import CMemory
import Foundation
import SiteBuild
import Workouts
import Jobs

/// Whole builds to a site, each in a fresh child process (this program run with `--child-build`)
/// so its peak memory (VmHWM) is the build's alone: one workouts report per input file.
enum SiteBench {
    struct Result {
        var peak: Double
        var total: Double
        /// Seconds per step (`prepare the output`) and per report phase (`draw charts`), summed over reports.
        var parts: [String: Double]
        var files: Int
        var manifest: String
    }

    /// The step and phase names in the order the build goes through them.
    static let partOrder = [
        "prepare the output", "load inputs", "decode and present", "draw charts", "render pages", "write data",
        "write the PDF", "write the message", "write the feed", "render the front page", "publish"
    ]

    /// Runs one build in a child process; `perf` records it when given a data file.
    /// `noCache`: the child builds with nothing reused (`--no-cache`), over what `output` holds;
    /// `email`: it writes each report's message too (`--email`).
    static func run(
        files: [URL], output: URL, jobs: Int, perfData: URL? = nil, noCache: Bool = false, email: Bool = false
    ) throws -> Result {
        let me = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        let arguments = ["--child-build", output.path, String(jobs)] + files.map(\.path)
        let process = Process()
        if let perfData {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["perf", "record", "-q", "-F", "499", "-o", perfData.path, "--", me.path] + arguments
        } else {
            process.executableURL = me
            process.arguments = arguments
        }
        // A cache home beside the output, its own: the stat file and spare of this output only. In
        // the user's cache a build also removes the spares of outputs deleted since (an earlier
        // bench's sites: seconds for 44,000 files), which is not this build's work.
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_CACHE_HOME"] = output.path + ".cache-home"
        if noCache { environment[BenchBuild.noCache] = "1" }
        if email { environment[BenchBuild.email] = "1" }
        process.environment = environment
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0,
            let line = text.split(separator: "\n").first(where: { $0.hasPrefix("RESULT ") })
        else {
            throw BenchError("the build child failed (\(process.terminationStatus)): \(text.suffix(2000))")
        }
        var fields: [String: String] = [:]
        for pair in line.dropFirst("RESULT ".count).split(separator: "\t") {
            let parts = pair.split(separator: "=", maxSplits: 1)
            if parts.count == 2 { fields[String(parts[0])] = String(parts[1]) }
        }
        var parts: [String: Double] = [:]
        for name in partOrder { parts[name] = Double(fields[name] ?? "") }
        let manifest = (try? String(contentsOf: output.appendingPathComponent("manifest.json"), encoding: .utf8)) ?? ""
        return Result(
            peak: Double(fields["peak"] ?? "") ?? .nan, total: Double(fields["total"] ?? "") ?? .nan,
            parts: parts, files: Int(fields["files"] ?? "") ?? 0, manifest: manifest)
    }

    /// The child's side: builds one workouts report per file into `output` and prints one RESULT line.
    static func childMain(_ arguments: [String]) async -> Never {
        guard arguments.count >= 3, let jobs = Int(arguments[1]) else {
            FileHandle.standardError.write(Data("usage: GazetteBench --child-build OUTPUT JOBS FILE...\n".utf8))
            exit(64)
        }
        let output = URL(fileURLWithPath: arguments[0])
        let reports = arguments.dropFirst(2).map { path in
            // Part 9's csv file carries its columns in the report's options.
            let options = FormatsBench.reportOptions(path: path)
            return ReportSpec(
                title: (URL(fileURLWithPath: path).lastPathComponent as NSString).deletingPathExtension,
                sources: [.file(URL(fileURLWithPath: path))], options: .workouts(options))
        }
        // GAZETTE_BENCH_TRACE=1 prints each part's time and the memory so far, for looking into a figure.
        let build = await BenchBuild.run(
            Array(reports), jobs: jobs, into: output,
            trace: ProcessInfo.processInfo.environment["GAZETTE_BENCH_TRACE"] != nil)
        guard build.result.exitCode == 0 else {
            print("build failed: \(build.result.summaryLine) \(build.result.fatal?.description ?? "")")
            exit(1)
        }
        // The build's peak, read before the bench lists the output (69,000 paths at 1,000 reports).
        let peak = ProcessMemory.peak ?? .nan
        let files = (try? FileManager.default.subpathsOfDirectory(atPath: output.path).count) ?? 0
        var fields = ["peak=\(peak)", "total=\(build.seconds)", "files=\(files)"]
        for (part, seconds) in build.parts.sums { fields.append("\(part)=\(seconds)") }
        print("RESULT " + fields.joined(separator: "\t"))
        exit(0)
    }

    /// The share of CPU samples per shared object in a `perf record` file, largest first.
    static func perfShares(_ data: URL) -> [(object: String, percent: Double)]? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["perf", "report", "-i", data.path, "--sort", "dso", "--stdio", "-q"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        var shares: [(String, Double)] = []
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: " ", omittingEmptySubsequences: true)
            guard parts.count >= 2, parts[0].hasSuffix("%"), let percent = Double(parts[0].dropLast()) else { continue }
            shares.append((parts[1...].joined(separator: " "), percent))
        }
        return shares
    }

    /// The samples in `object` split by what their symbols are: Swift (mangled `$s…`), the PNG
    /// writer (`gazette_png_…`), BoringSSL (`CCryptoBoringSSL_…`) and other C.
    static func perfSymbolShares(_ data: URL, object: String) -> (
        swift: Double, png: Double, boringSSL: Double, otherC: Double
    )? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["perf", "report", "-i", data.path, "--sort", "dso,sym", "--stdio", "-q", "-g", "none"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        var shares = (swift: 0.0, png: 0.0, boringSSL: 0.0, otherC: 0.0)
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: " ", omittingEmptySubsequences: true)
            guard parts.count >= 4, parts[1] == object, parts[0].hasSuffix("%"),
                let percent = Double(parts[0].dropLast())
            else { continue }
            let symbol = parts[3]
            if symbol.hasPrefix("$s") || symbol.hasPrefix("_$s") {
                shares.swift += percent
            } else if symbol.hasPrefix("gazette_png") {
                shares.png += percent
            } else if symbol.hasPrefix("CCryptoBoringSSL") {
                shares.boringSSL += percent
            } else {
                shares.otherC += percent
            }
        }
        return shares
    }

    /// Whether `perf record` works here (it needs the kernel's permission).
    static var perfAvailable: Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["perf", "stat", "-e", "task-clock", "true"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }
}

/// Sums the seconds the build reports per step and phase.
final class PartClock: @unchecked Sendable {
    private let lock = NSLock()
    private var totals: [String: Double] = [:]

    func add(_ part: String, _ seconds: Double) {
        lock.lock()
        totals[part, default: 0] += seconds
        lock.unlock()
    }

    var sums: [(String, Double)] {
        lock.lock()
        defer { lock.unlock() }
        return totals.sorted { $0.key < $1.key }
    }
}

/// This process's memory, from /proc/self/status, in MiB.
enum ProcessMemory {
    /// The largest resident set so far (the high-water mark).
    static var peak: Double? { field("VmHWM") }
    /// The resident set now.
    static var resident: Double? { field("VmRSS") }
    /// Bytes malloc has handed out and not had back (glibc's count), in MiB: what the program
    /// holds, without what the allocator keeps for reuse.
    static var heapInUse: Double {
        Double(gazette_heap_in_use()) / 1_048_576
    }

    private static func field(_ name: String) -> Double? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix(name + ":") {
            return line.split(separator: " ").compactMap { Double($0) }.first.map { $0 / 1024 }
        }
        return nil
    }
}
