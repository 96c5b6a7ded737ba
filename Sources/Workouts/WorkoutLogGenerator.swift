import Deterministic
/// Makes realistic workout logs for demos and benchmarks: the same arguments always give the
/// same bytes.
///
/// The athlete trains on fixed weekdays, rotating through the exercises. Each exercise has its
/// own starting strength and gains that taper off over the months; every few weeks comes a
/// lighter deload week, and now and then a missed session or a week off. A session of one
/// exercise is an empty-bar and ramping warm-up, then working sets of one rep scheme (5×5,
/// 3×8, …) at a weight rounded to 5 lb steps (2.5 lb for light lifts), the last set sometimes
/// short of its reps. Lines are written one set per line, in the Fitbod format, newest day
/// first by default, each day's sets in the order done.
///
/// Only exact arithmetic (+ − × ÷ and rounding) is used, so the output does not depend on a
/// platform's math library.
public enum WorkoutLogGenerator {
    /// The log as text. See `generateBytes` for the parameters.
    public static func generate(
        seed: UInt64, exercises: [String], start: CivilDate, days: Int,
        sessionsPerWeek: Int = 3, exercisesPerSession: Int = 3,
        newestFirst: Bool = true, maxLines: Int? = nil
    ) -> String {
        String(
            decoding: generateBytes(
                seed: seed, exercises: exercises, start: start, days: days,
                sessionsPerWeek: sessionsPerWeek, exercisesPerSession: exercisesPerSession,
                newestFirst: newestFirst, maxLines: maxLines),
            as: UTF8.self)
    }

    /// The log as UTF-8 bytes, LF line endings.
    ///
    /// - Parameters:
    ///   - exercises: names, each non-empty, without commas, line breaks or surrounding spaces.
    ///   - start: the first day that may hold a session; `days` counts the days from there.
    ///   - sessionsPerWeek: 1…7 training days a week.
    ///   - exercisesPerSession: how many exercises each session trains, in rotation.
    ///   - maxLines: stop after this many lines (whole lines only), for benchmarks.
    public static func generateBytes(
        seed: UInt64, exercises: [String], start: CivilDate, days: Int,
        sessionsPerWeek: Int = 3, exercisesPerSession: Int = 3,
        newestFirst: Bool = true, maxLines: Int? = nil
    ) -> [UInt8] {
        precondition((1...7).contains(sessionsPerWeek), "sessionsPerWeek must be 1…7")
        precondition(exercisesPerSession >= 1, "exercisesPerSession must be at least 1")
        for name in exercises {
            precondition(
                !name.isEmpty && !name.contains(where: { $0 == "," || $0.isNewline })
                    && name.trimmingSpaces == name, "unusable exercise name: \(name)")
        }
        guard !exercises.isEmpty, days > 0 else { return [] }

        var rng = SplitMix64(seed: seed)
        let deadliftMax = Double(rng.nextInt(in: 37...81) * 5)  // 185…405 lb: the athlete's strength.
        let lifts = exercises.map { Lift(name: $0, deadliftMax: deadliftMax, rng: &rng) }
        let sessions = schedule(days: days, sessionsPerWeek: sessionsPerWeek, rng: &rng)
        let perSession = min(exercisesPerSession, lifts.count)

        var writer = LogWriter(limit: maxLines ?? .max)
        writer.reserve(lines: sessions.count * perSession * 9)
        let order = newestFirst ? Array(sessions.indices.reversed()) : Array(sessions.indices)
        for index in order {
            let dayOffset = sessions[index]
            let date = start.adding(days: dayOffset).logText
            // Each session draws from its own generator, so the output order does not change
            // the numbers.
            var sessionRNG = SplitMix64(seed: seed ^ (UInt64(index) &+ 1) &* 0xD6E8_FEB8_6659_FD93)
            for slot in 0..<perSession {
                let lift = lifts[(index * perSession + slot) % lifts.count]
                for set in lift.session(dayOffset: dayOffset, rng: &sessionRNG) {
                    guard writer.write(date: date, name: lift.nameBytes, set: set) else { return writer.bytes }
                }
            }
        }
        return writer.bytes
    }

    /// Day offsets of the sessions, ascending: fixed weekdays, with missed sessions and weeks off.
    private static func schedule(days: Int, sessionsPerWeek: Int, rng: inout SplitMix64) -> [Int] {
        let weekdays = (0..<sessionsPerWeek).map { $0 * 7 / sessionsPerWeek }
        var offsets: [Int] = []
        offsets.reserveCapacity(days * sessionsPerWeek / 7 + 1)
        var weekStart = 0
        while weekStart < days {
            let weekOff = weekStart >= 28 && rng.chance(0.03)
            for weekday in weekdays where weekStart + weekday < days {
                if !weekOff && !rng.chance(0.06) { offsets.append(weekStart + weekday) }
            }
            weekStart += 7
        }
        return offsets
    }
}

/// One exercise's strength curve and habits.
private struct Lift {
    let nameBytes: [UInt8]
    /// Estimated 1RM at the start, in lb.
    let startingMax: Double
    /// The eventual gain as a fraction of the start (0.3 → +30 %).
    let eventualGain: Double
    /// Weeks to reach half the eventual gain.
    let halfGainWeeks: Double
    /// A deload week every `deloadEvery` weeks.
    let deloadEvery: Int
    /// Weight step, in half pounds: 10 (5 lb) or 5 (2.5 lb).
    let stepHalves: Int

