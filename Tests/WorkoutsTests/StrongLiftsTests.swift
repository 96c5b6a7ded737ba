import Deterministic
import Foundation
import GazetteTestSupport
import XCTest
@testable import Workouts

/// StrongLifts 5×5 (issue 65, part 2) in its three layouts, from our own fixtures in their shapes:
/// 2015's row per workout with kg and lb both filled, 2017–2018's with only the lifter's unit and
/// a header as wide as the accessories, and today's row per exercise. Every figure is worked out
/// by hand with Brzycki, w × 36 / (37 − r): 5 reps are w × 1.125, 3 reps w × 36 / 34.
final class StrongLiftsTests: XCTestCase {
    /// Two groups of three sets, for rows written here.
    private let twoGroups =
        "Date,Note,Body Weight (KG),Body Weight (LB),Exercise 1,Weight (KG),Weight (LB),Set 1,Set 2,Set 3,"
        + "Exercise 2,Weight (KG),Weight (LB),Set 1,Set 2,Set 3,\n"

    // MARK: Finding the format

    func testEachLayoutIsFoundByItsNamesAndOtherRepeatedHeadersAreNot() {
        let legacyA = [
            "Date", "Note", "Workout", "Body Weight (KG)", "Body Weight (LB)", "Exercise 1", "Weight (KG)",
            "Weight (LB)", "Set 1", "Set 2", "Set 3", "Set 4", "Set 5", "Arm work", "Weight (KG)", "Weight (LB)",
            "Set 1", "Set 2", "Set 3"
        ]
        XCTAssertEqual(ColumnLayout.detect(legacyA), .stronglifts)
        XCTAssertEqual(ColumnLayout.detect(twoGroups.dropLast().components(separatedBy: ",")), .stronglifts)
        let today = [
            "Date (yyyy/mm/dd)", "Workout", "Exercise", "Sets×Reps", "Set 1 (Reps)", "Set 1 (LB)", "Set 2 (Reps)",
            "Set 2 (LB)"
        ]
        XCTAssertEqual(ColumnLayout.detect(today), .stronglifts)
        guard case let .perExercise(_, sets, unit, _, counted)? = StrongLiftsLayout(headers: today)?.rows else {
            return XCTFail("today's layout")
        }
        XCTAssertEqual(sets, [.init(reps: 4, weight: 5), .init(reps: 6, weight: 7)])
        XCTAssertEqual(unit, .lb)
        XCTAssertEqual(counted, 3)
        // `Exercise` without a number repeated is some other sheet: still refused as before.
        XCTAssertNil(
            ColumnLayout.detect(["Date", "Exercise", "Weight (KG)", "Set 1", "Exercise", "Weight (KG)", "Set 1"]))
        // A name inside a group that is none of its own is no StrongLifts header.
        XCTAssertNil(ColumnLayout.detect(["Date", "Exercise 1", "Weight (KG)", "Set 1", "Comment"]))
    }

    func testANamedFormatWhoseHeaderIsNotStrongLiftsSaysWhatItLacks() throws {
        let error = try XCTUnwrap(
            ExportFixtures.error(
                "Date,Exercise,Reps,Weight\n2024-01-02,Squat,5,100\n",
                WorkoutLogOptions(format: .named(.stronglifts))))
        XCTAssertEqual(error.line, 1)
        XCTAssertTrue(error.message.hasPrefix(StrongLiftsLayout.expected), error.message)
    }

    // MARK: Rows per workout

    /// 2015: 10 Mar squat 60 × 5 = 67.5; 13 Mar 62.5 × 5 = 70.3125 (the row repeated on line 4
    /// counts once); 15 Mar 65 × 5 = 73.125 beats 65 × 3 = 68.82; 17 Mar 55 × 5 = 61.875.
    func testLegacyAReadsKilogramsWhenTheReportNamesNoUnitAndSaysSo() throws {
        let name = "stronglifts-legacy-a.csv"
        let kg = try ExportFixtures.summary(name)
        XCTAssertEqual(kg.unit, .kg)
        XCTAssertEqual(
            kg.exercises.map(\.name), ["Squat", "Bench press", "Barbell row", "Overhead press", "Deadlift"],
            "Dips, Planks and Chinups have no weight; Planks count seconds")
        assertFigures(kg, "Squat", best: (date(2015, 3, 15), 73.125), latest: (date(2015, 3, 17), 61.875))
        XCTAssertEqual(kg.exercise("Squat")?.setCount, 20, "four distinct workouts of five sets")
        // 15 Mar: 42.5 × 5 = 47.8125, the failed third set (0) left out.
        assertFigures(
            kg, "Bench press", best: (date(2015, 3, 15), 47.8125), latest: (date(2015, 3, 15), 47.8125))
        XCTAssertEqual(kg.exercise("Bench press")?.setCount, 9)
        // 30 × 5 = 33.75 on 13 and 17 Mar: a tie keeps the first day.
        assertFigures(kg, "Overhead press", best: (date(2015, 3, 13), 33.75), latest: (date(2015, 3, 17), 33.75))
        assertFigures(kg, "Deadlift", best: (date(2015, 3, 17), 92.8125), latest: (date(2015, 3, 17), 92.8125))
        // Dips 2 sets and Chinups 3 at weight 0; Planks' 2 timed sets and the failed bench set.
        XCTAssertEqual(kg.leftOut, LeftOutSets(withoutWeight: 5, withoutReps: 3))
        XCTAssertEqual(
            kg.warnings.map(\.text),
            [
                "\(name):1: both kg and lb are in the file; read in kg, set `unit: lb` for pounds",
                "\(name):4: left out 2 repeated rows (lines 4, 6): each row that repeats an earlier one whole is "
                    + "counted once"
            ])
    }

