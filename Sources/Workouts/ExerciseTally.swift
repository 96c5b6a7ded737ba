import Deterministic

/// One exercise's running figures.
struct ExerciseTally: Sendable {
    var setCount = 0
    /// The best set of each run of sets on one day, in input order: logs list a day's sets
    /// together, so a set is compared with the run's best and no table is looked up per set.
    /// A day that comes back later starts a run of its own; runs are put in date order at the end.
    private var runs: [DayRun] = []

    /// The record book so far: the heaviest weight at each rep count (index: reps), with its day.
    private var repBests = [(weight: Double, packedDate: Int)?](repeating: nil, count: RepMax.counts.upperBound + 1)
    /// The latest day trained, and its heaviest weight.
    private var lastDay: (packedDate: Int, weight: Double)?
    /// Each run of sets in one ISO week, in input order, by the day number of its Monday: a log
    /// written in date order gives each week once, in order, so no table is needed.
    private var weeks: [(monday: Int, volume: Double, sets: Int)] = []
    /// Whether `weeks` holds each week once, in order (a log written backwards does not).
    private var weeksInOrder = true
    /// The last day counted and its week's Monday, worked out once per day.
    private var lastMonday: (packedDate: Int, monday: Int)?

    /// Counts `sets` sets toward the record book, the last working weight and the week's volume
    /// (`weight` in the report's unit).
    mutating func count(sets: Int, reps: Int, weight: Double, packedDate: Int) {
        guard weight > 0, weight.isFinite else { return }
        addVolume(sets: sets, reps: reps, weight: weight, packedDate: packedDate)
        if RepMax.counts.contains(reps) {
            let kept = repBests[reps]
            if kept == nil || weight > kept!.weight || (weight == kept!.weight && packedDate < kept!.packedDate) {
                repBests[reps] = (weight, packedDate)
            }
        }
        if lastDay == nil || packedDate > lastDay!.packedDate {
            lastDay = (packedDate, weight)
        } else if packedDate == lastDay!.packedDate, weight > lastDay!.weight {
            lastDay!.weight = weight
        }
    }

    private mutating func addVolume(sets: Int, reps: Int, weight: Double, packedDate: Int) {
        let monday: Int
        if let lastMonday, lastMonday.packedDate == packedDate {
            monday = lastMonday.monday
        } else {
            monday = CivilDate.mondayOfWeek(holding: CivilDate(packed: packedDate).dayNumber)
            lastMonday = (packedDate, monday)
        }
        let volume = Double(sets) * Double(reps) * weight
        if let last = weeks.indices.last, weeks[last].monday == monday {
            weeks[last].volume += volume
            weeks[last].sets += sets
            return
        }
        if let last = weeks.last, monday < last.monday { weeksInOrder = false }
        weeks.append((monday, volume, sets))
    }

    /// Every week trained, in week order: the runs of one week added up.
    private func weeklyVolume() -> [WeekVolume] {
        var runs = weeks
        if !weeksInOrder { runs.sort { $0.monday < $1.monday } }
        var merged: [WeekVolume] = []
        merged.reserveCapacity(runs.count)
        for run in runs {
            if let last = merged.last, last.mondayNumber == run.monday {
                merged[merged.count - 1] = WeekVolume(
                    mondayNumber: run.monday, volume: last.volume + run.volume, sets: last.sets + run.sets)
            } else {
                merged.append(WeekVolume(mondayNumber: run.monday, volume: run.volume, sets: run.sets))
            }
        }
        return merged
    }

    struct DayRun: Sendable {
        var packedDate: Int
        var oneRepMax: Double
        var set: SetRecord
    }

    /// Keeps the estimate if it beats the day's best; on a tie the earlier set stays.
    mutating func offer(_ estimate: Double, set: SetRecord, packedDate: Int) {
        if let last = runs.indices.last, runs[last].packedDate == packedDate {
            if runs[last].oneRepMax < estimate {
                runs[last] = DayRun(packedDate: packedDate, oneRepMax: estimate, set: set)
            }
            return
        }
        runs.append(DayRun(packedDate: packedDate, oneRepMax: estimate, set: set))
    }

    func record(named name: String) -> ExerciseRecord {
        var days: [DailyRecord] = []
        days.reserveCapacity(runs.count)
        for index in runsInDateOrder() {
            let run = runs[index]
            // A later run of the same day replaces the day's best only when strictly higher.
            if let last = days.last, last.date.packed == run.packedDate {
                if run.oneRepMax > last.oneRepMax {
                    days[days.count - 1] = DailyRecord(date: last.date, oneRepMax: run.oneRepMax, bestSet: run.set)
                }
                continue
            }
            days.append(
                DailyRecord(date: CivilDate(packed: run.packedDate), oneRepMax: run.oneRepMax, bestSet: run.set))
        }
        // Days are in date order and only a strictly higher record replaces the best, so a
        // tie keeps the day it was first reached.
        var best: DailyRecord?
        for day in days where day.oneRepMax > (best?.oneRepMax ?? -.infinity) { best = day }
        let repMaxes = RepMax.counts.compactMap { reps in
            repBests[reps].map { RepMax(reps: reps, weight: $0.weight, date: CivilDate(packed: $0.packedDate)) }
        }
        return ExerciseRecord(
            name: name, days: days, best: best, latest: days.last, setCount: setCount, repMaxes: repMaxes,
            lastWorkingSet: lastDay.map { WorkingSet(weight: $0.weight, date: CivilDate(packed: $0.packedDate)) },
            weeklyVolume: weeklyVolume())
    }

    /// The runs' indices by date, and in input order within a date. A log written forwards or
    /// backwards in time (as most are) needs no sort.
    private func runsInDateOrder() -> [Int] {
        if zip(runs, runs.dropFirst()).allSatisfy({ $0.packedDate < $1.packedDate }) { return Array(runs.indices) }
        if zip(runs, runs.dropFirst()).allSatisfy({ $0.packedDate > $1.packedDate }) { return runs.indices.reversed() }
        return runs.indices.sorted { left, right in
            runs[left].packedDate != runs[right].packedDate
                ? runs[left].packedDate < runs[right].packedDate : left < right
        }
    }
}
