import GazetteCore
import Workouts

/// The workouts keys of `report.json` (SPEC §2): the figures at full precision, dates as
/// `YYYY-MM-DD`, exercises in first-appearance order, days in date order. An exercise's days are
/// made as the document is written (`StreamedArray`), so a long log is never held twice.
package struct WorkoutsReportData: Codable, Equatable, Sendable {
    package var formula: String
    package var unit: String
    package var exercises: [Exercise]

    package struct Exercise: Codable, Equatable, Sendable {
        package var name: String
        package var days: StreamedArray<Day>
        package var best: Day?
        package var latest: Day?
        /// Not in SPEC §2's list, which allows more keys: the sets logged, estimates or not.
        package var sets: Int

        package init(_ exercise: ExerciseRecord) {
            let days = exercise.days
            name = exercise.name
            self.days = StreamedArray(count: days.count) { Day(days[$0]) }
            best = exercise.best.map(Day.init)
            latest = exercise.latest.map(Day.init)
            sets = exercise.setCount
        }
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

    package init(_ summary: WorkoutSummary, unit: String) {
        formula = summary.formula.rawValue
        self.unit = unit
        exercises = summary.exercises.map(Exercise.init)
    }
}

extension WorkoutsReportData.Day: JSONTreeConvertible {
    /// What `JSONTreeEncoder` makes of a day, made directly (see `JSONTreeConvertible`).
    package var jsonValue: JSONValue {
        .sortedObject([("date", .string(date)), ("oneRepMax", .double(oneRepMax))])
    }
}
