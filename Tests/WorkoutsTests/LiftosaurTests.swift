import Deterministic
import Foundation
import GazetteTestSupport
import XCTest
@testable import Workouts

/// Liftosaur's export in each of its four headers (issue 65, part 3), from our own fixtures in
/// their shapes: what was completed is read, never what was required; warm-ups and sets not done
/// are left out and counted. Figures by hand with Brzycki, w × 36 / (37 − r), 1 lb = 0.45359237 kg.
final class LiftosaurTests: XCTestCase {
    private let kgPerLb = 0.45359237

    func testLiftosaurIsFoundByItsWarmUpAndCompletedRepsColumns() {
        for header in [
            "DateTime,Program,Day Name,Exercise,Equipment,Is Warmup Set?,Required Reps,Completed Reps,Is AMRAP?,"
                + "Weight Value,Weight Unit,Completed Reps Time,Target Muscles,Synergist Muscles",
            "Workout DateTime,Program,Day Name,Exercise,Is Warmup Set?,Required Reps,Completed Reps,Is AMRAP?,"
                + "Required RPE,Completed RPE,Log RPE?,Required Weight Value,Required Weight Unit,"
                + "Completed Weight Value,Completed Weight Unit,Ask Weight?,Completed Reps Time,Target Muscles,"
                + "Synergist Muscles,Notes"
        ] {
            XCTAssertEqual(ColumnLayout.detect(header.components(separatedBy: ",")), .liftosaur)
        }
        XCTAssertNil(ColumnLayout.detect(["Workout DateTime", "Exercise", "Is Warm-up?", "Completed Reps"]))
    }

    /// 2025's twenty columns: the completed weight with its own unit, never the required one.
    func testTheCurrentHeaderReadsWhatWasCompletedInEachRowsUnit() throws {
        let read = try ExportFixtures.summary("liftosaur-2025.csv")
        // The first set read (the squat's 100 kg; its warm-up is left out) makes the report kg.
        XCTAssertEqual(read.unit, .kg)
        // Squat, 20 May: 3 × 100 = 105.88 and 5 × 95 = 106.875 (the required 5 × 102.5 would give
        // 115.31); 22 May 22:00 UTC is UTC's 22 May: 5 × 100 at a completed RPE of 8 counts 7 reps,
        // 100 × 36 / 30 = 120 (the required RPE 9 would give 6 reps, 116.13).
        assertFigures(read, "Squat", best: (date(2025, 5, 22), 120), latest: (date(2025, 5, 22), 120))
        XCTAssertEqual(read.exercise("Squat")?.days.map(\.oneRepMax), [106.875, 120])
        // Bench in lb: 10 × 135 = 180 lb (the required 8 would give 167.59); 6 × 145 = 168.39 lb.
        assertFigures(
            read, "Bench Press", best: (date(2025, 5, 20), 180 * kgPerLb),
            latest: (date(2025, 5, 22), 145 * 36.0 / 31 * kgPerLb))
        // A name quoted for its comma is one exercise of its own: 8 × 30 = 37.24.
        assertFigures(
            read, "Squat, Dumbbell", best: (date(2025, 5, 20), 30 * 36.0 / 29),
            latest: (date(2025, 5, 20), 30 * 36.0 / 29))
        // Three warm-ups; the squat set not done (no completed reps nor weight) is a row without reps.
        XCTAssertEqual(read.leftOut, LeftOutSets(warmups: 3, withoutReps: 1))
        XCTAssertEqual(read.warnings, [], "every row says its unit")
        XCTAssertEqual(read.setCount, 6)

        let pounds = try ExportFixtures.summary("liftosaur-2025.csv", WorkoutLogOptions(unit: .lb))
        assertFigures(
            pounds, "Bench Press", best: (date(2025, 5, 20), 180), latest: (date(2025, 5, 22), 145 * 36.0 / 31))
        let plain = try ExportFixtures.summary("liftosaur-2025.csv", WorkoutLogOptions(effortCounts: false))
        assertFigures(plain, "Squat", best: (date(2025, 5, 22), 112.5), latest: (date(2025, 5, 22), 112.5))
        let warmups = try ExportFixtures.summary("liftosaur-2025.csv", WorkoutLogOptions(includeWarmups: true))
        XCTAssertEqual(warmups.setCount, 9)
        XCTAssertEqual(warmups.leftOut, LeftOutSets(withoutReps: 1))
    }

    /// 2024's fifteen columns: one `Weight Value` per set; a set not done keeps its weight and has
    /// no completed reps.
    func testThe2024HeaderReadsTheSetsWeightAndCompletedReps() throws {
        let read = try ExportFixtures.summary("liftosaur-2024.csv")
        XCTAssertEqual(read.unit, .kg)
        // Deadlift, 3 Sep: 4 × 140 = 152.73 (required 5); 5 Sep: 5 × 140 = 157.5.
        assertFigures(read, "Deadlift", best: (date(2024, 9, 5), 157.5), latest: (date(2024, 9, 5), 157.5))
        XCTAssertEqual(read.exercise("Deadlift")?.days.first?.oneRepMax ?? 0, 140 * 36.0 / 33, accuracy: 1e-9)
        // 12 × 50 lb = 72 lb; the press's RPE 7 leaves 3 reps: 5 + 3 = 8, 95 × 36 / 29 lb.
        assertFigures(
            read, "Bench Press, Dumbbell", best: (date(2024, 9, 3), 72 * kgPerLb),
            latest: (date(2024, 9, 3), 72 * kgPerLb))
        assertFigures(
            read, "Overhead Press", best: (date(2024, 9, 3), 95 * 36.0 / 29 * kgPerLb),
            latest: (date(2024, 9, 3), 95 * 36.0 / 29 * kgPerLb))
        XCTAssertEqual(read.leftOut, LeftOutSets(warmups: 1, withoutReps: 1))
    }

