import Foundation
import Workouts

/// Part 1: parse and aggregate a generated million-line log, each way of reading it measured in
/// a fresh child process, so one measurement's memory never counts in another's peak.
enum ParseBench {
    /// Fifty exercise names, the big lifts first.
    static let exerciseNames: [String] = [
        "Back Squat", "Bench Press", "Deadlift", "Overhead Press", "Barbell Row", "Front Squat", "Incline Bench Press",
        "Romanian Deadlift", "Push Press", "Pendlay Row", "Close Grip Bench Press", "Sumo Deadlift", "Box Squat",
        "Pause Squat", "Floor Press", "Deficit Deadlift", "Seated Overhead Press", "Chin Up", "Pull Up", "Weighted Dip",
        "Barbell Curl", "Hammer Curl", "Preacher Curl", "Skull Crusher", "Triceps Extension", "Lateral Raise",
        "Front Raise", "Rear Delt Raise", "Walking Lunge", "Bulgarian Split Squat", "Leg Press", "Hack Squat",
        "Good Morning", "Hip Thrust", "Glute Bridge", "Leg Curl", "Leg Extension", "Calf Raise", "Seated Calf Raise",
        "Dumbbell Bench Press", "Dumbbell Row", "Dumbbell Shoulder Press", "Arnold Press", "Cable Row",
        "Lat Pulldown", "Face Pull", "Shrug", "Farmer Carry", "Zercher Squat", "Snatch Grip Deadlift",
    ]

    /// Writes the log to a temporary file: twelve exercises a day, every day, newest first, cut
    /// at `lines` lines. Returns the file, its line count and the time generating took.
    static func generate(lines: Int) throws -> (url: URL, lines: Int, seconds: Double) {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("gazette-bench-\(getpid())-log.txt")
        var count = 0
        let seconds = try measure {
            let bytes = WorkoutLogGenerator.generateBytes(
                seed: 2024, exercises: exerciseNames, start: CalendarDate(year: 1970, month: 1, day: 5),
                days: 60 * 366, sessionsPerWeek: 7, exercisesPerSession: 12, maxLines: lines)
            count = bytes.reduce(0) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
            try Data(bytes).write(to: url)
        }
        return (url, count, seconds)
    }

    struct Result {
        var best: Double
        var peak: Double
        var baseline: Double
        var ingestPeak: Double
        /// Figures of the summary, to check that every way of reading agrees.
        var digest: String
    }

    /// Runs `--parse file --mode mode` in a child process of this same program.
    static func runChild(file: URL, mode: ParseMode, runs: Int) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        process.arguments = ["--parse", file.path, "--mode", mode.rawValue, "--runs", String(runs)]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0,
              let line = output.split(separator: "\n").first(where: { $0.hasPrefix("RESULT ") }) else {
            throw BenchError("the \(mode.rawValue) child failed: \(output)")
        }
        var fields: [String: String] = [:]
        for pair in line.dropFirst("RESULT ".count).split(separator: " ") {
            let parts = pair.split(separator: "=", maxSplits: 1)
            if parts.count == 2 { fields[String(parts[0])] = String(parts[1]) }
        }
        return Result(best: Double(fields["best"] ?? "") ?? .nan, peak: Double(fields["peak"] ?? "") ?? .nan,
                      baseline: Double(fields["baseline"] ?? "") ?? .nan, ingestPeak: Double(fields["ingestPeak"] ?? "") ?? .nan,
                      digest: fields["digest"] ?? "?")
    }

    /// The child's side: reads the file `runs` times in `mode` and prints one `RESULT` line.
    static func childMain(file: String, mode: ParseMode, runs: Int) throws {
        let baseline = ProcessMemory.resident ?? .nan
        var best = Double.infinity
        var summary: WorkoutSummary?
        /// The peak before the first `summary()`: the log's bytes and the per-day tables.
        var ingestPeak = Double.nan
        switch mode {
        case .whole, .mapped:
            // Reading is outside the timing: the figure is the parse and aggregation alone.
            let log = try Data(contentsOf: URL(fileURLWithPath: file), options: mode == .mapped ? .alwaysMapped : [])
            for run in 0..<runs {
                best = min(best, try measure {
                    var aggregator = OneRepMaxAggregator()
                    try aggregator.ingest(log, file: "bench.txt")
                    if run == 0 { ingestPeak = ProcessMemory.peak ?? .nan }
                    summary = aggregator.summary()
                })
            }
        case .chunked:
            for _ in 0..<runs {
                best = min(best, try measure { summary = try chunked(file) })
            }
        }
        let digest = summary.map { "\($0.exercises.count)/\($0.setCount)/\($0.dailyRecordCount)/\($0.exercises.compactMap(\.best?.oneRepMax).reduce(0, +))" } ?? "none"
        print("RESULT best=\(best) peak=\(ProcessMemory.peak ?? .nan) baseline=\(baseline) ingestPeak=\(ingestPeak) digest=\(digest)")
    }

    /// Reads the file 1 MiB at a time through the aggregator's streaming `ingest(chunks:)`.
    private static func chunked(_ file: String) throws -> WorkoutSummary {
        guard let handle = FileHandle(forReadingAtPath: file) else { throw BenchError("cannot open \(file)") }
        defer { try? handle.close() }
        let pieces = AnySequence { AnyIterator { () -> [UInt8]? in
            guard let chunk = try? handle.read(upToCount: 1 << 20), !chunk.isEmpty else { return nil }
            return [UInt8](chunk)
        } }
        var aggregator = OneRepMaxAggregator()
        try aggregator.ingest(chunks: pieces, file: "bench.txt")
        return aggregator.summary()
    }
}

struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
