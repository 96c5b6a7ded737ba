import Deterministic
import Foundation
import GazetteTestSupport
import XCTest
@testable import Workouts

/// Lifters' files in the shapes met in round two (issue 40): Strong in German with rest rows,
/// today's FitNotes with a unit per row and names split at unquoted commas, JEFIT's sections, a
/// file that does not say its unit, long sets, and hostile CSV. Every figure below is worked out
/// by hand with Brzycki, w × 36 / (37 − r), in kg and in lb (1 lb = 0.45359237 kg).
final class RealExportsRoundTwoTests: XCTestCase {
    private static let poundsPerKilogram = ExportFixtures.poundsPerKilogram

    private func summary(_ name: String, _ log: WorkoutLogOptions = WorkoutLogOptions()) throws -> WorkoutSummary {
        try ExportFixtures.summary(name, log)
    }

    private func text(_ string: String, _ log: WorkoutLogOptions = WorkoutLogOptions(), file: String = "t.csv") throws
        -> WorkoutSummary
    {
        try ExportFixtures.text(string, log, file: file)
    }

    // MARK: Strong in German

    func testGermanStrongIsReadByItsColumnsAndItsRestRowsAreNoSets() throws {
        XCTAssertNil(
            ColumnLayout.detect([
                "Datum", "Workout-Name", "Dauer", "Name der Übung", "Reihenfolge festlegen", "Gewicht", "Wiederh."
            ]), "German is known by Strong's layout, not by its words")
        let kg = try summary("strong-german.csv", WorkoutLogOptions(weightsIn: .kg))
        XCTAssertEqual(kg.unit, .kg)
        // Bench, with the RPE column counted: 3 Mar 80 × 5 at RPE 8 leaves 2, so 7 reps = 96
        // (82.5 × 3 at RPE 9: 4 reps = 90); 10 Mar 85 × 2, no RPE = 87.43.
        assertFigures(
            kg, "Bankdrücken (Langhantel)", best: (date(2025, 3, 3), 96), latest: (date(2025, 3, 10), 85 * 36 / 35))
        XCTAssertEqual(kg.exercise("Bankdrücken (Langhantel)")?.best?.bestSet.effort, .rpe(8))
        // Without it: 80 × 5 = 90 (82.5 × 3 = 87.35 is less).
        let plain = try summary("strong-german.csv", WorkoutLogOptions(weightsIn: .kg, effortCounts: false))
        assertFigures(
            plain, "Bankdrücken (Langhantel)", best: (date(2025, 3, 3), 90),
            latest: (date(2025, 3, 10), 85 * 36 / 35))
        XCTAssertNil(plain.exercise("Bankdrücken (Langhantel)")?.best?.bestSet.effort, "the column is not read")
        // Squat: 7 Mar 110 × 2 = 113.14 beats 100 × 5 = 112.5; 60 × 20 gives no estimate.
        let squat = 110 * 36.0 / 35
        assertFigures(kg, "Kniebeuge (Langhantel)", best: (date(2025, 3, 7), squat), latest: (date(2025, 3, 7), squat))
        // Rest rows are left out unsaid: one warm-up and one pull-up without a weight are counted.
        XCTAssertEqual(kg.leftOut, LeftOutSets(warmups: 1, withoutWeight: 1))
        XCTAssertEqual(
            kg.warnings.map(\.text), ["strong-german.csv:10: reps 20 ≥ 13: no 1RM estimate"],
            "durations such as 31min, 1h 5m and 2h are not read and give no error")

        let lb = try summary("strong-german.csv", WorkoutLogOptions(unit: .lb, weightsIn: .kg))
        XCTAssertEqual(lb.unit, .lb)
        let p = Self.poundsPerKilogram
        assertFigures(
            lb, "Bankdrücken (Langhantel)", best: (date(2025, 3, 3), 80 * p * 36 / 30),
            latest: (date(2025, 3, 10), 85 * p * 36 / 35))
        assertFigures(
            lb, "Kniebeuge (Langhantel)", best: (date(2025, 3, 7), 110 * p * 36 / 35),
            latest: (date(2025, 3, 7), 110 * p * 36 / 35))
    }