    /// 2023's sixteen columns, `Equipment` beside the name (not read): in pounds, a curl in kg.
    func testThe2023HeaderWithItsEquipmentColumn() throws {
        let read = try ExportFixtures.summary("liftosaur-2023.csv")
        XCTAssertEqual(read.unit, .lb)
        // Squat, 18 Dec: 5 × 225 = 253.125 and 3 × 225 = 238.24; 20 Dec: 6 × 230 = 267.10.
        assertFigures(
            read, "Squat", best: (date(2023, 12, 20), 230 * 36.0 / 31), latest: (date(2023, 12, 20), 230 * 36.0 / 31))
        XCTAssertEqual(read.exercise("Squat")?.days.first?.oneRepMax ?? 0, 253.125, accuracy: 1e-9)
        // 10 × 15 kg = 20 kg, in lb.
        assertFigures(
            read, "Bicep Curl", best: (date(2023, 12, 18), 20 / kgPerLb), latest: (date(2023, 12, 18), 20 / kgPerLb))
        XCTAssertEqual(read.leftOut, LeftOutSets(warmups: 1, withoutReps: 1))
    }

    /// 2022's fourteen columns: `DateTime`, and a set's time as quoted RFC 1123 text (not read).
    func testThe2022HeaderWithItsDateTimeColumn() throws {
        let read = try ExportFixtures.summary("liftosaur-2022.csv")
        XCTAssertEqual(read.unit, .kg)
        // Bench, 20 Feb: 5 × 60 = 67.5 (the AMRAP not done is left out); 22 Feb: 6 × 60 = 69.68.
        assertFigures(
            read, "Bench Press", best: (date(2022, 2, 22), 60 * 36.0 / 31), latest: (date(2022, 2, 22), 60 * 36.0 / 31))
        assertFigures(
            read, "Bent Over Row", best: (date(2022, 2, 20), 135 * 36.0 / 29 * kgPerLb),
            latest: (date(2022, 2, 20), 135 * 36.0 / 29 * kgPerLb))
        // The chin-up's 0 kg is a row without a weight.
        XCTAssertEqual(read.leftOut, LeftOutSets(warmups: 1, withoutWeight: 1, withoutReps: 1))
        XCTAssertNil(read.exercise("Chin Up"))
    }

    /// The four files merge as one log, each in its own shape.
    func testEveryHeaderMergesIntoOneReport() throws {
        var aggregator = OneRepMaxAggregator(log: WorkoutLogOptions(unit: .kg))
        for name in ["liftosaur-2022.csv", "liftosaur-2023.csv", "liftosaur-2024.csv", "liftosaur-2025.csv"] {
            try aggregator.ingest(
                try Data(contentsOf: Fixture.url("workout-exports").appendingPathComponent(name)), file: name)
        }
        let merged = aggregator.summary()
        XCTAssertEqual(merged.leftOut, LeftOutSets(warmups: 6, withoutWeight: 1, withoutReps: 4))
        // 2023's 6 × 230 lb = 267.10 lb = 121.15 kg beats 2025's 120 kg.
        assertFigures(
            merged, "Squat", best: (date(2023, 12, 20), 230 * 36.0 / 31 * kgPerLb), latest: (date(2025, 5, 22), 120))
        XCTAssertEqual(merged.exercise("Squat")?.days.count, 4)
    }

    func testANamedLiftosaurFileWithoutItsColumnsSaysWhichIsMissing() {
        let error = ExportFixtures.error(
            "Workout DateTime,Exercise,Is Warmup Set?,Completed Reps\n2025-05-20T05:00:00.000Z,Squat,0,5\n",
            WorkoutLogOptions(format: .named(.liftosaur)))
        XCTAssertEqual(error?.line, 1)
        XCTAssertEqual(
            error?.message,
            "the header has no `Completed Weight Value` (or `Weight Value`) column, which a liftosaur file has "
                + "(the header is `Workout DateTime,Exercise,Is Warmup Set?,Completed Reps`)")
        let unit = ExportFixtures.error(
            "Workout DateTime,Exercise,Is Warmup Set?,Completed Reps,Completed Weight Value,Completed Weight Unit\n"
                + "2025-05-20T05:00:00.000Z,Squat,0,5,100,stone\n")
        XCTAssertEqual(unit?.line, 2)
        XCTAssertEqual(unit?.column, 40)
        XCTAssertEqual(unit?.message, "`Completed Weight Unit` is not a weight unit (kg or lbs): `stone`")
    }
}
