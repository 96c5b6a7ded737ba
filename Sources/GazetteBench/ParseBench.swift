import Deterministic
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
        "Lat Pulldown", "Face Pull", "Shrug", "Farmer Carry", "Zercher Squat", "Snatch Grip Deadlift"
    ]

    /// Writes the log to a temporary file: twelve exercises a day, every day, newest first, cut
    /// at `lines` lines. Returns the file, its line count and the time generating took.
    static func generate(lines: Int) throws -> (url: URL, lines: Int, seconds: Double) {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("gazette-bench-\(getpid())-log.txt")
        var count = 0
        let seconds = try measure {
            let bytes = WorkoutLogGenerator.generateBytes(
                seed: 2024, exercises: exerciseNames, start: CivilDate(year: 1970, month: 1, day: 5),
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

    /// Runs `WorkoutsParseBench FILE MODE RUNS`, built beside this program: a process that links
    /// the Workouts module alone, so its memory figures are the parser's, not the whole program's.
    static func runChild(file: URL, mode: ParseMode, runs: Int) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
            .deletingLastPathComponent().appendingPathComponent("WorkoutsParseBench")
        process.arguments = [file.path, mode.rawValue, String(runs)]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0,
            let line = output.split(separator: "\n").first(where: { $0.hasPrefix("RESULT ") })
        else {
            throw BenchError("the \(mode.rawValue) child failed: \(output)")
        }
        var fields: [String: String] = [:]
        for pair in line.dropFirst("RESULT ".count).split(separator: " ") {
            let parts = pair.split(separator: "=", maxSplits: 1)
            if parts.count == 2 { fields[String(parts[0])] = String(parts[1]) }
        }
        return Result(
            best: Double(fields["best"] ?? "") ?? .nan, peak: Double(fields["peak"] ?? "") ?? .nan,
            baseline: Double(fields["baseline"] ?? "") ?? .nan, ingestPeak: Double(fields["ingestPeak"] ?? "") ?? .nan,
            digest: fields["digest"] ?? "?")
    }
}

struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