    init(name: String, deadliftMax: Double, rng: inout SplitMix64) {
        nameBytes = Array(name.utf8)
        let ratio = Lift.strengthRatio(name) ?? rng.nextDouble(in: 0.3..<0.7)
        startingMax = max(20, deadliftMax * ratio * rng.nextDouble(in: 0.9..<1.1))
        eventualGain = rng.nextDouble(in: 0.3..<0.7)
        halfGainWeeks = rng.nextDouble(in: 12..<40)
        deloadEvery = rng.nextInt(in: 5...9)
        stepHalves = startingMax >= 135 ? 10 : 5
    }

    /// How strong a lift usually is next to the deadlift, for the lifts a name makes clear,
    /// so a squat outweighs a bench press and a curl stays light.
    private static let ratios: [(keyword: String, ratio: Double)] = [
        ("deadlift", 1.0), ("front squat", 0.7), ("squat", 0.85), ("bench", 0.7), ("overhead", 0.45),
        ("military", 0.45), ("push press", 0.55), ("row", 0.55), ("press", 0.5), ("pull", 0.45),
        ("chin", 0.4), ("dip", 0.45), ("lunge", 0.4), ("curl", 0.25), ("raise", 0.15), ("extension", 0.25)
    ]

    private static func strengthRatio(_ name: String) -> Double? {
        let lowered = name.lowercased()
        return ratios.first { lowered.contains($0.keyword) }?.ratio
    }

    /// Rep schemes as (working sets, reps).
    private static let schemes = [(5, 5), (3, 5), (3, 8), (4, 6), (5, 3), (3, 10), (4, 4), (2, 12)]
    private static let emptyBarHalves = 90

    /// The sets of one session, warm-ups first; weights in half pounds.
    func session(dayOffset: Int, rng: inout SplitMix64) -> [(reps: Int, weightHalves: Int)] {
        // Gains taper off: gain × w / (w + halfGainWeeks), a curve of exact arithmetic only.
        let weeks = Double(dayOffset) / 7
        var trainingMax = startingMax * (1 + eventualGain * weeks / (weeks + halfGainWeeks))
        if (dayOffset / 7) % deloadEvery == deloadEvery - 1 { trainingMax *= 0.85 }
        // Day-to-day form: roughly normal, ±2 % typical.
        let form = (rng.nextUnit() + rng.nextUnit() + rng.nextUnit() - 1.5) * 0.04
        trainingMax *= 1 + form

        let (workSets, reps) = Lift.schemes[rng.nextInt(in: 0...(Lift.schemes.count - 1))]
        let intensity = rng.nextDouble(in: 0.9..<0.97)
        // The weight that `reps` reps would be at `trainingMax` by Brzycki, a little under.
        let working = max(stepHalves, roundDown(trainingMax * 2 * (37 - Double(reps)) / 36 * intensity))

        var sets: [(reps: Int, weightHalves: Int)] = []
        var previous = 0
        if working > 2 * Lift.emptyBarHalves {
            sets.append((10, Lift.emptyBarHalves))
            previous = Lift.emptyBarHalves
        }
        for (fraction, warmUpReps) in [(0.5, 5), (0.7, 3), (0.85, 2)] {
            let weight = roundDown(Double(working) * fraction)
            if weight > previous && weight < working && (fraction < 0.8 || working >= 400) {
                sets.append((warmUpReps, weight))
                previous = weight
            }
        }
        for set in 0..<workSets {
            let short = set == workSets - 1 && rng.chance(0.12) ? rng.nextInt(in: 1...2) : 0
            sets.append((max(1, reps - short), working))
        }
        return sets
    }

    private func roundDown(_ halves: Double) -> Int {
        Int(halves) / stepHalves * stepHalves
    }
}

/// Appends log lines to a byte buffer without Strings or formatters.
private struct LogWriter {
    private(set) var bytes: [UInt8] = []
    private var remaining: Int

    init(limit: Int) {
        remaining = limit
    }

    mutating func reserve(lines: Int) {
        bytes.reserveCapacity(lines * 36)
    }

    /// Writes `MMM dd yyyy,Name,1,reps,weight`; false once the line limit is reached.
    mutating func write(date: String, name: [UInt8], set: (reps: Int, weightHalves: Int)) -> Bool {
        guard remaining > 0 else { return false }
        remaining -= 1
        bytes.append(contentsOf: date.utf8)
        bytes.append(UInt8(ascii: ","))
        bytes.append(contentsOf: name)
        bytes.append(contentsOf: ",1,".utf8)
        appendDecimal(set.reps)
        bytes.append(UInt8(ascii: ","))
        appendDecimal(set.weightHalves / 2)
        if set.weightHalves % 2 == 1 { bytes.append(contentsOf: ".5".utf8) }
        bytes.append(UInt8(ascii: "\n"))
        return true
    }

    private mutating func appendDecimal(_ value: Int) {
        if value >= 10 { appendDecimal(value / 10) }
        bytes.append(UInt8(ascii: "0") + UInt8(value % 10))
    }
}

private extension String {
    var trimmingSpaces: Substring {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return self[first...last]
    }
}
