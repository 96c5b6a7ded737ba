import ReportFacts
import Workouts

/// What a workouts report's history keeps of each build: each exercise's figures, kept as a
/// plain list.
package struct WorkoutsFigures: KindFigures {
    package static let historyKey = "workouts"

    package var exercises: [ExerciseFigures]

    package init(_ exercises: [ExerciseFigures]) {
        self.exercises = exercises
    }

    package init(from decoder: Decoder) throws {
        exercises = try decoder.singleValueContainer().decode([ExerciseFigures].self)
    }

    package func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(exercises)
    }
}

/// One exercise's best and latest estimated one-rep max, in the report's unit; its record book
/// and the day its stall began. Histories written before the record book have neither.
package struct ExerciseFigures: Codable, Equatable, Sendable {
    package var name: String
    package var best: Double
    package var latest: Double
    /// The heaviest weight at 1, 2, … 12 reps (0 for a count never lifted).
    package var repMaxes: [Double]?
    /// `YYYY-MM-DD` of the best a stall has gone on from; nil when the exercise has not stalled.
    package var stalledSince: String?

    package init(
        name: String, best: Double, latest: Double, repMaxes: [Double]? = nil, stalledSince: String? = nil
    ) {
        self.name = name
        self.best = best
        self.latest = latest
        self.repMaxes = repMaxes
        self.stalledSince = stalledSince
    }

    /// The record book as kept: a weight per rep count, 0 where none was lifted.
    package static func repMaxes(_ book: [RepMax]) -> [Double] {
        var weights = [Double](repeating: 0, count: RepMax.counts.count)
        for record in book { weights[record.reps - RepMax.counts.lowerBound] = record.weight }
        return weights
    }
}
