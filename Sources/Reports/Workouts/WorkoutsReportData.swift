import Deterministic
import GazetteCore
import Workouts

/// The workouts keys of `report.json` (SPEC §2): the figures at full precision, dates as
/// `YYYY-MM-DD`, exercises in first-appearance order, days in date order. An exercise's days are
/// made as the document is written (`StreamedArray`), so a long log is never held twice.
package struct WorkoutsReportData: Codable, Equatable, Sendable {
    package var formula: String
    package var unit: String
    package var exercises: [Exercise]
    /// Every exercise's weekly volume added up, ISO week by week: made as it is written, as days are.
    package var weeklyVolume: StreamedArray<Week>

    package struct Exercise: Codable, Equatable, Sendable {
        package var name: String
        package var days: StreamedArray<Day>
        package var best: Day?
        package var latest: Day?
        /// Not in SPEC §2's list, which allows more keys: the sets logged, estimates or not.
        package var sets: Int
        /// The record book: the heaviest weight at each rep count 1–12, in the report's unit.
        package var repMaxes: [RepMaxEntry]
        /// At the weight last worked with, the fewest reps that would pass the best estimate
        /// (`reps` null when none up to 12 would); null without a working set.
        package var repsToBeat: RepsToBeat?
        /// Each ISO week trained: sets × reps × weight over the sets with a weight. Made as it is
        /// written: a log over centuries has thousands of weeks an exercise (a tree of them all
        /// took 120 MB on the bench's 1M-line log).
        package var weeklyVolume: StreamedArray<Week>
        /// The day of the best a stall has gone on from (`stall-weeks`, `stall-sessions`); null
        /// when the exercise has not stalled.
        package var stalledSince: String?

        package init(_ exercise: ExerciseRecord, formula: OneRepMaxFormula, maxReps: Int, options: WorkoutsOptions) {
            let days = exercise.days
            name = exercise.name
            self.days = StreamedArray(count: days.count) { Day(days[$0]) }
            best = exercise.best.map(Day.init)
            latest = exercise.latest.map(Day.init)
            sets = exercise.setCount
            repMaxes = exercise.repMaxes.map {
                RepMaxEntry(reps: $0.reps, weight: $0.weight, date: $0.date.isoText)
            }
            repsToBeat = exercise.lastWorkingSet.map {
                RepsToBeat(weight: $0.weight, reps: exercise.repsToBeat(formula: formula, maxReps: maxReps))
            }
            let weeks = exercise.weeklyVolume
            weeklyVolume = StreamedArray(count: weeks.count) { Week(weeks[$0]) }
            stalledSince = exercise.stall(weeks: options.stallWeeks, sessions: options.stallSessions)?.since.isoText
        }
    }

    /// One ISO week (`2024-W03`): its volume in the report's unit and the sets that made it.
    package struct Week: Codable, Equatable, Sendable {
        package var week: String
        package var volume: Double
        package var sets: Int

        package init(_ week: WeekVolume) {
            self.week = week.monday.isoWeekText
            volume = week.volume
            sets = week.sets
        }
    }

    package struct RepMaxEntry: Codable, Equatable, Sendable {
        package var reps: Int
        package var weight: Double
        package var date: String
    }

    package struct RepsToBeat: Codable, Equatable, Sendable {
        package var weight: Double
        package var reps: Int?
    }

    /// An exercise's best estimate of one day.
    package struct Day: Codable, Equatable, Sendable {
        package var date: String
        package var oneRepMax: Double

        package init(date: String, oneRepMax: Double) {
            self.date = date
            self.oneRepMax = oneRepMax
        }

        package init(_ day: DailyRecord) {
            self.init(date: day.date.isoText, oneRepMax: day.oneRepMax)
        }
    }

    package init(_ summary: WorkoutSummary, unit: String, options: WorkoutsOptions = WorkoutsOptions()) {
        formula = summary.formula.rawValue
        self.unit = unit
        exercises = summary.exercises.map {
            Exercise($0, formula: summary.formula, maxReps: summary.maxReps, options: options)
        }
        let weeks = summary.weeklyVolume
        weeklyVolume = StreamedArray(count: weeks.count) { Week(weeks[$0]) }
    }
}

extension WorkoutsReportData.Day: JSONTreeConvertible {
    /// What `JSONTreeEncoder` makes of a day, made directly (see `JSONTreeConvertible`).
    package var jsonValue: JSONValue {
        .sortedObject([("date", .string(date)), ("oneRepMax", .double(oneRepMax))])
    }
}

extension WorkoutsReportData.Week: JSONTreeConvertible {
    /// What `JSONTreeEncoder` makes of a week, made directly (see `JSONTreeConvertible`).
    package var jsonValue: JSONValue {
        .sortedObject([("sets", .int(sets)), ("volume", .double(volume)), ("week", .string(week))])
    }
}