    /// The same file with `unit: lb` reads the pound column, rounded by the app, not a conversion:
    /// squat 145 × 5 = 163.125 lb (65 kg would be 161.2), 120 × 5 = 135; deadlift 180 × 5 = 202.5.
    func testLegacyAInPoundsReadsThePoundColumn() throws {
        let lb = try ExportFixtures.summary("stronglifts-legacy-a.csv", WorkoutLogOptions(unit: .lb))
        XCTAssertEqual(lb.unit, .lb)
        assertFigures(lb, "Squat", best: (date(2015, 3, 15), 163.125), latest: (date(2015, 3, 17), 135))
        assertFigures(lb, "Deadlift", best: (date(2015, 3, 17), 202.5), latest: (date(2015, 3, 17), 202.5))
        assertFigures(lb, "Bench press", best: (date(2015, 3, 15), 106.875), latest: (date(2015, 3, 15), 106.875))
        XCTAssertEqual(lb.exercise("Squat")?.days.first?.bestSet.unit, nil, "logged in the report's unit")
        XCTAssertEqual(lb.warnings.map(\.message).filter { $0.contains("both kg and lb") }, [])
    }

    /// 2019, day first (14/01/19 shows it; the first two rows wait for it), a kg user: squat
    /// 7 Jan 100 × 5 = 112.5, 9 Jan 102.5 × 5 = 115.3125, 14 Jan 105 × 5 = 118.125 (two failed
    /// sets), 16 Jan the same again; the Exercise 4 group: Planks (seconds) and Dips 10 × 8 =
    /// 10 × 36 / 29. Rows of 35 fields under the 37 of the header are read as far as they go.
    func testLegacyBDayFirstInKilograms() throws {
        let kg = try ExportFixtures.summary("stronglifts-legacy-b-ddmmyy.csv")
        XCTAssertEqual(kg.unit, .kg)
        XCTAssertEqual(
            kg.exercise("Squat")?.days.map(\.date),
            [date(2019, 1, 7), date(2019, 1, 9), date(2019, 1, 14), date(2019, 1, 16)])
        XCTAssertEqual(kg.exercise("Squat")?.days.map(\.oneRepMax), [112.5, 115.3125, 118.125, 118.125])
        assertFigures(kg, "Squat", best: (date(2019, 1, 14), 118.125), latest: (date(2019, 1, 16), 118.125))
        XCTAssertEqual(kg.exercise("Squat")?.setCount, 18)
        assertFigures(kg, "Bench Press", best: (date(2019, 1, 14), 81.5625), latest: (date(2019, 1, 14), 81.5625))
        assertFigures(kg, "Overhead Press", best: (date(2019, 1, 16), 53.4375), latest: (date(2019, 1, 16), 53.4375))
        assertFigures(kg, "Deadlift", best: (date(2019, 1, 16), 140.625), latest: (date(2019, 1, 16), 140.625))
        assertFigures(
            kg, "Dips", best: (date(2019, 1, 14), 10 * 36.0 / 29), latest: (date(2019, 1, 14), 10 * 36.0 / 29))
        XCTAssertNil(kg.exercise("Planks"))
        XCTAssertEqual(kg.leftOut, LeftOutSets(withoutReps: 5))
        XCTAssertEqual(kg.warnings, [], "one unit filled: nothing to say")
    }

