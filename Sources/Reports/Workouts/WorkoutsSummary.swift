import Workouts
import GazetteCore

/// The workout log in plain text and on the front page: each lift's best and latest 1RM.
package enum WorkoutsSummary {
    /// One line per exercise, in first-appearance order.
    package static func lines(_ summary: WorkoutSummary, unit: String, _ text: WorkoutsText) -> [String] {
        guard !summary.exercises.isEmpty else { return [text("workouts.noSets")] }
        var lines = [
            text.count(
                "workouts.summary.exercises", summary.exercises.count, ["formula": summary.formula.displayName])
        ]
        for exercise in summary.exercises {
            guard let best = exercise.best, let latest = exercise.latest else {
                lines.append(
                    text("workouts.summary.noEstimate", ["name": exercise.name, "limit": String(summary.maxReps + 1)]))
                continue
            }
            lines.append(
                text.count(
                    "workouts.summary.line", exercise.days.count,
                    [
                        "name": exercise.name, "best": text.oneRepMax(best.oneRepMax, unit: unit),
                        "bestDate": text.date(best.date), "latest": text.oneRepMax(latest.oneRepMax, unit: unit),
                        "latestDate": text.date(latest.date)
                    ]))
        }
        return lines
    }

    /// The heaviest lifts first, for the front page's headline ("Deadlift 461 lb · Back Squat 380 lb").
    package static func bestLifts(
        _ summary: WorkoutSummary, unit: String, limit: Int = 3, _ text: WorkoutsText
    ) -> String? {
        let ranked = ranked(summary)
        guard !ranked.isEmpty else { return nil }
        return ranked.prefix(limit).map { index in
            let exercise = summary.exercises[index]
            return "\(exercise.name) \(text.oneRepMax(exercise.best?.oneRepMax ?? 0, unit: unit))"
        }.joined(separator: " · ")
    }

    /// What the headline of `bestLifts` shows, in as many words: "Best 1RM of 3 exercises", or
    /// "Best 1RM: the top 3 of 5 exercises" when it shows only some.
    package static func bestLiftsCaption(_ summary: WorkoutSummary, limit: Int = 3, _ text: WorkoutsText) -> String {
        let all = text.count("workouts.caption.exercises", summary.exercises.count)
        let shown = min(limit, ranked(summary).count)
        guard shown > 0, shown < summary.exercises.count else {
            return text("workouts.caption.all", ["exercises": all])
        }
        return text.count("workouts.caption.top", shown, ["exercises": all])
    }

    /// Indices of the exercises with an estimate, heaviest best first; first appearance breaks ties.
    package static func ranked(_ summary: WorkoutSummary) -> [Int] {
        summary.exercises.enumerated()
            .compactMap { index, exercise in exercise.best.map { (index, $0.oneRepMax) } }
            .sorted { $0.1 != $1.1 ? $0.1 > $1.1 : $0.0 < $1.0 }
            .map(\.0)
    }
}
