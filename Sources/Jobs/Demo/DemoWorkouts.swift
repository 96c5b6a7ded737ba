import Deterministic
import Workouts
import GazetteCore
import Reports

/// The demo's workout logs: two athletes of our own invention, generated from fixed seeds, their
/// logs ending on the build's day, so the demo is the same for the same `--now` on every machine
/// and never shows training after the day it was built.
package enum DemoWorkouts {
    package struct Athlete: Sendable {
        var name: String
        var seed: UInt64
        var exercises: [String]
        var days: Int
        var sessionsPerWeek: Int
        var formula: OneRepMaxFormula

        var fileName: String { "demo-workouts-\(name.lowercased()).txt" }
    }

    package static let athletes = [
        // Fifteen months of a classic three-day barbell programme.
        Athlete(
            name: "Alex", seed: 0xA1E7_2023_0102,
            exercises: ["Back Squat", "Bench Press", "Deadlift", "Overhead Press", "Barbell Row"],
            days: 455, sessionsPerWeek: 3, formula: .brzycki),
        // Nineteen months of four days a week, with lighter accessory lifts; estimated by Epley.
        Athlete(
            name: "Sam", seed: 0x5A3_2022_0606,
            exercises: ["Front Squat", "Incline Bench Press", "Deadlift", "Push Press", "Chin Up", "Barbell Curl"],
            days: 575, sessionsPerWeek: 4, formula: .epley)
    ]

    /// The athlete's log in the Fitbod format, newest day first, its last possible day `today`.
    package static func log(_ athlete: Athlete, endingOn today: Int) -> [UInt8] {
        WorkoutLogGenerator.generateBytes(
            seed: athlete.seed, exercises: athlete.exercises,
            start: CivilDate(dayNumber: today - athlete.days + 1),
            days: athlete.days, sessionsPerWeek: athlete.sessionsPerWeek)
    }

    /// One workouts report per athlete; `today` is the build's day (days since 1970-01-01).
    package static func reports(endingOn today: Int) -> [ReportSpec] {
        athletes.map { athlete in
            ReportSpec(
                title: "Training log: \(athlete.name)",
                sources: [.embedded(name: athlete.fileName, bytes: log(athlete, endingOn: today))],
                options: .workouts(WorkoutsOptions(formula: athlete.formula)))
        }
    }
}
