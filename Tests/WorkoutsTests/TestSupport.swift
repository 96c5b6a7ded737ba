import Deterministic
import Foundation
import GazetteTestSupport
import Workouts
import XCTest

/// The shared sample inputs: `../shared/data/` beside the repository root.
func sampleData(_ name: String, file: StaticString = #filePath, line: UInt = #line) throws -> Data {
    try SampleData.data(name, file: file, line: line)
}

/// Reads `text` as one file named `log.txt`.
func summarize(
    _ text: String, formula: OneRepMaxFormula = .brzycki,
    invalidLines: InvalidLinePolicy = .fail
) throws -> WorkoutSummary {
    var aggregator = OneRepMaxAggregator(formula: formula, invalidLines: invalidLines)
    try aggregator.ingest(Array(text.utf8), file: "log.txt")
    return aggregator.summary()
}

/// The error that reading `text` as `log.txt` throws, or a test failure if it reads cleanly.
func readingError(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> WorkoutLogError? {
    var aggregator = OneRepMaxAggregator()
    do {
        try aggregator.ingest(Array(text.utf8), file: "log.txt")
        XCTFail("expected an error for \(text.debugDescription)", file: file, line: line)
        return nil
    } catch {
        return error
    }
}

func date(_ year: Int, _ month: Int, _ day: Int) -> CivilDate {
    CivilDate(year: year, month: month, day: day)
}

extension WorkoutSummary {
    func exercise(_ name: String) -> ExerciseRecord? {
        exercises.first { $0.name == name }
    }
}
