import Deterministic
import Foundation
import GazetteTestSupport
import XCTest
@testable import Workouts

/// Strong recognised by its layout in any language, its 2016 and 2025 shapes, and the words and
/// letters of its `Set Order` (issue 51). Every figure is worked out by hand with Brzycki,
/// w × 36 / (37 − r), in kg and in lb (1 lb = 0.45359237 kg).
final class StrongAnyLanguageTests: XCTestCase {
    private let p = ExportFixtures.poundsPerKilogram

    func testFrenchIsReadByStrongsLayoutWithCRLFAndDurationsUnread() throws {
        // The RPE column is found by the shape's place: 80 × 5 at RPE 8 counts as 7 reps, 96.
        let rated = try ExportFixtures.summary("strong-french.csv", WorkoutLogOptions(weightsIn: .kg))
        XCTAssertEqual(rated.exercise("Développé couché (barre)")?.best?.oneRepMax ?? 0, 96, accuracy: 1e-9)
        let kg = try ExportFixtures.summary("strong-french.csv", WorkoutLogOptions(weightsIn: .kg, effortCounts: false))
        XCTAssertEqual(kg.unit, .kg)
        // Without the RPE. Bench, 2 Sep: 80 × 5 = 90, 87.5 × 3 = 92.65 (the warm-up 40 × 10 left out); 9 Sep 82.5 × 4 = 90.
        assertFigures(
            kg, "Développé couché (barre)", best: (date(2024, 9, 2), 87.5 * 36 / 34),
            latest: (date(2024, 9, 9), 90))
        // Squat, 5 Sep: 110 × 2 = 113.14 beats 100 × 5 = 112.5; 9 Sep's 60 × 20 gives none.
        let squat = 110 * 36.0 / 35
        assertFigures(kg, "Squat (barre)", best: (date(2024, 9, 5), squat), latest: (date(2024, 9, 5), squat))
        // The rest timer's row (`Minuteur de repos`) is no set; the pull-ups have no weight.
        XCTAssertEqual(kg.leftOut, LeftOutSets(warmups: 1, withoutWeight: 1))
        XCTAssertEqual(kg.exercises.map(\.name), ["Développé couché (barre)", "Squat (barre)"])
        XCTAssertEqual(kg.warnings.map(\.text), ["strong-french.csv:10: reps 20 ≥ 13: no 1RM estimate"])

        let lb = try ExportFixtures.summary(
            "strong-french.csv", WorkoutLogOptions(unit: .lb, weightsIn: .kg, effortCounts: false))
        assertFigures(
            lb, "Développé couché (barre)", best: (date(2024, 9, 2), 87.5 * p * 36 / 34),
            latest: (date(2024, 9, 9), 82.5 * p * 36 / 33))
        assertFigures(lb, "Squat (barre)", best: (date(2024, 9, 5), squat * p), latest: (date(2024, 9, 5), squat * p))
    }

    func testChineseIsReadByStrongsLayoutAndADropSetIsASet() throws {
        // The RPE column by its place: 65 × 6 at RPE 8 counts as 8 reps, 65 × 36 / 29 = 80.69.
        let rated = try ExportFixtures.summary("strong-chinese.csv", WorkoutLogOptions(weightsIn: .kg))
        XCTAssertEqual(rated.exercise("卧推（杠铃）")?.best?.oneRepMax ?? 0, 65 * 36.0 / 29, accuracy: 1e-9)
        let kg = try ExportFixtures.summary(
            "strong-chinese.csv", WorkoutLogOptions(weightsIn: .kg, effortCounts: false))
        // Without the RPE. Bench: 6 Jan 65 × 6 = 75.48 beats 60 × 8 = 74.48; 13 Jan 67.5 × 5 = 75.94.
        assertFigures(kg, "卧推（杠铃）", best: (date(2025, 1, 13), 75.9375), latest: (date(2025, 1, 13), 75.9375))
        XCTAssertEqual(kg.exercise("卧推（杠铃）")?.days.first?.oneRepMax ?? 0, 65 * 36.0 / 31, accuracy: 1e-9)
        // Deadlift: 6 Jan 120 × 3 = 127.06; 9 Jan the drop set 100 × 6 = 116.13 counts.
        assertFigures(
            kg, "硬拉（杠铃）", best: (date(2025, 1, 6), 120 * 36.0 / 34), latest: (date(2025, 1, 9), 100 * 36.0 / 31))
        assertFigures(kg, "深蹲（杠铃）", best: (date(2025, 1, 9), 101.25), latest: (date(2025, 1, 9), 101.25))
        // A rest timer in a word Gazette does not know is read, has no weight and is counted with
        // the rows without one: never lost unsaid.
        XCTAssertEqual(kg.leftOut, LeftOutSets(warmups: 1, withoutWeight: 1))
        XCTAssertEqual(kg.setCount, 6, "durations such as 1小时13分钟 and 45分钟 are never read")

        let lb = try ExportFixtures.summary("strong-chinese.csv", WorkoutLogOptions(unit: .lb, weightsIn: .kg))
        assertFigures(
            lb, "硬拉（杠铃）", best: (date(2025, 1, 6), 120 * p * 36 / 34), latest: (date(2025, 1, 9), 100 * p * 36 / 31))
    }

