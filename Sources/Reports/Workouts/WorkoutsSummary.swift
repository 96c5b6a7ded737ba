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

    /// The main lifts' bests, for the front page's headline ("Back Squat 380 lb · Deadlift 461 lb").
    package static func bestLifts(
        _ summary: WorkoutSummary, unit: String, limit: Int = 3, featured: [String] = [], _ text: WorkoutsText
    ) -> String? {
        let ranked = ranked(summary, featured: featured)
        guard !ranked.isEmpty else { return nil }
        return ranked.prefix(limit).map { index in
            let exercise = summary.exercises[index]
            return "\(exercise.name) \(text.oneRepMax(exercise.best?.oneRepMax ?? 0, unit: unit))"
        }.joined(separator: " · ")
    }

    /// What the headline of `bestLifts` shows, in as many words: "Best 1RM of 3 exercises", or
    /// "Best 1RM: the top 3 of 5 exercises" when it shows only some ("Best 1RM of 3 of 5 exercises,
    /// featured lifts first" when the report names lifts it has).
    package static func bestLiftsCaption(
        _ summary: WorkoutSummary, limit: Int = 3, featured: [String] = [], _ text: WorkoutsText
    ) -> String {
        let all = text.count("workouts.caption.exercises", summary.exercises.count)
        let shown = min(limit, ranked(summary, featured: featured).count)
        guard shown > 0, shown < summary.exercises.count else {
            return text("workouts.caption.all", ["exercises": all])
        }
        let named = summary.exercises.contains { exercise in featured.contains { Self.same($0, exercise.name) } }
        return text.count(named ? "workouts.caption.featured" : "workouts.caption.top", shown, ["exercises": all])
    }

    /// Indices of the exercises with an estimate, the main lifts first: those `featured` names, in
    /// its order; then the lifts trained regularly (in at least a quarter as many sessions as the
    /// most trained one: a deadlift once a week beside a squat three times), the heavier best
    /// first; then the rest, the most sessions first, then the heavier best. First appearance
    /// breaks ties. So a machine press tried twice never leads a lifter's squat for its number.
    package static func ranked(_ summary: WorkoutSummary, featured: [String] = []) -> [Int] {
        let exercises = summary.exercises
        let estimated = exercises.indices.filter { exercises[$0].best != nil }
        let named = featured.compactMap { name in estimated.first { Self.same(name, exercises[$0].name) } }
        let most = estimated.map { exercises[$0].days.count }.max() ?? 0
        let regular = { (index: Int) in exercises[index].days.count * 4 >= most }
        let rest = estimated.filter { !named.contains($0) }.sorted { a, b in
            let x = exercises[a], y = exercises[b]
            if regular(a) != regular(b) { return regular(a) }
            if !regular(a), x.days.count != y.days.count { return x.days.count > y.days.count }
            let bx = x.best?.oneRepMax ?? 0, by = y.best?.oneRepMax ?? 0
            return bx != by ? bx > by : a < b
        }
        var seen = Set<Int>()
        return (named + rest).filter { seen.insert($0).inserted }
    }

    /// Whether a featured name is this exercise's: compared without letter case or outer spaces.
    static func same(_ featured: String, _ name: String) -> Bool {
        featured.trimmingCharacters(in: .whitespaces).lowercased() == name.lowercased()
    }
}