    // MARK: Today's FitNotes

    func testTodaysFitNotesReadsTheUnitPerRowAndMendsNamesSplitAtCommas() throws {
        let kg = try summary("fitnotes-today.csv")
        XCTAssertEqual(kg.unit, .kg)
        XCTAssertEqual(
            kg.exercises.map(\.name),
            ["Flat Barbell Bench Press", "Overhead Press (Each Side, Dumbbells)", "Row (Cable, Seated, Wide Grip)"])
        let k = 0.45359237
        // Bench: 28 Apr 100 × 5 = 112.5; 2 May 225 lb × 2 = 102.06 kg × 36/35.
        assertFigures(
            kg, "Flat Barbell Bench Press", best: (date(2025, 4, 28), 112.5),
            latest: (date(2025, 5, 2), 225 * k * 36 / 35))
        // Overhead press: 10 × 8 = 12.41 beats 8 × 5 = 9.
        assertFigures(
            kg, "Overhead Press (Each Side, Dumbbells)", best: (date(2025, 4, 29), 10 * 36.0 / 29),
            latest: (date(2025, 4, 29), 10 * 36.0 / 29))
        assertFigures(
            kg, "Row (Cable, Seated, Wide Grip)", best: (date(2025, 4, 29), 132 * k * 36 / 27),
            latest: (date(2025, 4, 29), 132 * k * 36 / 27))
        XCTAssertEqual(kg.leftOut, LeftOutSets(withoutWeight: 1), "the run has no weight")
        XCTAssertEqual(
            kg.warnings.map(\.text),
            [
                "fitnotes-today.csv:4: 3 rows had unquoted commas in the exercise name; "
                    + "read as `Overhead Press (Each Side, Dumbbells)`"
            ])

        let lb = try summary("fitnotes-today.csv", WorkoutLogOptions(unit: .lb))
        let p = Self.poundsPerKilogram
        assertFigures(
            lb, "Flat Barbell Bench Press", best: (date(2025, 4, 28), 100 * p * 36 / 32),
            latest: (date(2025, 5, 2), 225 * 36.0 / 35))
        assertFigures(
            lb, "Row (Cable, Seated, Wide Grip)", best: (date(2025, 4, 29), 176), latest: (date(2025, 4, 29), 176))
    }

    func testARowThatCannotBeMendedIsAnErrorAtItsLine() {
        let header = "Date,Exercise,Category,Weight,Weight Unit,Reps,Distance,Distance Unit,Time\n"
        for (row, message) in [
            ("2025-05-03,Curl, EZ,Arms,heavy,kgs,10,,,", "the row has 10 fields where the header has 9"),
            ("2025-05-03,Curl,Arms,12,kgs,10,,,,", "the row has 10 fields where the header has 9"),
            ("2025-05-03,Curl, EZ,Arms,12,stone,10,,,", "the row has 10 fields where the header has 9")
        ] {
            var aggregator = OneRepMaxAggregator()
            XCTAssertThrowsError(try aggregator.ingest(Array((header + row + "\n").utf8), file: "f.csv"), row) {
                error in
                let error = error as! WorkoutLogError
                XCTAssertEqual(error.line, 2)
                XCTAssertEqual(error.message, message)
            }
        }
        var skipping = OneRepMaxAggregator(invalidLines: .skip)
        XCTAssertNoThrow(
            try skipping.ingest(
                Array((header + "2025-05-03,Curl, EZ,Arms,heavy,kgs,10,,,\n2025-05-03,Curl,Arms,12,kgs,10,,,\n").utf8),
                file: "f.csv"))
        XCTAssertEqual(skipping.summary().setCount, 1)
        XCTAssertEqual(
            skipping.summary().warnings.map(\.text),
            ["f.csv:2: skipped invalid row: the row has 10 fields where the header has 9"])
    }

    // MARK: JEFIT