    /// 2018, month first (01/15/18 shows it), a lb user with a 43-field header (Exercise 5 of
    /// three sets) and rows of 39, 41, 43 and 44 fields: squat 8 Jan 135 × 5 = 151.875 … 17 Jan
    /// 150 × 5 = 168.75; bench 15 Jan 100 × 5 = 112.5 (a failed set); Dips 25 × 8 = 25 × 36 / 29.
    /// The 25 lb plank's 60 and 45 are seconds: no set, never a 1RM.
    func testLegacyBMonthFirstInPounds() throws {
        let lb = try ExportFixtures.summary("stronglifts-legacy-b-mmddyy.csv")
        XCTAssertEqual(lb.unit, .lb)
        XCTAssertEqual(lb.exercise("Squat")?.days.first?.date, date(2018, 1, 8))
        assertFigures(lb, "Squat", best: (date(2018, 1, 17), 168.75), latest: (date(2018, 1, 17), 168.75))
        assertFigures(lb, "Bench Press", best: (date(2018, 1, 15), 112.5), latest: (date(2018, 1, 15), 112.5))
        assertFigures(lb, "Deadlift", best: (date(2018, 1, 17), 219.375), latest: (date(2018, 1, 17), 219.375))
        assertFigures(
            lb, "Dips", best: (date(2018, 1, 15), 25 * 36.0 / 29), latest: (date(2018, 1, 15), 25 * 36.0 / 29))
        XCTAssertNil(lb.exercise("Planks"))
        XCTAssertNil(lb.exercise("Chinups"))
        // Chinups 3 sets at 0 lb; Planks 2 timed sets and the failed bench set.
        XCTAssertEqual(lb.leftOut, LeftOutSets(withoutWeight: 3, withoutReps: 3))
        // With `unit: kg` every set converts: 150 lb × 1.125 in kg.
        let kg = try ExportFixtures.summary("stronglifts-legacy-b-mmddyy.csv", WorkoutLogOptions(unit: .kg))
        XCTAssertEqual(kg.exercise("Squat")?.best?.oneRepMax ?? 0, 168.75 * 0.45359237, accuracy: 1e-9)
    }

    /// `dd/mm/yyyy`: 28/03/2016 shows day first; squat 2 Mar 100 × 5 = 112.5, 28 Mar 110 × 3.
    func testDayFirstWithFourDigitYears() throws {
        let read = try ExportFixtures.text(
            twoGroups + "02/03/2016,,80,,Squat,100,,5,5,5,,,,,,\n28/03/2016,,80,,Squat,110,,3,3,3,Bench,60,,5,5,5,\n")
        assertFigures(
            read, "Squat", best: (date(2016, 3, 28), 110 * 36.0 / 34), latest: (date(2016, 3, 28), 110 * 36.0 / 34))
        XCTAssertEqual(read.exercise("Squat")?.days.first?.date, date(2016, 3, 2))
        assertFigures(read, "Bench", best: (date(2016, 3, 28), 67.5), latest: (date(2016, 3, 28), 67.5))
    }

    // MARK: Dates whose order the file does not show

    func testDatesThatReadEitherWayAreAnErrorAtTheFirstNamingDateFormat() throws {
        let file = twoGroups + "02/03/16,,80,,Squat,100,,5,5,5,\n04/03/16,,80,,Squat,102.5,,5,5,5,\n"
        let error = try XCTUnwrap(ExportFixtures.error(file))
        XCTAssertEqual(error.line, 2)
        XCTAssertEqual(error.column, 1)
        XCTAssertEqual(error.sourceLine, "02/03/16,,80,,Squat,100,,5,5,5,")
        XCTAssertEqual(
            error.message,
            "`Date` `02/03/16` may be day first or month first, and no date in the file has a number above 12 to "
                + "tell: set `date-format: DD/MM/YY` on the report if days come first, `date-format: MM/DD/YY` if "
                + "months do (`--date-format` on the command line)")
        // The report's date-format decides.
        let dayFirst = try ExportFixtures.text(file, WorkoutLogOptions(dateFormat: "DD/MM/YY"))
        XCTAssertEqual(dayFirst.exercise("Squat")?.days.map(\.date), [date(2016, 3, 2), date(2016, 3, 4)])
        let monthFirst = try ExportFixtures.text(file, WorkoutLogOptions(dateFormat: "MM/DD/YY"))
        XCTAssertEqual(monthFirst.exercise("Squat")?.days.map(\.date), [date(2016, 2, 3), date(2016, 4, 3)])
        // A four-digit year names its pattern.
        let long = try XCTUnwrap(ExportFixtures.error(twoGroups + "02/03/2016,,80,,Squat,100,,5,5,5,\n"))
        XCTAssertTrue(long.message.contains("`date-format: DD/MM/YYYY`"), long.message)
        // Rows without a set to count need no order.
        XCTAssertNoThrow(try ExportFixtures.text(twoGroups + "02/03/16,,80,,Dips,0,,8,8,8,\n"))
    }

