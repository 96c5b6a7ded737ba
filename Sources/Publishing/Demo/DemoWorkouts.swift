import Workouts

/// The demo's workout logs: two athletes of our own invention, generated from fixed seeds and
/// fixed dates, so the demo site is the same on every build and every machine.
enum DemoWorkouts {
    struct Athlete: Sendable {
        var name: String
        var seed: UInt64
        var exercises: [String]
        var start: CalendarDate
        var days: Int
        var sessionsPerWeek: Int
        var formula: OneRepMaxFormula

        var fileName: String { "demo-workouts-\(name.lowercased()).txt" }
    }

    static let athletes = [
        // Fifteen months of a classic three-day barbell programme.
        Athlete(name: "Alex", seed: 0xA1E7_2023_0102, exercises: ["Back Squat", "Bench Press", "Deadlift", "Overhead Press", "Barbell Row"],
                start: CalendarDate(year: 2023, month: 1, day: 2), days: 455, sessionsPerWeek: 3, formula: .brzycki),
        // Nineteen months of four days a week, with lighter accessory lifts; estimated by Epley.
        Athlete(name: "Sam", seed: 0x5A3_2022_0606, exercises: ["Front Squat", "Incline Bench Press", "Deadlift", "Push Press", "Chin Up", "Barbell Curl"],
                start: CalendarDate(year: 2022, month: 6, day: 6), days: 575, sessionsPerWeek: 4, formula: .epley),
    ]

    /// The athlete's log in the Fitbod format, newest day first.
    static func log(_ athlete: Athlete) -> [UInt8] {
        WorkoutLogGenerator.generateBytes(seed: athlete.seed, exercises: athlete.exercises, start: athlete.start,
                                          days: athlete.days, sessionsPerWeek: athlete.sessionsPerWeek)
    }

    /// One workouts report per athlete.
    static func reports() -> [ReportSpec] {
        athletes.map { athlete in
            var spec = ReportSpec(kind: .workouts, title: "Training log: \(athlete.name)",
                                  sources: [.embedded(name: athlete.fileName, bytes: log(athlete))])
            spec.formula = athlete.formula.rawValue
            return spec
        }
    }
}
