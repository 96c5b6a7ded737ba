import Workouts
import GazetteCore

/// The workouts keys of `report.json` (SPEC §2): the figures at full precision, dates as
/// `YYYY-MM-DD`, exercises in first-appearance order, days in date order.
package enum WorkoutsReportData {
    package static func fields(_ summary: WorkoutSummary, unit: String) -> [String: JSONValue] {
        [
            "formula": .string(summary.formula.rawValue),
            "unit": .string(unit),
            "exercises": .array(summary.exercises.map(exercise))
        ]
    }

    package static func exercise(_ exercise: ExerciseRecord) -> JSONValue {
        let days = exercise.days
        return .object([
            "name": .string(exercise.name),
            "days": .lazyArray(JSONList(count: exercise.days.count) { record(days[$0]) }),
            "best": exercise.best.map(record) ?? .null,
            "latest": exercise.latest.map(record) ?? .null,
            // Not in SPEC §2's list, which allows more keys: the sets logged, estimates or not.
            "sets": .int(exercise.setCount)
        ])
    }

    package static func record(_ day: DailyRecord) -> JSONValue {
        .sortedObject([("date", .string(day.date.isoText)), ("oneRepMax", .double(day.oneRepMax))])
    }
}
