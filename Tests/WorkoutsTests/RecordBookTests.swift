import Deterministic
import Workouts
import XCTest

/// The record book (issue 54): the heaviest weight at each rep count 1–12 with the day it was
/// first lifted, the weight last worked with, and the reps that would beat the best estimate there.
/// Figures worked by hand with Brzycki (w × 36 / (37 − r)).
final class RecordBookTests: XCTestCase {
    private let log = """
        Jan 02 2024,Bench Press,1,5,80
        Jan 02 2024,Bench Press,1,3,85
        Jan 09 2024,Bench Press,1,5,82.5
        Jan 09 2024,Bench Press,1,1,95
        Jan 16 2024,Bench Press,1,5,82.5
        Jan 16 2024,Bench Press,1,8,70
        Jan 16 2024,Bench Press,1,15,50
        Jan 23 2024,Bench Press,1,3,80

        """

    private func bench(_ text: String) throws -> ExerciseRecord {
        var aggregator = OneRepMaxAggregator(formula: .brzycki)
        try aggregator.ingest(text, file: "log.txt")
        return try XCTUnwrap(aggregator.summary().exercises.first)
    }

    private func day(_ text: String) -> CivilDate { CivilDate(iso: text)! }

    func testTheHeaviestWeightAtEachRepCountWithTheDayItWasFirstLifted() throws {
        let record = try bench(log)
        XCTAssertEqual(
            record.repMaxes,
            [
                RepMax(reps: 1, weight: 95, date: day("2024-01-09")),
                RepMax(reps: 3, weight: 85, date: day("2024-01-02")),
                // 82.5 × 5 twice: the first day stays.
                RepMax(reps: 5, weight: 82.5, date: day("2024-01-09")),
                RepMax(reps: 8, weight: 70, date: day("2024-01-16"))
            ])
        // 15 reps is past the book's 12.
        XCTAssertFalse(record.repMaxes.contains { $0.reps == 15 })
    }

    func testTheWeightLastWorkedWithAndTheRepsToBeatThere() throws {
        let record = try bench(log)
        XCTAssertEqual(record.lastWorkingSet, WorkingSet(weight: 80, date: day("2024-01-23")))
        // Best 95 (the single on 9 January). At 80: 6 reps give 80 × 36 / 31 = 92.9, 7 give 96.
        XCTAssertEqual(record.best?.oneRepMax, 95)
        XCTAssertEqual(record.repsToBeat(formula: .brzycki, maxReps: 36), 7)
        // Capped by the range: 12 reps at 60 give 60 × 36 / 25 = 86.4, short of 95.
        let light = try bench(log + "Jan 30 2024,Bench Press,1,5,60\n")
        XCTAssertEqual(light.lastWorkingSet?.weight, 60)
        XCTAssertNil(light.repsToBeat(formula: .brzycki, maxReps: 36))
    }
}