    func testGermanAndAMadeUpLanguageReadAsEnglishDoes() throws {
        let english =
            "Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE\n"
        let madeUp = "Zorg,Vlib Nam,Plo,Kwex Nam,Tru Ord,Hev,Rop,Dis,Sek,Nota,Vlib Nota,Ugh\n"
        let rows =
            "2024-02-01 10:00:00,A,1h,Squat,W,60,5,0,0,,,\n2024-02-01 10:00:00,A,1h,Squat,1,100,5,0,0,,,\n"
            + "2024-02-03 10:00:00,A,50m,Squat,1,105,3,0,0,,,\n2024-02-03 10:00:00,A,50m,Squat,Rest Timer,0,0,0,90,,,\n"
        let options = WorkoutLogOptions(weightsIn: .kg)
        let read = try ExportFixtures.text(english + rows, options)
        XCTAssertEqual(try ExportFixtures.text(madeUp + rows, options), read)
        // 1 Feb 100 × 5 = 112.5 beats 3 Feb 105 × 3 = 111.18.
        assertFigures(read, "Squat", best: (date(2024, 2, 1), 112.5), latest: (date(2024, 2, 3), 105 * 36.0 / 34))
        XCTAssertEqual(read.leftOut, LeftOutSets(warmups: 1))
        // German, as the app writes it.
        let german = try ExportFixtures.summary("strong-german.csv", options)
        XCTAssertEqual(german.exercises.count, 2)
        // Named as strong, a made-up header is read by its layout too.
        var named = options
        named.format = .named(.strong)
        XCTAssertEqual(try ExportFixtures.text(madeUp + rows, named), read)
    }

    func testAHeaderOfStrongsCountIsStrongOnlyWhenItsRowsHoldWhatStrongsDo() {
        // Twelve columns, but the first holds no date: a spreadsheet of someone else's.
        let header = "A,B,C,D,E,F,G,H,I,J,K,L\n"
        for row in [
            "x,A,1h,Squat,1,100,5,0,0,,,\n",  // no date
            "2024-02-01,A,1h,Squat,1,heavy,5,0,0,,,\n",  // no weight
            "2024-02-01,A,1h,Squat,1,100,five,0,0,,,\n",  // no reps
            "2024-02-01,A,1h,Squat,W,100,5,0,0,,,\n"  // no set among the rows
        ] {
            XCTAssertTrue(
                ExportFixtures.error(header + row)?.message.contains("matches no workout format") ?? false, row)
        }
        XCTAssertNil(ExportFixtures.error(header + "2024-02-01,A,1h,Squat,1,100,5,0,0,,,\n"))
        // A header alone says nothing of its rows: not Strong.
        XCTAssertNotNil(ExportFixtures.error(header))
    }

    func testStrong2016NamesTheUnitInTheWeightColumnAndCountsSetsFromZero() throws {
        let kg = try ExportFixtures.summary("strong-2016.csv")
        XCTAssertEqual(kg.unit, .kg)
        XCTAssertEqual(kg.warnings, [], "the header's `kg` says the unit")
        // Squat: 14 Mar 90 × 3 = 95.29; 18 Mar 92.5 × 3 = 97.94. Set 0 is a set.
        assertFigures(
            kg, "Squat (Barbell)", best: (date(2016, 3, 18), 92.5 * 36 / 34),
            latest: (date(2016, 3, 18), 92.5 * 36 / 34))
        XCTAssertEqual(kg.exercise("Squat (Barbell)")?.days.first?.oneRepMax ?? 0, 90 * 36.0 / 34, accuracy: 1e-9)
        assertFigures(kg, "Deadlift (Barbell)", best: (date(2016, 3, 16), 135), latest: (date(2016, 3, 16), 135))
        XCTAssertEqual(kg.leftOut, LeftOutSets(withoutWeight: 1), "the run has a distance, no weight")
        let lb = try ExportFixtures.summary("strong-2016.csv", WorkoutLogOptions(unit: .lb))
        assertFigures(
            lb, "Deadlift (Barbell)", best: (date(2016, 3, 16), 135 * p), latest: (date(2016, 3, 16), 135 * p))

        let pounds = try ExportFixtures.text(
            "Date,Workout Name,Exercise Name,Set Order,lbs,Reps,mi,Seconds,Notes\n"
                + "2016-05-02 07:00:00,A,Bench Press (Barbell),0,225,5,,,\n")
        XCTAssertEqual(pounds.unit, .lb)
        assertFigures(
            pounds, "Bench Press (Barbell)", best: (date(2016, 5, 2), 253.125), latest: (date(2016, 5, 2), 253.125))
    }

