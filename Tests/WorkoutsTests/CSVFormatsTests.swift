import Deterministic
import Foundation
import GazetteTestSupport
import XCTest
@testable import Workouts

/// The app exports at the module's level: RFC 4180 fields, the format found from the header,
/// cells by column name, units, what is left out, errors at their cell, and pieces of any size.
final class CSVFormatsTests: XCTestCase {
    private func records(_ text: String, delimiter: Character = ",") throws -> [[String]] {
        let bytes = Array(text.utf8)
        var rows: [[String]] = []
        try bytes.withUnsafeBytes { raw in
            var fields: [CSVField] = []
            var position = 0
            while position < raw.count {
                guard
                    let record = try CSVRecordReader.next(
                        raw, from: position, delimiter: delimiter.asciiValue!, into: &fields, final: true)
                else { break }
                rows.append(fields.map { String(decoding: CSVRecordReader.decode($0, in: raw), as: UTF8.self) })
                position = record.next
            }
        }
        return rows
    }

    func testFieldsFollowRFC4180() throws {
        XCTAssertEqual(try records("a,b,c\r\n1,2,3\n"), [["a", "b", "c"], ["1", "2", "3"]])
        XCTAssertEqual(
            try records("\"a,b\",\"say \"\"hi\"\"\",\"two\nlines\",\"\"\n"), [["a,b", "say \"hi\"", "two\nlines", ""]])
        XCTAssertEqual(try records("\"two\r\nlines\";x\r\n", delimiter: ";"), [["two\r\nlines", "x"]])
        XCTAssertEqual(try records("a\tb\t\n", delimiter: "\t"), [["a", "b", ""]])
        XCTAssertEqual(try records("5'10\",x\n"), [["5'10\"", "x"]], "a quote inside an unquoted field is a character")
        XCTAssertEqual(try records("\"a\"b,c\n"), [["ab", "c"]], "text after a closing quote stays with the field")
        XCTAssertEqual(try records("no line end"), [["no line end"]])
        XCTAssertThrowsError(try records("\"never closed,x\n")) { error in
            XCTAssertEqual((error as? CSVFault)?.offset, 0)
        }
    }

    /// Pieces cut at every byte, inside quotes, doubled quotes and CRLFs too, read as the whole.
    func testEveryFixtureReadInPiecesOfAnySizeGivesTheSameFigures() throws {
        let folder = Fixture.url("workout-exports")
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        where name != "unknown-header.csv" {
            let bytes = [UInt8](try Data(contentsOf: folder.appendingPathComponent(name)))
            var log = WorkoutLogOptions()
            if name.hasSuffix(".tsv") {
                log.columns = CSVColumns(
                    date: "Day", exercise: "Lift", reps: "Reps", weight: "Load", unit: "Unit", sets: "Sets",
                    dateFormat: "DD/MM/YYYY")
            }
            var whole = OneRepMaxAggregator(log: log)
            try whole.ingest(bytes, file: name)
            XCTAssertGreaterThan(whole.summary().setCount, 0, name)
            for size in [1, 2, 3, 5, 17, 64, 333] {
                let pieces = stride(from: 0, to: bytes.count, by: size).map {
                    Array(bytes[$0..<min($0 + size, bytes.count)])
                }
                var streamed = OneRepMaxAggregator(log: log)
                try streamed.ingest(chunks: pieces, file: name)
                XCTAssertEqual(streamed.summary(), whole.summary(), "\(name) in pieces of \(size) bytes")
            }
        }
    }

    func testTheFormatIsFoundFromTheHeader() {
        XCTAssertEqual(
            ColumnLayout.detect(["Date", "Workout Name", "Exercise Name", "Set Order", "Weight", "Reps"]), .strong)
        XCTAssertEqual(ColumnLayout.detect(["title", "start_time", "exercise_title", "weight_lbs", "reps"]), .hevy)
        XCTAssertEqual(
            ColumnLayout.detect(["Date", "Exercise", "Reps", "Weight(kg)", "isWarmup", "multiplier"]), .fitbod)
        XCTAssertEqual(ColumnLayout.detect(["Date", "Exercise", "Category", "Weight (lbs)", "Reps"]), .fitnotes)
        XCTAssertNil(ColumnLayout.detect(["Day", "Lift", "Reps", "Load"]))
        // A header read by name, whatever the columns' order or letter case.
        let text = "reps;EXERCISE NAME;weight (LBS);set order;date\n5;Squat;225;1;2019-01-11\n"
        var aggregator = OneRepMaxAggregator()
        XCTAssertNoThrow(try aggregator.ingest(Array(text.utf8), file: "s.csv"))
        XCTAssertEqual(aggregator.summary().unit, .lb)
        XCTAssertEqual(aggregator.summary().exercises.first?.best?.oneRepMax, 225 * 1.125)
    }

