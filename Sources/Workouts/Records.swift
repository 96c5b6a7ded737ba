import Deterministic
/// One line of the log: `sets` sets of `reps` repetitions at `weight`.
public struct SetRecord: Equatable, Sendable {
    public let sets: Int
    public let reps: Int
    /// As logged, in `unit`.
    public let weight: Double
    /// The unit the set was logged in where it is not the report's (its estimate is converted);
    /// nil when it is the report's.
    public let unit: WeightUnit?
    /// The effort in one byte (`Effort.packed`): every daily record holds its set, so a set stays
    /// 32 bytes.
    private let packedEffort: UInt8

    /// The RPE or reps in reserve the export gave the set, to a tenth; nil when it gave none (or
    /// one outside 0–10).
    public var effort: Effort? { Effort(packed: packedEffort) }

    public init(sets: Int, reps: Int, weight: Double, unit: WeightUnit? = nil, effort: Effort? = nil) {
        self.sets = sets
        self.reps = reps
        self.weight = weight
        self.unit = unit
        packedEffort = effort?.packed ?? Effort.noneByte
    }
}

/// The best estimated 1RM of one exercise on one day, and the set that gave it.
public struct DailyRecord: Equatable, Sendable {
    public let date: CivilDate
    public let oneRepMax: Double
    public let bestSet: SetRecord

    public init(date: CivilDate, oneRepMax: Double, bestSet: SetRecord) {
        self.date = date
        self.oneRepMax = oneRepMax
        self.bestSet = bestSet
    }
}

/// Everything the log says about one exercise.
public struct ExerciseRecord: Equatable, Sendable {
    public let name: String
    /// One record per training day that has an estimate, in date order.
    public let days: [DailyRecord]
    /// The personal best: the highest daily record, the earliest one on a tie.
    public let best: DailyRecord?
    /// The daily record with the latest date.
    public let latest: DailyRecord?
    /// Sets logged (the sum of the sets field), including those that get no estimate.
    public let setCount: Int
    /// The record book: the heaviest weight lifted at each rep count from 1 to 12 (`RepMax.counts`),
    /// by reps; a count never lifted has no entry.
    public let repMaxes: [RepMax]
    /// The heaviest set of the latest day trained: the weight last worked with.
    public let lastWorkingSet: WorkingSet?
    /// Each ISO week trained, in week order.
    public let weeklyVolume: [WeekVolume]

    public init(
        name: String, days: [DailyRecord], best: DailyRecord?, latest: DailyRecord?, setCount: Int,
        repMaxes: [RepMax] = [], lastWorkingSet: WorkingSet? = nil, weeklyVolume: [WeekVolume] = []
    ) {
        self.weeklyVolume = weeklyVolume
        self.name = name
        self.days = days
        self.best = best
        self.latest = latest
        self.setCount = setCount
        self.repMaxes = repMaxes
        self.lastWorkingSet = lastWorkingSet
    }

    /// "Reps to beat": at the weight last worked with, the fewest reps (at most `maxReps`, and 12)
    /// whose estimate by `formula` passes the best estimated 1RM; nil when no working set, no
    /// best, or no count in range would pass it.
    public func repsToBeat(formula: OneRepMaxFormula, maxReps: Int) -> Int? {
        guard let working = lastWorkingSet, let best = best?.oneRepMax, working.weight > 0 else { return nil }
        return (1...min(maxReps, RepMax.counts.upperBound)).first { reps in
            (formula.estimate(weight: working.weight, reps: reps) ?? 0) > best
        }
    }

    /// The first and last days with an estimate; nil when there are none.
    public var dateRange: ClosedRange<CivilDate>? {
        guard let first = days.first, let last = days.last else { return nil }
        return first.date...last.date
    }
}

/// The figures of a whole log (one or more files read as one).
public struct WorkoutSummary: Equatable, Sendable {
    public let formula: OneRepMaxFormula
    /// In order of first appearance, over the files in the order they were read.
    public let exercises: [ExerciseRecord]
    /// In input order: file by file, line by line.
    public let warnings: [WorkoutWarning]
    /// Sets logged over all exercises.
    public let setCount: Int
    /// The unit of every estimate: the job's `unit:`, else the unit of the first set read.
    public let unit: WeightUnit
    /// Rows read but not counted: warm-ups, and rows without a weight or reps.
    public let leftOut: LeftOutSets
    /// The longest set that gave an estimate (the largest over the files when their formats'
    /// limits differ): an exercise without an estimate had only longer sets.
    public let maxReps: Int

    public init(
        formula: OneRepMaxFormula, exercises: [ExerciseRecord], warnings: [WorkoutWarning], setCount: Int,
        unit: WeightUnit = .lb, leftOut: LeftOutSets = LeftOutSets(), maxReps: Int = OneRepMaxFormula.repLimit - 1
    ) {
        self.maxReps = maxReps
        self.formula = formula
        self.exercises = exercises
        self.warnings = warnings
        self.setCount = setCount
        self.unit = unit
        self.leftOut = leftOut
    }

    /// Every exercise's weekly volume added up, in week order.
    public var weeklyVolume: [WeekVolume] { WeekVolume.total(exercises.map(\.weeklyVolume)) }

    /// Daily records over all exercises.
    public var dailyRecordCount: Int { exercises.reduce(0) { $0 + $1.days.count } }

    /// The first and last days with an estimate, over all exercises.
    public var dateRange: ClosedRange<CivilDate>? {
        let ranges = exercises.compactMap(\.dateRange)
        guard let lower = ranges.map(\.lowerBound).min(), let upper = ranges.map(\.upperBound).max() else { return nil }
        return lower...upper
    }
}

/// The heaviest weight lifted for a number of reps, in the report's unit: the first day it was
/// lifted when it was lifted again.
public struct RepMax: Equatable, Sendable {
    /// The rep counts a record book keeps.
    public static let counts = 1...12

    public let reps: Int
    public let weight: Double
    public let date: CivilDate

    public init(reps: Int, weight: Double, date: CivilDate) {
        self.reps = reps
        self.weight = weight
        self.date = date
    }
}

/// A set's weight (in the report's unit) and day.
public struct WorkingSet: Equatable, Sendable {
    public let weight: Double
    public let date: CivilDate

    public init(weight: Double, date: CivilDate) {
        self.weight = weight
        self.date = date
    }
}
