import Workouts

/// The lifts that have stalled, said the one way the change line, the cards, the e-mail and the
/// pages say them: "Bench Press: no new best in 9 weeks, 11 sessions".
package enum WorkoutsStalls {
    /// Each stalled exercise's stall, in the report's order.
    package static func stalls(_ summary: WorkoutSummary, options: WorkoutsOptions) -> [(String, Stall)] {
        summary.exercises.compactMap { exercise in
            exercise.stall(weeks: options.stallWeeks, sessions: options.stallSessions).map { (exercise.name, $0) }
        }
    }

    package static func sentence(_ name: String, _ stall: Stall, _ text: WorkoutsText) -> String {
        text(
            "workouts.stall",
            [
                "name": name, "weeks": text.count("workouts.stallWeeks", stall.weeks),
                "sessions": text.count("workouts.stallSessions", stall.sessions)
            ])
    }

    /// "No new best in 9 weeks, 11 sessions": under the exercise's own name (its card, its page).
    package static func short(_ stall: Stall, _ text: WorkoutsText) -> String {
        text(
            "workouts.stallShort",
            [
                "weeks": text.count("workouts.stallWeeks", stall.weeks),
                "sessions": text.count("workouts.stallSessions", stall.sessions)
            ])
    }

    package static func sentences(_ summary: WorkoutSummary, options: WorkoutsOptions, _ text: WorkoutsText)
        -> [String]
    {
        stalls(summary, options: options).map { sentence($0.0, $0.1, text) }
    }
}