    func testAFileWritingBothOrdersIsAnErrorAtTheLineThatContradicts() throws {
        let file = twoGroups + "13/01/19,,80,,Squat,100,,5,5,5,\n01/14/19,,80,,Squat,105,,5,5,5,\n"
        let error = try XCTUnwrap(ExportFixtures.error(file))
        XCTAssertEqual(error.line, 3)
        XCTAssertEqual(error.column, 1)
        XCTAssertEqual(
            error.message,
            "`Date` `01/14/19` is written month first, where line 2's `13/01/19` is day first: a file writes its "
                + "dates in one order")
        let skipped = try summary(file, invalidLines: .skip)
        XCTAssertEqual(skipped.exercise("Squat")?.days.map(\.date), [date(2019, 1, 13)])
        XCTAssertEqual(skipped.warnings.first?.line, 3)
        // The report's date-format reads every date by it: 13/01/19 is then no date.
        XCTAssertEqual(ExportFixtures.error(file, WorkoutLogOptions(dateFormat: "MM/DD/YY"))?.line, 2)
    }

    /// A repeated last row counts once though it has no line end.
    func testARepeatedLastRowWithoutALineEndCountsOnce() throws {
        let row = "13/01/19,,80,,Squat,100,,5,5,5,"
        let read = try ExportFixtures.text(twoGroups + row + "\r\n" + row)
        XCTAssertEqual(read.exercise("Squat")?.setCount, 3)
        XCTAssertEqual(
            read.warnings.map(\.text),
            ["t.csv:3: " + WorkoutWarning(file: "t.csv", line: 3, reason: .repeatedRows(count: 1, lines: [3])).message])
        XCTAssertTrue(read.warnings[0].message.hasPrefix("left out 1 repeated row (line 3)"), read.warnings[0].message)
    }

    // MARK: Rows that cannot be read

    /// A row skipped as invalid leaves none of its sets: Squat counts only from line 3.
    func testARowSkippedAsInvalidCountsNoneOfItsSets() throws {
        let file =
            twoGroups + "13/01/19,,80,,Squat,100,,5,5,5,Bench,sixty,,5,5,5,\n14/01/19,,80,,Squat,105,,5,5,5,\n"
        let error = try XCTUnwrap(ExportFixtures.error(file))
        XCTAssertEqual(error.line, 2)
        XCTAssertEqual(error.message, "`Weight (KG)` is not a number: `sixty`")
        let skipped = try summary(file, invalidLines: .skip)
        XCTAssertEqual(skipped.exercises.map(\.name), ["Squat"])
        XCTAssertEqual(skipped.exercise("Squat")?.days.map(\.date), [date(2019, 1, 14)])
        XCTAssertEqual(skipped.exercise("Squat")?.setCount, 3)
    }

    func testSetsUnderAGroupWithoutANameAreAnErrorAtTheName() throws {
        let error = try XCTUnwrap(
            ExportFixtures.error(twoGroups + "13/01/19,,80,,Squat,100,,5,5,5,,60,,5,5,5,\n"))
        XCTAssertEqual(error.line, 2)
        XCTAssertEqual(error.column, 32)
        XCTAssertEqual(error.message, "sets without an exercise: `Exercise 2` is empty")
        // Without sets it is an empty group: nothing to say.
        XCTAssertNoThrow(try ExportFixtures.text(twoGroups + "13/01/19,,80,,Squat,100,,5,5,5,,0,,,,,\n"))
    }

    /// An unquoted note with a comma moves the row's cells: the body weight's cell then holds
    /// text, an error there rather than sets read under the wrong names.
    func testAMovedRowIsAnErrorAtTheBodyWeight() throws {
        let error = try XCTUnwrap(
            ExportFixtures.error(twoGroups + "13/01/19,Felt good, really,80,,Squat,100,,5,5,5,\n"))
        XCTAssertEqual(error.line, 2)
        XCTAssertEqual(error.column, 21)
        XCTAssertEqual(error.message, "`Body Weight (KG)` is not a number: `really`")
    }

    // MARK: Today's rows per exercise

