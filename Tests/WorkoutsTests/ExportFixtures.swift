import Deterministic
import Foundation
import GazetteTestSupport
import XCTest
@testable import Workouts

/// Lifters' exports in `Tests/Fixtures/workout-exports`, read whole and in pieces of awkward
/// sizes, and their figures checked against ones worked out by hand.
enum ExportFixtures {
    static let poundsPerKilogram = 1 / 0.45359237

    /// The fixture's summary; in pieces of every awkward size the figures must be the same.
    static func summary(
        _ name: String, _ log: WorkoutLogOptions = WorkoutLogOptions(), file: StaticString = #filePath,
        line: UInt = #line
    ) throws -> WorkoutSummary {
        let bytes = [UInt8](try Data(contentsOf: Fixture.url("workout-exports").appendingPathComponent(name)))
        var whole = OneRepMaxAggregator(log: log)
        try whole.ingest(bytes, file: name)
        for size in [1, 7, 64] {
            var streamed = OneRepMaxAggregator(log: log)
            try streamed.ingest(
                chunks: stride(from: 0, to: bytes.count, by: size).map {
                    Array(bytes[$0..<min($0 + size, bytes.count)])
                },
                file: name)
            XCTAssertEqual(streamed.summary(), whole.summary(), "\(name) in pieces of \(size)", file: file, line: line)
        }
        return whole.summary()
    }

    /// `string` read as one file.
    static func text(_ string: String, _ log: WorkoutLogOptions = WorkoutLogOptions(), file: String = "t.csv") throws
        -> WorkoutSummary
    {
        var aggregator = OneRepMaxAggregator(log: log)
        try aggregator.ingest(Array(string.utf8), file: file)
        return aggregator.summary()
    }

    /// The error reading `string` as one file throws.
    static func error(_ string: String, _ log: WorkoutLogOptions = WorkoutLogOptions(), file: String = "t.csv")
        -> WorkoutLogError?
    {
        var aggregator = OneRepMaxAggregator(log: log)
        do {
            try aggregator.ingest(Array(string.utf8), file: file)
            return nil
        } catch {
            return error
        }
    }
}

/// The exercise's best and latest estimated 1RM, each with its day.
func assertFigures(
    _ summary: WorkoutSummary, _ name: String, best: (CivilDate, Double), latest: (CivilDate, Double),
    file: StaticString = #filePath, line: UInt = #line
) {
    guard let exercise = summary.exercise(name) else {
        return XCTFail("no \(name) in \(summary.exercises.map(\.name))", file: file, line: line)
    }
    XCTAssertEqual(exercise.best?.date, best.0, "\(name) best day", file: file, line: line)
    XCTAssertEqual(exercise.best?.oneRepMax ?? 0, best.1, accuracy: 1e-9, "\(name) best", file: file, line: line)
    XCTAssertEqual(exercise.latest?.date, latest.0, "\(name) latest day", file: file, line: line)
    XCTAssertEqual(
        exercise.latest?.oneRepMax ?? 0, latest.1, accuracy: 1e-9, "\(name) latest", file: file, line: line)
}