    func testJefitSetsComeFromExerciseLogsInTheUnitSettingSays() throws {
        let kg = try summary("jefit.csv")
        XCTAssertEqual(kg.unit, .kg, "SETTING's mass is ` kgs`")
        XCTAssertEqual(kg.exercises.map(\.name), ["Barbell Bench Press", "Barbell Squat"])
        // Bench: 5 Feb 50 × 12 = 72 beats 65 × 3 = 68.82 and 60 × 5 = 67.5; 8 Feb 70 × 1 = 70, 40 × 15 none.
        assertFigures(kg, "Barbell Bench Press", best: (date(2024, 2, 5), 72), latest: (date(2024, 2, 8), 70))
        assertFigures(kg, "Barbell Squat", best: (date(2024, 2, 5), 112.5), latest: (date(2024, 2, 5), 112.5))
        XCTAssertEqual(kg.leftOut, LeftOutSets(withoutWeight: 1), "0x10 has no weight")
        XCTAssertEqual(kg.warnings.map(\.text), ["jefit.csv:28: reps 15 ≥ 13: no 1RM estimate"])
        XCTAssertEqual(kg.setCount, 6)

        let lb = try summary("jefit.csv", WorkoutLogOptions(unit: .lb))
        let p = Self.poundsPerKilogram
        assertFigures(
            lb, "Barbell Bench Press", best: (date(2024, 2, 5), 50 * p * 36 / 25), latest: (date(2024, 2, 8), 70 * p))
        assertFigures(
            lb, "Barbell Squat", best: (date(2024, 2, 5), 100 * p * 36 / 32),
            latest: (date(2024, 2, 5), 100 * p * 36 / 32))
    }

    func testAJefitFileWithoutExerciseLogsNamesTheSectionsItHas() {
        let file =
            "\n### SETTING ####\n\nrow_id,mass\n1, lbs\n\n####\n\n### PROFILE ####\n\nrow_id,height\n1,170\n####\n### ROUTINES ####\n####\n"
        var aggregator = OneRepMaxAggregator()
        XCTAssertThrowsError(try aggregator.ingest(Array(file.utf8), file: "j.csv")) { error in
            XCTAssertEqual(
                (error as! WorkoutLogError).headline,
                "j.csv:1:1: error: the JEFIT file has no `EXERCISE LOGS` section, which holds the sets "
                    + "(its sections: SETTING, PROFILE, ROUTINES)")
        }
        var named = OneRepMaxAggregator(log: WorkoutLogOptions(format: .named(.jefit)))
        XCTAssertThrowsError(try named.ingest(Array("Date,Exercise\n".utf8), file: "j.csv")) { error in
            XCTAssertEqual(
                (error as! WorkoutLogError).message,
                "a jefit file starts with a section's banner such as `### SETTING ####`")
        }
        let badLogs =
            "### EXERCISE LOGS ###\nmydate,ename,logs\n2024-02-05,Bench,\"60x5,sixtyx3\"\n"
        var bad = OneRepMaxAggregator()
        XCTAssertThrowsError(try bad.ingest(Array(badLogs.utf8), file: "j.csv")) { error in
            XCTAssertEqual((error as! WorkoutLogError).line, 3)
            XCTAssertEqual((error as! WorkoutLogError).message, "`logs` is not a number: `sixty`")
        }
    }

    // MARK: Units

    func testAFileThatDoesNotSayItsUnitIsReadInTheReportsUnitAndSaysSoOnce() throws {
        let assumed = try summary("strong-unitless.csv", WorkoutLogOptions(unit: .lb))
        XCTAssertEqual(
            assumed.warnings.map(\.text),
            [
                "strong-unitless.csv:1: strong-unitless.csv does not say its weight unit: read as lb; "
                    + "set `weights-in: kg` on the report if the app recorded kg"
            ])
        assertFigures(
            assumed, "Bench Press (Barbell)", best: (date(2024, 6, 1), 112.5),
            latest: (date(2024, 6, 4), 102.5 * 36 / 34))
        XCTAssertEqual(assumed.leftOut, LeftOutSets(), "the rest timer's row is no set")

        let said = try summary("strong-unitless.csv", WorkoutLogOptions(unit: .lb, weightsIn: .kg))
        XCTAssertEqual(said.warnings, [])
        let p = Self.poundsPerKilogram
        assertFigures(
            said, "Bench Press (Barbell)", best: (date(2024, 6, 1), 100 * p * 36 / 32),
            latest: (date(2024, 6, 4), 102.5 * p * 36 / 34))
        // The line format's unit is the specification's (lb): nothing to say.
        XCTAssertEqual(try text("Oct 11 2017,Back Squat,1,10,45\n").warnings, [])
    }

