import Deterministic
import Foundation
import GazetteTestSupport
import XCTest
@testable import Workouts

/// Lyfta, GymBook and Alpha Progression, each a format of its own (issue 51), from our own
/// fixtures in their shapes. Every figure is worked out by hand with Brzycki, w × 36 / (37 − r),
/// in kg and in lb (1 lb = 0.45359237 kg).
final class MoreAppsTests: XCTestCase {
    private let p = ExportFixtures.poundsPerKilogram

    // MARK: Lyfta

    func testLyftaIsFoundByItsHeaderWithItsLeadingSpaceAndReadsNullAsNothing() throws {
        XCTAssertEqual(
            ColumnLayout.detect([
                "Title", "Date", "Duration", "Exercise", "Superset id", "Weight", "Reps", "Distance", "Time", "Set Type"
            ]), .lyfta)
        let kg = try ExportFixtures.summary("lyfta.csv", WorkoutLogOptions(weightsIn: .kg))
        XCTAssertEqual(kg.unit, .kg)
        // Bench, 2 Jun: 90 × 5 = 101.25 beats the failure set 95 × 2 = 97.71 and the drop set
        // 70 × 8 = 86.90; 6 Jun 92.5 × 4 = 100.91. The trailing space of a name is not the name's.
        assertFigures(
            kg, "Bench Press", best: (date(2025, 6, 2), 101.25), latest: (date(2025, 6, 6), 92.5 * 36 / 33))
        XCTAssertEqual(kg.exercise("Bench Press")?.setCount, 4)
        assertFigures(
            kg, "Barbell Full Squat", best: (date(2025, 6, 4), 120 * 36.0 / 34),
            latest: (date(2025, 6, 4), 120 * 36.0 / 34))
        // The warm-up is left out; the dips and the run have `null` for a weight.
        XCTAssertEqual(kg.leftOut, LeftOutSets(warmups: 1, withoutWeight: 2))
        XCTAssertEqual(kg.warnings, [])

        let lb = try ExportFixtures.summary("lyfta.csv", WorkoutLogOptions(unit: .lb, weightsIn: .kg))
        assertFigures(
            lb, "Bench Press", best: (date(2025, 6, 2), 101.25 * p), latest: (date(2025, 6, 6), 92.5 * p * 36 / 33))
        // Lyfta does not say its unit: without weights-in, the report says what it assumed.
        let unsaid = try ExportFixtures.summary("lyfta.csv")
        XCTAssertEqual(
            unsaid.warnings.map(\.text),
            [
                "lyfta.csv:1: lyfta.csv does not say its weight unit: read as kg; set `weights-in: lb` on the report "
                    + "if the app recorded lb"
            ])
    }

    // MARK: GymBook

    func testGymBookInItalianIsKnownByItsLayoutAndReadsItsWordsAndDecimalCommas() throws {
        let kg = try ExportFixtures.summary("gymbook-italian.csv")
        XCTAssertEqual(kg.unit, .kg)
        // Bench, 9 Sep: 70 × 8 = 86.90, 77.5 × 5 = 87.19; the skipped 80 × 5 and the warm-up are
        // left out. 16 Sep: 80 × 3 = 84.71.
        assertFigures(
            kg, "Panca piana con bilanciere", best: (date(2024, 9, 9), 77.5 * 1.125),
            latest: (date(2024, 9, 16), 80 * 36.0 / 34))
        // Squat, 12 Sep: 100 × 3 = 105.88 beats 90 × 6 = 104.52.
        assertFigures(
            kg, "Squat con bilanciere", best: (date(2024, 9, 12), 100 * 36.0 / 34),
            latest: (date(2024, 9, 12), 100 * 36.0 / 34))
        // The plank is a time without a weight; the treadmill's cool-down set is left out as a warm-up.
        XCTAssertEqual(kg.leftOut, LeftOutSets(warmups: 2, withoutWeight: 1, skipped: 1))
        XCTAssertEqual(kg.warnings, [], "every weight says its unit")
        XCTAssertEqual(kg.exercises.map(\.name), ["Panca piana con bilanciere", "Squat con bilanciere"])

        let lb = try ExportFixtures.summary("gymbook-italian.csv", WorkoutLogOptions(unit: .lb))
        assertFigures(
            lb, "Squat con bilanciere", best: (date(2024, 9, 12), 100 * p * 36 / 34),
            latest: (date(2024, 9, 12), 100 * p * 36 / 34))
        let warmups = try ExportFixtures.summary("gymbook-italian.csv", WorkoutLogOptions(includeWarmups: true))
        XCTAssertEqual(warmups.exercise("Panca piana con bilanciere")?.setCount, 4, "the warm-up counts; skipped never")
    }

