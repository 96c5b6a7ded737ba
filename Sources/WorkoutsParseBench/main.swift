// The parse half of the workouts benchmark, as its own program: it links the Workouts module
// alone, so the peak memory it reports is the parser's and not the whole of Gazette's.
// GazetteBench runs it as `WorkoutsParseBench FILE MODE RUNS` and reads its one RESULT line.
import Foundation
import Workouts

let arguments = CommandLine.arguments
let modes = ["whole", "mapped", "chunked"]
guard arguments.count == 4, modes.contains(arguments[2]), let runs = Int(arguments[3]), runs > 0 else {
    FileHandle.standardError.write(Data("usage: WorkoutsParseBench FILE whole|mapped|chunked RUNS\n".utf8))
    exit(64)
}
try childMain(file: arguments[1], mode: arguments[2], runs: runs)

/// The child's side: reads the file `runs` times in `mode` and prints one `RESULT` line.
func childMain(file: String, mode: String, runs: Int) throws {
    let baseline = ProcessMemory.resident ?? .nan
    var best = Double.infinity
    var summary: WorkoutSummary?
    /// The peak before the first `summary()`: the log's bytes and the per-day tables.
    var ingestPeak = Double.nan
    switch mode {
    case "whole", "mapped":
        // Reading is outside the timing: the figure is the parse and aggregation alone.
        let log = try Data(contentsOf: URL(fileURLWithPath: file), options: mode == "mapped" ? .alwaysMapped : [])
        for run in 0..<runs {
            best = min(
                best,
                try measure {
                    var aggregator = OneRepMaxAggregator()
                    try aggregator.ingest(log, file: "bench.txt")
                    if run == 0 { ingestPeak = ProcessMemory.peak ?? .nan }
                    summary = aggregator.summary()
                })
        }
    default:
        for _ in 0..<runs {
            best = min(best, try measure { summary = try readInPieces(file) })
        }
    }
    let digest =
        summary.map {
            "\($0.exercises.count)/\($0.setCount)/\($0.dailyRecordCount)/\($0.exercises.compactMap(\.best?.oneRepMax).reduce(0, +))"
        } ?? "none"
    print(
        "RESULT best=\(best) peak=\(ProcessMemory.peak ?? .nan) baseline=\(baseline) ingestPeak=\(ingestPeak) digest=\(digest)"
    )
}

/// Reads the file 1 MiB at a time through the aggregator's streaming `ingest(chunks:)`.
func readInPieces(_ file: String) throws -> WorkoutSummary {
    guard let handle = FileHandle(forReadingAtPath: file) else { throw BenchError("cannot open \(file)") }
    defer { try? handle.close() }
    let pieces = AnySequence {
        AnyIterator { () -> [UInt8]? in
            guard let chunk = try? handle.read(upToCount: 1 << 20), !chunk.isEmpty else { return nil }
            return [UInt8](chunk)
        }
    }
    var aggregator = OneRepMaxAggregator()
    try aggregator.ingest(chunks: pieces, file: "bench.txt")
    return aggregator.summary()
}

/// Linux's memory figures of this process, in MiB, from `/proc/self/status`.
enum ProcessMemory {
    /// The resident set now.
    static var resident: Double? { field("VmRSS") }
    /// The largest resident set so far (the high-water mark).
    static var peak: Double? { field("VmHWM") }

    private static func field(_ name: String) -> Double? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix(name + ":") {
            return line.split(separator: " ").compactMap { Double($0) }.first.map { $0 / 1024 }
        }
        return nil
    }
}

/// Seconds taken by `body`.
func measure(_ body: () throws -> Void) rethrows -> Double {
    let start = ContinuousClock.now
    try body()
    let elapsed = ContinuousClock.now - start
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
}

struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