    // MARK: Long sets and max-reps

    func testHundredsOfLongSetsAreOneWarningWithTheFirstThreeLines() throws {
        var file = "Date,Workout Name,Exercise Name,Set Order,Weight,Weight Unit,Reps\n"
        for day in 1...28 {
            file += "2024-02-\(String(format: "%02d", day)) 10:00:00,A,Squat,1,100,kg,5\n"
            for set in 1...12 { file += "2024-02-\(String(format: "%02d", day)) 10:00:00,A,Swing,\(set),24,kg,30\n" }
        }
        let read = try text(file)
        XCTAssertEqual(read.warnings.count, 1)
        XCTAssertEqual(
            read.warnings.first?.text, "t.csv:3: left out 336 sets of more than 12 reps (lines 3, 4, 5, …): no estimate"
        )
        XCTAssertNil(read.exercise("Swing")?.best, "every swing is longer: listed with no estimate")
        XCTAssertEqual(read.exercise("Swing")?.setCount, 336)
        XCTAssertEqual(read.maxReps, 12)
    }

    func testAppExportsEstimateFromSetsOfOneToTwelveAndTheLineFormatUpToThirtySix() throws {
        let csv =
            "Date,Exercise Name,Set Order,Weight,Weight Unit,Reps\n2024-01-01,Row,1,50,kg,20\n2024-01-01,Row,2,60,kg,12\n"
        let app = try text(csv)
        XCTAssertEqual(app.exercise("Row")?.best?.oneRepMax ?? 0, 60 * 36.0 / 25, accuracy: 1e-9)
        XCTAssertEqual(app.warnings.map(\.text), ["t.csv:2: reps 20 ≥ 13: no 1RM estimate"])
        let long = try text(csv, WorkoutLogOptions(maxReps: 36))
        XCTAssertEqual(long.exercise("Row")?.best?.oneRepMax ?? 0, 50 * 36.0 / 17, accuracy: 1e-9)
        XCTAssertEqual(long.warnings, [])
        let line = try text("Jan 1 2024,Row,1,20,50\nJan 1 2024,Row,1,12,60\n")
        XCTAssertEqual(line.exercise("Row")?.best?.oneRepMax ?? 0, 50 * 36.0 / 17, accuracy: 1e-9, "SPEC §1.4")
        let five = try text("Jan 1 2024,Row,1,20,50\nJan 1 2024,Row,1,12,60\n", WorkoutLogOptions(maxReps: 5))
        XCTAssertNil(five.exercise("Row")?.best)
        XCTAssertEqual(five.maxReps, 5)
        XCTAssertEqual(
            five.warnings.map(\.text), ["t.csv:1: left out 2 sets of more than 5 reps (lines 1, 2): no estimate"])
    }

    // MARK: CSV that cannot be misread

    func testAStrayQuoteIsAnErrorNamingWhereItOpened() {
        let file =
            "Date,Exercise Name,Set Order,Weight,Reps,Notes\n2024-01-01,Squat,1,100,5,\"deep\n2024-01-02,\"Squat\",1,140,3,ok\n2024-01-03,Squat,1,100,5,\n"
        var aggregator = OneRepMaxAggregator(log: WorkoutLogOptions(weightsIn: .kg))
        XCTAssertThrowsError(try aggregator.ingest(Array(file.utf8), file: "s.csv")) { error in
            let error = error as! WorkoutLogError
            XCTAssertEqual(error.line, 2)
            XCTAssertEqual(error.column, 1)
            XCTAssertEqual(
                error.message,
                "the row has 10 fields where the header has 6; the quoted field that opens on line 2 runs on to line 3: "
                    + "a quote is missing or stray")
        }
    }