    func testGymBookInEnglishReadsThePoundsItsCellsSay() throws {
        let read = try ExportFixtures.summary("gymbook-english.csv")
        XCTAssertEqual(read.unit, .lb)
        // Deadlift: 315 × 5 = 354.38 beats 335 × 2 = 344.57.
        assertFigures(read, "Deadlift", best: (date(2025, 1, 2), 354.375), latest: (date(2025, 1, 2), 354.375))
        XCTAssertEqual(read.leftOut, LeftOutSets(warmups: 1, withoutWeight: 1, skipped: 1))
        let kg = try ExportFixtures.summary("gymbook-english.csv", WorkoutLogOptions(unit: .kg))
        assertFigures(
            kg, "Deadlift", best: (date(2025, 1, 2), 354.375 / p), latest: (date(2025, 1, 2), 354.375 / p))
    }

    func testGymBookCellsThatAreNoCountOrWeightAreErrorsAtTheirPlace() {
        let header =
            "Data,Programma,Orario,Esercizio,Zona,Primari,Secondari,Set / Riscaldamento / Defaticamento,"
            + "Ripetizioni / Tempo,Peso / Distanza,Appunti,Saltato\n"
        let badWeight = ExportFixtures.error(header + "09/09/24,A,18:00,Squat,,,,Set,5 ripetizioni,pesante,,No\n")
        XCTAssertEqual(badWeight?.line, 2)
        XCTAssertEqual(badWeight?.message, "`Peso / Distanza` is not a weight like `50,00 kg`: `pesante`")
        let badDate = ExportFixtures.error(header + "2024-09-09,A,18:00,Squat,,,,Set,5 ripetizioni,\"50 kg\",,No\n")
        XCTAssertEqual(badDate?.message, "`Data` is not a date like 28/04/25: `2024-09-09`")
        XCTAssertEqual(GymBookColumns.reps("45 secondi"), .some(nil))
        XCTAssertEqual(GymBookColumns.reps("2 minuti"), .some(nil))
        XCTAssertEqual(GymBookColumns.reps("1:30"), .some(nil))
        XCTAssertEqual(GymBookColumns.reps("12 Wiederholungen"), .some(12))
        XCTAssertNil(GymBookColumns.reps("dodici"))
        // The yes words docs/guide/workouts.md names mark a skipped set; a no does not.
        for (word, yes) in [
            ("Sì", true), ("Yes", true), ("Ja", true), ("Oui", true), ("Sí", true), ("Sim", true),
            ("No", false), ("Nein", false), ("", false)
        ] {
            let read = Array(word.utf8).withUnsafeBytes { raw in GymBookColumns.isYes(raw, 0..<raw.count) }
            XCTAssertEqual(read, yes, word)
        }
    }

    // MARK: Alpha Progression

    func testAlphaProgressionsBlocksInPoundsWithNotesOverLinesAndNoBreakSpaces() throws {
        let lb = try ExportFixtures.summary("alpha-progression.csv")
        XCTAssertEqual(lb.unit, .lb)
        // Twist curls: 32.5 × 12 = 46.8 (27.5 × 20 gives none).
        assertFigures(
            lb, "Twist Curls with Rope Cable", best: (date(2023, 3, 24), 46.8), latest: (date(2023, 3, 24), 46.8))
        // Drag curls, 24 Mar: 40 × 8 = 49.66; 26 Mar (the name with a no-break space is the same
        // exercise): 50 × 3 = 52.94 beats 45 × 6 = 52.26.
        assertFigures(
            lb, "Drag Curls Barbell", best: (date(2023, 3, 26), 50 * 36.0 / 34),
            latest: (date(2023, 3, 26), 50 * 36.0 / 34))
        XCTAssertEqual(lb.exercise("Drag Curls Barbell")?.setCount, 4)
        XCTAssertEqual(lb.exercises.count, 2, "an exercise with no sets is not listed")
        // Rows without a weight: a `0`, two crunches under `#,REPS`, two sets planned as `-,-`.
        XCTAssertEqual(lb.leftOut, LeftOutSets(withoutWeight: 5))
        let kg = try ExportFixtures.summary("alpha-progression.csv", WorkoutLogOptions(unit: .kg))
        let k = 1 / p
        assertFigures(
            kg, "Drag Curls Barbell", best: (date(2023, 3, 26), 50 * k * 36 / 34),
            latest: (date(2023, 3, 26), 50 * k * 36 / 34))
    }