    /// 3 Mar: squat 60 × 5 = 67.5, bench 42.5 × 5 = 47.8125 (a failed fourth set), row 50 × 5;
    /// 5 Mar: squat 62.5 × 5 = 70.3125 and, in a second workout that day, 70 × 3 = 74.12; press
    /// 30 × 5 = 33.75 with a sixth set of its own weight (25 × 5); deadlift 80 × 5 = 90.
    func testTodaysLayoutInKilograms() throws {
        let kg = try ExportFixtures.summary("stronglifts-kg.csv")
        XCTAssertEqual(kg.unit, .kg)
        XCTAssertEqual(kg.exercises.map(\.name), ["Squat", "Bench Press", "Barbell Row", "Overhead Press", "Deadlift"])
        assertFigures(kg, "Squat", best: (date(2025, 3, 5), 70 * 36.0 / 34), latest: (date(2025, 3, 5), 70 * 36.0 / 34))
        XCTAssertEqual(kg.exercise("Squat")?.setCount, 11)
        assertFigures(kg, "Bench Press", best: (date(2025, 3, 3), 47.8125), latest: (date(2025, 3, 3), 47.8125))
        assertFigures(kg, "Barbell Row", best: (date(2025, 3, 3), 56.25), latest: (date(2025, 3, 3), 56.25))
        assertFigures(kg, "Overhead Press", best: (date(2025, 3, 5), 33.75), latest: (date(2025, 3, 5), 33.75))
        XCTAssertEqual(kg.exercise("Overhead Press")?.setCount, 6)
        assertFigures(kg, "Deadlift", best: (date(2025, 3, 5), 90), latest: (date(2025, 3, 5), 90))
        // Planks' three timed sets and the failed bench set.
        XCTAssertEqual(kg.leftOut, LeftOutSets(withoutReps: 4))
        XCTAssertEqual(kg.warnings, [])
    }

    /// The lb file: weights per set in pounds, with the app's one decimal; the body's weight stays
    /// in kg and is never read. Squat 155 × 3 = 164.12 on 5 Mar; deadlift 176.4 × 5 = 198.45.
    func testTodaysLayoutInPounds() throws {
        let lb = try ExportFixtures.summary("stronglifts-lb.csv")
        XCTAssertEqual(lb.unit, .lb)
        assertFigures(
            lb, "Squat", best: (date(2025, 3, 5), 155 * 36.0 / 34), latest: (date(2025, 3, 5), 155 * 36.0 / 34))
        XCTAssertEqual(lb.exercise("Squat")?.days.first?.oneRepMax ?? 0, 151.875, accuracy: 1e-9)
        assertFigures(lb, "Bench Press", best: (date(2025, 3, 3), 106.875), latest: (date(2025, 3, 3), 106.875))
        assertFigures(lb, "Deadlift", best: (date(2025, 3, 3), 198.45), latest: (date(2025, 3, 3), 198.45))
        assertFigures(lb, "Overhead Press", best: (date(2025, 3, 5), 74.3625), latest: (date(2025, 3, 5), 74.3625))
        XCTAssertEqual(lb.leftOut, LeftOutSets(withoutReps: 1))
        let kg = try ExportFixtures.summary("stronglifts-lb.csv", WorkoutLogOptions(unit: .kg))
        XCTAssertEqual(kg.exercise("Deadlift")?.best?.oneRepMax ?? 0, 198.45 * 0.45359237, accuracy: 1e-9)
    }

    /// A row whose `Sets×Time` is filled and `Sets×Reps` is not counts seconds, whatever its name.
    func testTodaysTimedRowsAreNoReps() throws {
        let header =
            "Date (yyyy/mm/dd),Workout,Exercise,Sets×Reps,Sets×Time,Set 1 (Reps),Set 1 (KG),Set 2 (Reps),Set 2 (KG)\n"
        let read = try ExportFixtures.text(
            header + "2025/03/03,1,\"Wall Sit\",,2×45s,45,10,40,10\n2025/03/03,1,\"Squat\",2×5,,5,60,5,60\n")
        XCTAssertEqual(read.exercises.map(\.name), ["Squat"])
        XCTAssertEqual(read.leftOut, LeftOutSets(withoutReps: 2))
    }

    func testTimedNamesAreKnownByTheirWords() {
        for name in ["Planks", "Side Plank", "Hollow Body Hold", "plank"] {
            XCTAssertTrue(StrongLiftsReading.isTimed(name), name)
        }
        for name in ["Squat", "Hang Clean", "Holdsworth Row", "Chinups"] {
            XCTAssertFalse(StrongLiftsReading.isTimed(name), name)
        }
    }

    private func summary(_ text: String, invalidLines: InvalidLinePolicy) throws -> WorkoutSummary {
        var aggregator = OneRepMaxAggregator(invalidLines: invalidLines)
        try aggregator.ingest(Array(text.utf8), file: "t.csv")
        return aggregator.summary()
    }
}