    func testLinesEndedByALoneCarriageReturnAreReadAndSaidOnce() throws {
        let lf =
            "Date,Exercise Name,Set Order,Weight,Weight Unit,Reps\n2024-01-01,Squat,1,100,kg,5\n2024-01-02,Squat,1,110,kg,2\n"
        let cr = lf.replacingOccurrences(of: "\n", with: "\r")
        let fromLF = try text(lf), fromCR = try text(cr)
        XCTAssertEqual(fromCR.exercises, fromLF.exercises)
        XCTAssertEqual(
            fromCR.warnings.map(\.text),
            ["t.csv:1: the file's lines end in a lone CR (classic Mac OS): each CR read as a line end"])
        var pieces = OneRepMaxAggregator()
        try pieces.ingest(chunks: Array(cr.utf8).map { [$0] }, file: "t.csv")
        XCTAssertEqual(pieces.summary(), fromCR)
        XCTAssertEqual(try text("Oct 11 2017,Back Squat,1,10,45\rOct 12 2017,Back Squat,1,5,50\r").setCount, 2)
    }

    func testUTF16WithItsByteOrderMarkIsRead() throws {
        let file = "Date\tExercise Name\tSet Order\tWeight\tWeight Unit\tReps\n2024-01-01\tKniebeuge 𝟙\t1\t100\tkg\t5\n"
        let expected = try text(file)
        for bigEndian in [false, true] {
            var bytes: [UInt8] = bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE]
            for unit in file.utf16 {
                let high = UInt8(unit >> 8), low = UInt8(unit & 0xFF)
                bytes += bigEndian ? [high, low] : [low, high]
            }
            var whole = OneRepMaxAggregator()
            try whole.ingest(bytes, file: "t.csv")
            XCTAssertEqual(whole.summary(), expected)
            for size in [1, 3] {
                var streamed = OneRepMaxAggregator()
                try streamed.ingest(
                    chunks: stride(from: 0, to: bytes.count, by: size).map {
                        Array(bytes[$0..<min($0 + size, bytes.count)])
                    },
                    file: "t.csv")
                XCTAssertEqual(streamed.summary(), expected, "UTF-16 in pieces of \(size)")
            }
        }
    }

    func testAControlCharacterInANameIsAnErrorAtItsLine() {
        for (file, line, column) in [
            ("Date,Exercise Name,Set Order,Weight,Reps\n2024-01-01,Bench\u{0}Press,1,100,5\n", 2, 17),
            ("Oct 11 2017,Back\u{0}Squat,1,10,45\n", 1, 17)
        ] {
            var aggregator = OneRepMaxAggregator()
            XCTAssertThrowsError(try aggregator.ingest(Array(file.utf8), file: "n.csv")) { error in
                let error = error as! WorkoutLogError
                XCTAssertEqual(error.message, "the exercise name holds a control character (U+0000)")
                XCTAssertEqual(error.line, line)
                XCTAssertEqual(error.column, column)
            }
        }
    }

    func testAFieldFullOfDoubledQuotesReadsWholeInPieces() throws {
        let notes = String(repeating: "\"\"", count: 60_000)
        let file =
            "Date,Exercise Name,Set Order,Weight,Weight Unit,Reps,Notes\n2024-01-01,Squat,1,100,kg,5,\"\(notes)\"\n"
            + "2024-01-02,Squat,1,110,kg,2,\"\(notes)\"\n"
        let bytes = Array(file.utf8)
        var streamed = OneRepMaxAggregator()
        try streamed.ingest(
            chunks: stride(from: 0, to: bytes.count, by: 4096).map { Array(bytes[$0..<min($0 + 4096, bytes.count)]) },
            file: "q.csv")
        XCTAssertEqual(streamed.summary().exercise("Squat")?.best?.oneRepMax ?? 0, 110 * 36.0 / 35, accuracy: 1e-9)
        XCTAssertEqual(streamed.summary().setCount, 2)
    }

    func testNamesThatDifferOnlyInNormalizationAreOneExercise() throws {
        let read = try text("Oct 11 2017,Caf\u{E9} Squat,1,5,100\nOct 12 2017,Cafe\u{301} Squat,1,5,110\n")
        XCTAssertEqual(read.exercises.count, 1, "canonically equivalent names (NFC) are one exercise")
        XCTAssertEqual(read.exercises.first?.days.count, 2)
    }
}
