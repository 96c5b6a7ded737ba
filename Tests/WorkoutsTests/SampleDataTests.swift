import Workouts
import XCTest

/// The oracles of SPEC §6 on the recorded sample logs in ../shared/data.
final class SampleDataTests: XCTestCase {
    func testFiveHundredEightyTwoLines() throws {
        var aggregator = OneRepMaxAggregator()
        try aggregator.ingest(try sampleData("workouts_582_lines.txt"), file: "workouts_582_lines.txt")
        let summary = aggregator.summary()

        XCTAssertEqual(summary.exercises.map(\.name), ["Back Squat", "Barbell Bench Press", "Deadlift"])
        XCTAssertEqual(summary.exercises.map(\.days.count), [30, 30, 28])
        XCTAssertEqual(summary.dailyRecordCount, 88)
        XCTAssertEqual(summary.setCount, 582)
        XCTAssertEqual(summary.warnings, [])

        let bests = try summary.exercises.map { try XCTUnwrap($0.best?.oneRepMax) }
        XCTAssertEqual(bests[0], 310.9091, accuracy: 0.00005)
        XCTAssertEqual(bests[1], 246.6667, accuracy: 0.00005)
        XCTAssertEqual(bests[2], 360.0, accuracy: 0.00005)
        // Shown truncated to whole units: 310, 246, 360.
        XCTAssertEqual(bests.map { Int($0) }, [310, 246, 360])

        for exercise in summary.exercises {
            XCTAssertEqual(exercise.days.map(\.date), exercise.days.map(\.date).sorted(), exercise.name)
            XCTAssertEqual(exercise.latest, exercise.days.last, exercise.name)
            XCTAssertEqual(exercise.days.map(\.oneRepMax).max(), exercise.best?.oneRepMax, exercise.name)
        }
        // The file is newest first: its first line is the latest squat day.
        XCTAssertEqual(summary.exercises.first?.latest?.date, date(2017, 10, 11))
        XCTAssertEqual(summary.dateRange?.upperBound, date(2017, 10, 11))
    }

    func testInvalidLineSeven() throws {
        var aggregator = OneRepMaxAggregator()
        let bytes = try sampleData("workouts_invalid_line7.txt")
        XCTAssertThrowsError(try aggregator.ingest(bytes, file: "workouts_invalid_line7.txt")) { error in
            guard let error = error as? WorkoutLogError else { return XCTFail("unexpected \(error)") }
            XCTAssertEqual(error.line, 7)
            XCTAssertEqual(error.column, 1)
            XCTAssertEqual(error.message, #"expected a date like "Oct 11 2017""#)
            XCTAssertEqual(error.sourceLine, ",Back Squat,1,6,245")
            XCTAssertTrue(
                error.description.hasPrefix(
                    #"workouts_invalid_line7.txt:7:1: error: expected a date like "Oct 11 2017""#))
        }
        XCTAssertEqual(aggregator.summary().exercises, [])
    }

    func testInvalidLineSevenSkipped() throws {
        var aggregator = OneRepMaxAggregator(invalidLines: .skip)
        try aggregator.ingest(try sampleData("workouts_invalid_line7.txt"), file: "invalid.txt")
        let summary = aggregator.summary()
        XCTAssertEqual(
            summary.warnings.map(\.text), [#"invalid.txt:7: skipped invalid line: expected a date like "Oct 11 2017""#])
        XCTAssertEqual(summary.setCount, 581)
    }
}