    func testTheLineFormatIsStillFoundWithoutAHeader() throws {
        for first in ["Oct 11 2017,Squat,1,5,100", ",Squat,1,5,100", "  oct 11 2017 , Squat , 1 , 5 , 100"] {
            var aggregator = OneRepMaxAggregator()
            do {
                try aggregator.ingest(Array((first + "\nOct 12 2017,Squat,1,5,100\n").utf8), file: "l.txt")
            } catch {
                XCTAssertEqual(error.message, #"expected a date like "Oct 11 2017""#, first)
                continue
            }
            XCTAssertEqual(aggregator.summary().unit, .lb)
        }
    }

    func testUnitsConvertExactlyBeforeTheEstimate() {
        XCTAssertEqual(WeightUnit.lb.convert(100, to: .kg), 45.359237)
        XCTAssertEqual(WeightUnit.kg.convert(45.359237, to: .lb), 100)
        XCTAssertEqual(WeightUnit.kg.convert(100, to: .kg), 100)
        let text =
            "Date,Exercise Name,Set Order,Weight,Weight Unit,Reps\n2019-01-11,Squat,1,100,kg,5\n2019-01-12,Squat,1,225,lbs,5\n"
        var aggregator = OneRepMaxAggregator(log: WorkoutLogOptions(unit: .lb))
        XCTAssertNoThrow(try aggregator.ingest(Array(text.utf8), file: "u.csv"))
        let days = aggregator.summary().exercises[0].days
        // 100 kg = 220.4623 lb × 1.125 = 248.0200; 225 lb × 1.125 = 253.125.
        let inPounds: Double = 100 / 0.45359237
        XCTAssertEqual(days.map(\.oneRepMax), [inPounds * 36 / 32, 225.0 * 36 / 32])
        XCTAssertEqual(days[0].bestSet.unit, .kg, "a set in another unit keeps its own")
        XCTAssertNil(days[1].bestSet.unit)
    }

    func testCellsAppsWrite() {
        func read(_ cell: String, comma: Bool = false) -> (Double?, Bool) {
            Array(cell.utf8).withUnsafeBytes { CellReader.decimal($0, 0..<$0.count, decimalComma: comma) }
        }
        XCTAssertEqual(read("12.900000000000034").0, 12.9)
        XCTAssertEqual(read("92.50000000000001").0, 92.5)
        XCTAssertEqual(read("102,5", comma: true).0, 102.5)
        XCTAssertFalse(read("102,5").1)
        XCTAssertEqual(read("-20").0, -20)
        XCTAssertEqual(read("").0, nil)
        XCTAssertTrue(read("").1)
        XCTAssertFalse(read("1e3").1)
        XCTAssertFalse(read("1.2.3").1)
    }

    func testDaysAsAppsWriteThem() {
        func day(_ text: String, _ reader: DayReader = .automatic) -> String? {
            Array(text.utf8).withUnsafeBytes { raw in
                reader.day(raw, 0..<raw.count).map { CivilDate(packed: $0).isoText }
            }
        }
        XCTAssertEqual(day("2019-01-11 12:31:54"), "2019-01-11")
        XCTAssertEqual(day("2020-05-31 23:59:51 -0800"), "2020-05-31", "the day written, no time-zone conversion")
        XCTAssertEqual(day("2024-03-02 1:05:09\u{202F}PM"), "2024-03-02")
        XCTAssertEqual(day("20 Nov 2023, 18:02"), "2023-11-20")
        XCTAssertEqual(day("9 Sep 2025, 06:46"), "2025-09-09")
        XCTAssertEqual(day("9 Sept 2025"), "2025-09-09")
        XCTAssertEqual(day("9 Sept. 2025, 06:46"), "2025-09-09")
        XCTAssertEqual(day("20 nov. 2023"), "2023-11-20")
        XCTAssertNil(day("20 Novem. 2023"))
        XCTAssertEqual(day("Nov 20, 2023"), "2023-11-20")
        XCTAssertEqual(day("2019-05-12"), "2019-05-12")
        XCTAssertNil(day("2019-02-29"))
        XCTAssertNil(day("2019-13-01"))
        XCTAssertNil(day("20 Novx 2023"))
        XCTAssertNil(day("11/01/2019"))
        let dayFirst = DayReader(pattern: "DD/MM/YYYY")!
        XCTAssertEqual(day("11/01/2019", dayFirst), "2019-01-11")
        XCTAssertEqual(day("1/1/2019 08:00", dayFirst), "2019-01-01")
        XCTAssertNil(day("2019-01-11", dayFirst))
        XCTAssertEqual(day("11-Jan-2019", DayReader(pattern: "DD-MMM-YYYY")!), "2019-01-11")
        XCTAssertNil(DayReader(pattern: "DD/MM"))
    }

    func testErrorsNameTheColumnAtItsCellAndLine() {
        let text =
            "Date;Exercise Name;Set Order;Weight;Reps;Notes\n2019-01-11;\"Squat\";1;100;5;\"two\nlines\"\n2019-01-12;Squat;1;heavy;5;\n"
        var aggregator = OneRepMaxAggregator()
        XCTAssertThrowsError(try aggregator.ingest(Array(text.utf8), file: "e.csv")) { error in
            let error = error as! WorkoutLogError
            XCTAssertEqual(error.headline, "e.csv:4:20: error: `Weight` is not a number: `heavy`")
            XCTAssertEqual(error.sourceLine, "2019-01-12;Squat;1;heavy;5;")
        }
        for (row, message) in [
            ("2019-01-12;Squat;1;100;5.5;", "`Reps` is not a whole number: `5.5`"),
            ("12.01.2019;Squat;1;100;5;", "`Date` is not a date like 2019-01-11: `12.01.2019`"),
            (";Squat;1;100;5;", "`Date` is empty"),
            ("2019-01-12;;1;100;5;", "`Exercise Name` is empty"),
            ("2019-01-12;Squat", "the row has 2 fields where the header has 6 (no `Set Order` cell)")
        ] {
            var aggregator = OneRepMaxAggregator()
            XCTAssertThrowsError(
                try aggregator.ingest(
                    Array(("Date;Exercise Name;Set Order;Weight;Reps;Notes\n" + row + "\n").utf8), file: "e.csv")
            ) { error in
                XCTAssertEqual((error as! WorkoutLogError).message, message)
            }
        }
        var skipping = OneRepMaxAggregator(invalidLines: .skip)
        XCTAssertNoThrow(try skipping.ingest(Array(text.utf8), file: "e.csv"))
        XCTAssertEqual(
            skipping.summary().warnings.map(\.text),
            [
                "e.csv:1: e.csv does not say its weight unit: read as kg; set `weights-in: lb` on the report if the app recorded lb",
                "e.csv:4: skipped invalid row: `Weight` is not a number: `heavy`"
            ]
        )
        XCTAssertEqual(skipping.summary().setCount, 1)
    }

    func testANamedFormatNeedsItsColumns() {
        var aggregator = OneRepMaxAggregator(log: WorkoutLogOptions(format: .named(.fitbod)))
        XCTAssertThrowsError(try aggregator.ingest(Array("Date,Exercise,Reps,Weight\n".utf8), file: "f.csv")) { error in
            XCTAssertEqual(
                (error as! WorkoutLogError).message,
                "the header has no `Weight(kg)` column, which a fitbod file has (the header is `Date,Exercise,Reps,Weight`)"
            )
        }
    }

    func testLeftOutRowsAreCountedInOneSentence() {
        XCTAssertNil(LeftOutSets().warning)
        XCTAssertEqual(
            LeftOutSets(warmups: 38, withoutWeight: 12).warning,
            "left out 38 warm-up sets and 12 rows without a weight: they give no 1RM")
        XCTAssertEqual(
            LeftOutSets(warmups: 1, withoutWeight: 1, withoutReps: 1_200).warning,
            "left out 1 warm-up set, 1 row without a weight and 1,200 rows without reps: they give no 1RM")
    }

    func testExerciseNamesMapToOne() {
        let text =
            "Date,Exercise Name,Set Order,Weight,Reps\n2019-01-11,Bench Press (Barbell),1,100,5\n2019-01-12,Bench,1,110,5\n"
        var aggregator = OneRepMaxAggregator(
            log: WorkoutLogOptions(exerciseNames: ["Bench Press (Barbell)": "Bench", "Unused": "X"]))
        XCTAssertNoThrow(try aggregator.ingest(Array(text.utf8), file: "n.csv"))
        XCTAssertEqual(aggregator.summary().exercises.map(\.name), ["Bench"])
        XCTAssertEqual(aggregator.summary().exercises[0].days.count, 2)
    }
}
