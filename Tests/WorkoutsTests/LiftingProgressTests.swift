import Deterministic
import Workouts
import XCTest

/// Weekly volume, stalls and RPE-aware estimates (issue 54), worked by hand: Brzycki
/// w × 36 / (37 − r); volume = sets × reps × weight.
final class LiftingProgressTests: XCTestCase {
    private func summary(_ text: String, _ log: WorkoutLogOptions = WorkoutLogOptions()) throws -> WorkoutSummary {
        var aggregator = OneRepMaxAggregator(formula: .brzycki, log: log)
        try aggregator.ingest(text, file: "log.txt")
        return aggregator.summary()
    }

    private func day(_ text: String) -> CivilDate { CivilDate(iso: text)! }

    // MARK: Weekly volume

    func testVolumeIsSetsTimesRepsTimesWeightPerISOWeek() throws {
        let log = try summary(
            """
            Jan 07 2024,Bench Press,3,5,100
            Jan 08 2024,Bench Press,2,3,110
            Jan 14 2024,Bench Press,1,20,50
            Jan 09 2024,Squat,1,5,200

            """)
        let bench = try XCTUnwrap(log.exercises.first)
        // Sunday 7 January is in the week of Monday 1 January; 8 and 14 January are one week, and
        // a set of 20 reps (no estimate) still adds its volume: 660 + 1,000.
        XCTAssertEqual(
            bench.weeklyVolume,
            [
                WeekVolume(monday: day("2024-01-01"), volume: 1500, sets: 3),
                WeekVolume(monday: day("2024-01-08"), volume: 1660, sets: 3)
            ])
        XCTAssertEqual(
            log.weeklyVolume,
            [
                WeekVolume(monday: day("2024-01-01"), volume: 1500, sets: 3),
                WeekVolume(monday: day("2024-01-08"), volume: 2660, sets: 4)
            ])
    }

    func testVolumeIsInTheReportsUnit() throws {
        let kilograms = try summary(
            "Jan 08 2024,Bench Press,1,10,100\n", WorkoutLogOptions(unit: .kg, weightsIn: .lb))
        XCTAssertEqual(kilograms.weeklyVolume[0].volume, 1000 * 0.45359237, accuracy: 1e-9)
    }

    func testAWeekInALogWrittenBackwardsIsAddedUp() throws {
        let log = try summary("Jan 10 2024,Row,1,5,60\nJan 08 2024,Row,1,5,50\nJan 01 2024,Row,1,1,10\n")
        XCTAssertEqual(log.weeklyVolume.map(\.volume), [10, 550])
    }

    // MARK: Stalls

    func testAStallNeedsTheWeeksAndTheSessions() throws {
        let record = try XCTUnwrap(
            try summary(
                (["Jan 01 2024,Bench Press,1,5,100"]
                    + (1...9).map { "\(day("2024-01-01").adding(days: 7 * $0).logText),Bench Press,1,5,90" })
                    .joined(separator: "\n") + "\n"
            ).exercises.first)
        XCTAssertEqual(record.stall(), Stall(since: day("2024-01-01"), weeks: 9, sessions: 9))
        XCTAssertEqual(record.stall(weeks: 9, sessions: 9), Stall(since: day("2024-01-01"), weeks: 9, sessions: 9))
        XCTAssertNil(record.stall(weeks: 10), "9 weeks are not 10")
        XCTAssertNil(record.stall(sessions: 10), "9 sessions are not 10")
        // Eight weeks and six sessions are enough: 1 January to 26 February, sessions far apart.
        let sparse = try XCTUnwrap(
            try summary(
                """
                Jan 01 2024,Bench Press,1,5,100
                Jan 02 2024,Bench Press,1,5,90
                Jan 03 2024,Bench Press,1,5,90
                Jan 04 2024,Bench Press,1,5,90
                Jan 05 2024,Bench Press,1,5,90
                Jan 06 2024,Bench Press,1,5,90
                Feb 25 2024,Bench Press,1,5,90

                """
            ).exercises.first)
        XCTAssertNil(sparse.stall(), "55 days are 7 whole weeks")
        let later = try XCTUnwrap(try summary("Feb 26 2024,Bench Press,1,5,90\n").exercises.first)
        XCTAssertNil(later.stall(), "one session is no stall")
    }

    func testATieWithTheBestIsNoNewBestAndAStallCountsFromTheFirst() throws {
        let record = try XCTUnwrap(
            try summary(
                (["Jan 01 2024,Bench Press,1,5,100", "Jan 02 2024,Bench Press,1,5,100"]
                    + (1...8).map { "\(day("2024-01-01").adding(days: 7 * $0).logText),Bench Press,1,5,90" })
                    .joined(separator: "\n") + "\n"
            ).exercises.first)
        // The best stays the first day it was reached; the day that tied it is a session after it.
        XCTAssertEqual(record.stall(), Stall(since: day("2024-01-01"), weeks: 8, sessions: 9))
    }

    // MARK: RPE

    func testHevysRPEColumnCounts() throws {
        // 20 Nov 2023: 120 × 5 at RPE 8 counts as 7 reps, 120 × 36 / 30 = 144; the failure set
        // 125 × 3 at RPE 10 gives 132.35. Without the RPE: 135.
        let rated = try ExportFixtures.summary("hevy-kg.csv")
        let day = try XCTUnwrap(rated.exercise("Full Squat")?.days.first)
        XCTAssertEqual(day.oneRepMax, 144, accuracy: 1e-9)
        XCTAssertEqual(day.bestSet.effort, .rpe(8))
        let plain = try ExportFixtures.summary("hevy-kg.csv", WorkoutLogOptions(effortCounts: false))
        XCTAssertEqual(plain.exercise("Full Squat")?.days.first?.oneRepMax ?? 0, 135, accuracy: 1e-9)
    }

    func testTheRepsLeftInTheTank() {
        XCTAssertEqual(Effort.rpe(8).repsLeft, 2)
        XCTAssertEqual(Effort.rpe(8.5).repsLeft, 1, "rounded down")
        XCTAssertEqual(Effort.rpe(10).repsLeft, 0)
        XCTAssertNil(Effort.rpe(0).repsLeft, "not a rating")
        XCTAssertNil(Effort.rpe(11).repsLeft)
        XCTAssertEqual(Effort.repsInReserve(0).repsLeft, 0)
        XCTAssertEqual(Effort.repsInReserve(2.5).repsLeft, 2)
        XCTAssertNil(Effort.repsInReserve(-1).repsLeft)
        XCTAssertEqual(Effort.rpe(8).estimatedReps(5, maxReps: 12), 7)
        XCTAssertEqual(Effort.rpe(6).estimatedReps(10, maxReps: 12), 12, "capped at the formula's range")
        XCTAssertEqual(Effort.rpe(6).estimatedReps(12, maxReps: 12), 12)
        XCTAssertEqual(Effort.rpe(12).estimatedReps(5, maxReps: 12), 5, "no rating, the reps done")
    }
}
