import ReportFacts

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

/// One exercise's best and latest estimated one-rep max, in the report's unit.
package struct ExerciseFigures: Codable, Equatable, Sendable {
    package var name: String
    package var best: Double
    package var latest: Double

    package init(name: String, best: Double, latest: Double) {
        self.name = name
        self.best = best
        self.latest = latest
    }
}
