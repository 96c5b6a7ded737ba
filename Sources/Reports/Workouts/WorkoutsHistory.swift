import Foundation
import Localization
import ReportFacts
import Workouts

/// What a workouts report keeps of each build (every exercise's best and latest 1RM) and what it
/// says against the history: the exercises whose best rose since the last build that recorded
/// figures ("New best 1RMs since 1 October 2026: Back Squat 272 kg (+12)").
package enum WorkoutsHistory {
    /// What changed, and each exercise's best before it (the exercise pages mark the days that
    /// passed it); `bestsBefore` is empty when no build is compared with.
    package struct Change {
        package var note: ChangeNote?
        package var bestsBefore: [String: Double] = [:]
    }

    package static func figures(_ summary: WorkoutSummary) -> HeadlineFigures {
        HeadlineFigures(
            WorkoutsFigures(
                summary.exercises.compactMap { exercise in
                    guard let best = exercise.best, let latest = exercise.latest else { return nil }
                    return ExerciseFigures(name: exercise.name, best: best.oneRepMax, latest: latest.oneRepMax)
                }))
    }

    /// A 1RM as the pages show it, a whole number (`NumberText.whole`'s): a best counts as new
    /// only when the number shown rises.
    static func shown(_ value: Double) -> Int {
        guard value.isFinite, abs(value) < 1e15 else { return 0 }
        return Int(NumberText.truncated(value))
    }

    package static func change(
        _ figures: HeadlineFigures, input: ReportInput, unit: String, _ text: WorkoutsText
    ) -> Change {
        guard let comparison = input.compared(figures), let now = figures.of(WorkoutsFigures.self)?.exercises else {
            return Change()
        }
        guard comparison.changed, let since = comparison.since,
            let before = since.figures.of(WorkoutsFigures.self)?.exercises
        else {
            let last = comparison.unchangedSince ?? comparison.since
            return Change(
                note: last.map { ChangeNote(line: input.noChange(since: $0), subject: input.noChange(since: $0)) })
        }
        let bestsBefore = Dictionary(before.map { ($0.name, $0.best) }, uniquingKeysWith: max)
        var newBests: [String] = []
        for exercise in now {
            guard let old = bestsBefore[exercise.name] else {
                newBests.append(
                    text(
                        "workouts.newExerciseBest",
                        ["name": exercise.name, "lift": text.oneRepMax(exercise.best, unit: unit)]))
                continue
            }
            let rise = shown(exercise.best) - shown(old)
            guard rise > 0 else { continue }
            newBests.append(
                text(
                    "workouts.newBestLift",
                    [
                        "name": exercise.name, "lift": text.oneRepMax(exercise.best, unit: unit),
                        "change": text.conventions.numbers.integer(rise, plus: true)
                    ]))
        }
        let date = input.day(of: since)
        guard !newBests.isEmpty else {
            let line = text("workouts.noNewBests", ["date": date])
            return Change(note: ChangeNote(line: line, subject: line), bestsBefore: bestsBefore)
        }
        let list = newBests.joined(separator: text("workouts.newBestSeparator"))
        return Change(
            note: ChangeNote(
                line: text.count("workouts.newBests", newBests.count, ["date": date, "list": list]),
                subject: text.count("workouts.newBestsSubject", newBests.count)),
            bestsBefore: bestsBefore)
    }
}