    func testStrong2025WordsLeaveOutWarmUpsRestsAndNotesAndReadFailureAndDropSets() throws {
        let kg = try ExportFixtures.summary("strong-2025.csv")
        XCTAssertEqual(kg.unit, .kg)
        // Overhead press: 50 × 5 at RPE 8 counts as 7 reps, 50 × 36 / 30 = 60; the failure set
        // 55 × 3 at RPE 10 = 58.24; the warm-ups are left out. Without the RPE: 56.25 and 58.24.
        assertFigures(
            kg, "Overhead Press (Barbell)", best: (date(2025, 4, 7), 60), latest: (date(2025, 4, 7), 60))
        let plain = try ExportFixtures.summary("strong-2025.csv", WorkoutLogOptions(effortCounts: false))
        assertFigures(
            plain, "Overhead Press (Barbell)", best: (date(2025, 4, 7), 55 * 36.0 / 34),
            latest: (date(2025, 4, 7), 55 * 36.0 / 34))
        // Pull-ups: 10 × 6 = 11.61; the drop set 5 × 8 = 6.21 counts as a set.
        assertFigures(
            kg, "Pull Up (Weighted)", best: (date(2025, 4, 10), 10 * 36.0 / 31),
            latest: (date(2025, 4, 10), 10 * 36.0 / 31))
        XCTAssertEqual(kg.exercise("Pull Up (Weighted)")?.setCount, 2)
        XCTAssertEqual(kg.leftOut, LeftOutSets(warmups: 2), "the rest timer and the note are no sets, unsaid")
        XCTAssertEqual(kg.warnings, [])
        let lb = try ExportFixtures.summary("strong-2025.csv", WorkoutLogOptions(unit: .lb))
        assertFigures(
            lb, "Overhead Press (Barbell)", best: (date(2025, 4, 7), 50 * p * 36 / 30),
            latest: (date(2025, 4, 7), 50 * p * 36 / 30))
        // With warm-ups included, WARM_UP rows count.
        let all = try ExportFixtures.summary("strong-2025.csv", WorkoutLogOptions(includeWarmups: true))
        XCTAssertEqual(all.exercise("Overhead Press (Barbell)")?.setCount, 4)
    }

    func testEverySetOrderWordAndLetter() {
        func kind(_ word: String) -> StrongSetOrder { StrongSetOrder(Array(word.utf8)) }
        XCTAssertEqual(["W", "w", "WARM_UP", "warm_up"].map(kind), Array(repeating: .warmup, count: 4))
        XCTAssertEqual(["D", "F", "DROP_SET", "FAILURE"].map(kind), Array(repeating: .set, count: 4))
        XCTAssertEqual(
            ["Rest Timer", "REST_TIMER", "Ruhezeit", "Minuteur de repos", "Note"].map(kind),
            Array(repeating: .noSet, count: 5))
        XCTAssertEqual(["1", "É", "休息计时器", ""].map(kind), Array(repeating: .other, count: 4))
    }

    /// The French export as published: ten columns (no notes), reps written `10.0`, and a set
    /// marked `É` (échec, a failed set, or échauffement: the file does not say), read as a set.
    func testFrenchTenColumnsWithAnAccentedSetOrder() throws {
        let read = try ExportFixtures.text(
            "Date,Nom de l'entraînement,Durée,Nom de l'exercice,Ordre de la série,Poids,Réps,Distance,Secondes,RPE\n"
                + "2026-05-20 08:56:38,\"Midi\",28min,\"Triceps Extension\",1,15.0,10.0,0,0.0,\n"
                + "2026-05-20 08:56:38,\"Midi\",28min,\"Triceps Extension\",É,17.0,10.0,0,0.0,\n",
            WorkoutLogOptions(weightsIn: .kg))
        XCTAssertEqual(read.exercise("Triceps Extension")?.setCount, 2)
        assertFigures(
            read, "Triceps Extension", best: (date(2026, 5, 20), 17 * 36.0 / 27),
            latest: (date(2026, 5, 20), 17 * 36.0 / 27))
    }
}