    func testAlphaProgressionsSemicolonBlocksWithWarmUpsAndAddedLoads() throws {
        let kg = try ExportFixtures.summary("alpha-progression-kg.csv")
        XCTAssertEqual(kg.unit, .kg)
        // Hack squats, the RIR counted: 19 Feb 115 × 8 with 1 in reserve, 9 reps = 147.86 (102,5 × 6
        // with none = 119.03); 23 Feb 120 × 5 with 2, 7 reps = 144. The plan's targets (`8 reps`)
        // are not the exercise's name.
        assertFigures(
            kg, "Hack Squats · Machine", best: (date(2026, 2, 19), 115 * 36.0 / 28), latest: (date(2026, 2, 23), 144))
        XCTAssertEqual(kg.exercise("Hack Squats · Machine")?.best?.bestSet.effort, .repsInReserve(1))
        // Without it: 115 × 8 = 142.76; 120 × 5 = 135.
        let plain = try ExportFixtures.summary("alpha-progression-kg.csv", WorkoutLogOptions(effortCounts: false))
        assertFigures(
            plain, "Hack Squats · Machine", best: (date(2026, 2, 19), 115 * 36.0 / 29),
            latest: (date(2026, 2, 23), 135))
        // Pull-ups: the load added to the body, +35 × 6 = 40.65; +0 is a row without a weight.
        assertFigures(
            kg, "Pull Ups · Bodyweight", best: (date(2026, 2, 19), 35 * 36.0 / 31),
            latest: (date(2026, 2, 19), 35 * 36.0 / 31))
        XCTAssertEqual(kg.leftOut, LeftOutSets(warmups: 3, withoutWeight: 1))
        let lb = try ExportFixtures.summary("alpha-progression-kg.csv", WorkoutLogOptions(unit: .lb))
        assertFigures(
            lb, "Hack Squats · Machine", best: (date(2026, 2, 19), 115 * p * 36 / 28),
            latest: (date(2026, 2, 23), 144 * p))
        // With warm-ups included, WU1 and WU2 (37,5 × 9 and 72,5 × 7) and WU1 40 × 8 are sets.
        let all = try ExportFixtures.summary("alpha-progression-kg.csv", WorkoutLogOptions(includeWarmups: true))
        XCTAssertEqual(all.exercise("Hack Squats · Machine")?.setCount, 6)
        XCTAssertEqual(all.leftOut, LeftOutSets(withoutWeight: 1))
    }

    func testAlphaProgressionsOddLinesAreErrorsAtTheirPlace() {
        let head = "Arms\n\"2023-03-24 7:26 pm\",51 min\n"
        let noSubHeader = ExportFixtures.error(head + "\"1. Curls\"\n#,LBS,REPS\n1,30,10\n\"2. Rows\"\n1,40,8\n")
        XCTAssertEqual(noSubHeader?.line, 7)
        XCTAssertEqual(noSubHeader?.message, "a set row before its exercise's `#,KG,REPS` line")
        let badWeight = ExportFixtures.error(head + "\"1. Curls\"\n#,LBS,REPS\n1,heavy,10\n")
        XCTAssertEqual(badWeight?.message, "the weight is not a number: `heavy`")
        XCTAssertEqual(badWeight?.line, 5)
        var named = WorkoutLogOptions()
        named.format = .named(.alphaProgression)
        XCTAssertEqual(
            ExportFixtures.error("Date,Exercise\n2024-01-01,Squat\n", named)?.message,
            "an alpha-progression file has a `#,KG,REPS` line over each exercise's sets")
        XCTAssertEqual(
            AlphaReading.exerciseName("12. Bench Press · Barbell · 6 reps · 1 dropset"), "Bench Press · Barbell")
        XCTAssertNil(AlphaReading.exerciseName("Day 3 · Week 1 · Plan_002"))
    }
}
