import Foundation
import Localization
import ReportFacts
import Workouts

/// What a workouts report keeps of each build (every exercise's best and latest 1RM, its record
/// book and its stall) and what it says against the history: the exercises whose best rose since
/// the last build that recorded figures ("New best 1RMs since 1 October 2026: Back Squat 272 kg
/// (+12)"), the rep records set since, and the lifts that have stalled.
package enum WorkoutsHistory {
    /// What changed, and each exercise's best and record book before it (the exercise pages mark
    /// the days and the records that passed them); both empty when no build is compared with.
    package struct Change {
        package var note: ChangeNote?
        package var bestsBefore: [String: Double] = [:]
        package var repMaxesBefore: [String: [Double]] = [:]
    }

    package static func figures(_ summary: WorkoutSummary, options: WorkoutsOptions) -> HeadlineFigures {
        HeadlineFigures(
            WorkoutsFigures(
                summary.exercises.compactMap { exercise in
                    guard let best = exercise.best, let latest = exercise.latest else { return nil }
                    return ExerciseFigures(
                        name: exercise.name, best: best.oneRepMax, latest: latest.oneRepMax,
                        repMaxes: ExerciseFigures.repMaxes(exercise.repMaxes),
                        stalledSince: exercise.stall(weeks: options.stallWeeks, sessions: options.stallSessions)?
                            .since.isoText)
                }))
    }

    /// A 1RM as the pages show it, a whole number (`NumberText.whole`'s): a best counts as new
    /// only when the number shown rises.
    static func shown(_ value: Double) -> Int {
        guard value.isFinite, abs(value) < 1e15 else { return 0 }
        return Int(NumberText.truncated(value))
    }

    package static func change(
        _ figures: HeadlineFigures, input: ReportInput, summary: WorkoutSummary, options: WorkoutsOptions,
        _ text: WorkoutsText
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
        let unit = summary.unit.label
        var change = Change(
            bestsBefore: Dictionary(before.map { ($0.name, $0.best) }, uniquingKeysWith: max),
            repMaxesBefore: Dictionary(before.compactMap { old in old.repMaxes.map { (old.name, $0) } }) { $1 })
        let date = input.day(of: since)
        let newBests = self.newBests(now, before: change.bestsBefore, unit: unit, text)
        let records = newRecords(now, before: change.repMaxesBefore, unit: unit, text)
        let stalls = WorkoutsStalls.sentences(summary, options: options, text)
        var parts = [
            newBests.isEmpty
                ? text("workouts.noNewBests", ["date": date])
                : text.count(
                    "workouts.newBests", newBests.count,
                    ["date": date, "list": newBests.joined(separator: text("workouts.newBestSeparator"))])
        ]
        if !records.isEmpty {
            parts.append(
                text.count(
                    "workouts.newRepRecords", records.count,
                    ["list": records.joined(separator: text("workouts.newBestSeparator"))]))
        }
        parts += stalls
        let subject: String
        if !newBests.isEmpty {
            subject = text.count("workouts.newBestsSubject", newBests.count)
        } else if !records.isEmpty {
            subject = text.count("workouts.newRepRecordsSubject", records.count)
        } else if let firstStall = stalls.first {
            subject = firstStall
        } else {
            subject = parts[0]
        }
        change.note = ChangeNote(line: parts.joined(separator: text("workouts.changeSeparator")), subject: subject)
        return change
    }

    /// `Back Squat 272 kg (+12)` for each exercise whose shown best rose, `(new)` for one not
    /// kept before.
    private static func newBests(
        _ now: [ExerciseFigures], before: [String: Double], unit: String, _ text: WorkoutsText
    ) -> [String] {
        var newBests: [String] = []
        for exercise in now {
            guard let old = before[exercise.name] else {
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
        return newBests
    }

    /// `Bench Press 8 × 72.5 kg` for each rep count whose heaviest weight rose since the build
    /// compared with (a count first lifted counts); none for an exercise that build did not keep
    /// a record book of.
    private static func newRecords(
        _ now: [ExerciseFigures], before: [String: [Double]], unit: String, _ text: WorkoutsText
    ) -> [String] {
        var records: [String] = []
        for exercise in now {
            guard let old = before[exercise.name], let book = exercise.repMaxes else { continue }
            for (index, weight) in book.enumerated() where weight > (index < old.count ? old[index] : 0) {
                records.append(
                    text(
                        "workouts.newRepRecord",
                        [
                            "name": exercise.name, "reps": text.grouped(index + RepMax.counts.lowerBound),
                            "weight": text.weight(weight, unit: unit)
                        ]))
            }
        }
        return records
    }
}
