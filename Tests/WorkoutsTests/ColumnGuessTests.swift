import Foundation
import XCTest
@testable import Workouts

/// The `columns:` block guessed for a sheet no format knows (docs/guide/workouts.md): dates in the
/// patterns it tries, day first where both read, and the roles by their rows and names.
final class ColumnGuessTests: XCTestCase {
    private func guess(_ text: String) -> [String: String] {
        let message = ExportFixtures.error(text)
        var found: [String: String] = [:]
        for line in (message?.hint ?? "").split(separator: "\n").dropFirst() {
            let entry = line.split(separator: "#")[0].trimmingCharacters(in: .whitespaces)
            let parts = entry.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            found[parts[0]] = parts[1]
        }
        return found
    }

    func testDatesInEachPatternAndDayFirstWhereBothRead() {
        let head = "When,What,How many,How heavy\n"
        XCTAssertEqual(guess(head + "03/02/2025,Squat,5,100\n")["date-format"], "DD/MM/YYYY", "both read: day first")
        XCTAssertEqual(guess(head + "02/13/2025,Squat,5,100\n")["date-format"], "MM/DD/YYYY")
        XCTAssertEqual(guess(head + "13-02-2025,Squat,5,100\n")["date-format"], "\"DD-MM-YYYY\"", "quoted YAML")
        XCTAssertEqual(guess(head + "13/02/25,Squat,5,100\n")["date-format"], "DD/MM/YY")
        XCTAssertNil(guess(head + "2025-02-13,Squat,5,100\n")["date-format"], "the usual forms need no pattern")
    }

    func testUnnamedColumnsByWhatTheyHold() {
        // No name says a role: the heaviest numbers are the weights, whole numbers 0–100 the reps,
        // the text with the most names the exercise.
        let found = guess("A,B,C,D,E\n2025-02-13,Leg day,Squat,5,100\n2025-02-13,Leg day,Lunge,8,40.5\n")
        XCTAssertEqual(found["date"], "A")
        XCTAssertEqual(found["exercise"], "C")
        XCTAssertEqual(found["reps"], "D")
        XCTAssertEqual(found["weight"], "E")
    }

    func testAHeaderAloneIsGuessedByItsNames() {
        XCTAssertEqual(
            guess("Datum,Übung,Wiederholungen,Gewicht\n"),
            ["date": "Datum", "exercise": "Übung", "reps": "Wiederholungen", "weight": "Gewicht"])
        XCTAssertEqual(guess("a,b\n"), [:], "no guess where no role finds a column")
    }

    /// A fuzzer's find: a figure past `Int`'s range in a guessed column stopped the program while
    /// the guess's message wrote the column's range.
    func testAFigureTooLargeForWholeNumbersIsStillShown() throws {
        let found = guess("When,What,How many,How heavy\n2025-02-13,Squat,5,404444444444444444575\n")
        XCTAssertEqual(found["weight"], "How heavy")
        let hint = ExportFixtures.error("When,What,How many,How heavy\n2025-02-13,Squat,5,404444444444444444575\n")?
            .hint
        XCTAssertTrue(hint?.contains("whole numbers 4.0444444444444446e+20: looks like weights") == true, hint ?? "")
        let bytes = try XCTUnwrap(
            Data(
                base64Encoded:
                    "T2NwIDExIDIwMTcsQmFjayBTcXUfLDF0MDEsLDI0AAAAAAAAAHYgMjA1LHI3NQpPY3QgMTIgMjAxNyxEZWFkbGlmdCwwLDMsNDA0NDQ0NDQ0NDQ0NDQ0NDQ0NTc1Ck5vdiAwMiAyMDE3LGJhcWNzdGFrdSAsMiw1MAo="
            ))
        for policy in [InvalidLinePolicy.fail, .skip] {
            var aggregator = OneRepMaxAggregator(formula: .epley, invalidLines: policy)
            XCTAssertThrowsError(try aggregator.ingest([UInt8](bytes), file: "fuzz.txt"))
        }
    }
}

/// Issue 65, 1: a guess is never silently wrong.
final class ColumnGuessSafetyTests: XCTestCase {
    private func block(_ text: String) -> (message: String, lines: [String]) {
        let error = ExportFixtures.error(text)
        let lines = (error?.hint ?? "").split(separator: "\n").dropFirst().map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        return (error?.message ?? "", lines)
    }

    private func value(_ lines: [String], _ key: String) -> String? {
        lines.first { $0.hasPrefix(key + ":") }.map {
            $0.dropFirst(key.count + 1).split(separator: "#")[0].trimmingCharacters(in: .whitespaces)
        }
    }

    func testAUnitInTheWeightColumnsNameIsSaid() {
        let (_, lines) = block("Date,Exercise,Weight (LB),Reps\n2024-01-02,Squat,185,5\n2024-01-02,Bench,135,5\n")
        XCTAssertEqual(value(lines, "weight"), "\"Weight (LB)\"")
        XCTAssertEqual(value(lines, "weight-unit"), "lb")
        XCTAssertTrue(
            lines.contains { $0.hasPrefix("weight-unit: lb") && $0.contains("`Weight (LB)`'s name") }, "\(lines)")
        XCTAssertEqual(
            value(block("Datum,Übung,Gewicht in kg,Wdh\n2024-01-02,Kniebeuge,100,5\n").lines, "weight-unit"), "kg")
        // A unit column says it row by row: no fixed unit beside it.
        let units = block("Date,Exercise,Weight (lb),Reps,Unit\n2024-01-02,Squat,185,5,lbs\n").lines
        XCTAssertEqual(value(units, "unit"), "Unit")
        XCTAssertNil(value(units, "weight-unit"))
    }

    func testWhatWasDoneWinsOverWhatWasPlannedAndTheOtherIsNamed() {
        let (_, lines) = block(
            "Workout DateTime,Exercise,Warm-up?,Required Reps,Completed Reps,Weight Value,Weight Unit\n"
                + "2024-01-02,Squat,true,5,5,60,kg\n2024-01-02,Squat,false,5,4,100,kg\n2024-01-02,Bench,false,8,8,70,kg\n"
        )
        XCTAssertEqual(value(lines, "reps"), "Completed Reps")
        XCTAssertTrue(
            lines.contains {
                $0.hasPrefix("reps:") && $0.contains("not `Required Reps`, which names what was planned")
            },
            "\(lines)")
        XCTAssertEqual(value(lines, "warmup"), "\"Warm-up?\"")
        XCTAssertEqual(value(lines, "unit"), "Weight Unit")
        // A planned and a done weight, each with its unit column (as Liftosaur's 2025 header has them;
        // Liftosaur's own header is a format of its own, so these names are another app's).
        let both = block(
            "Workout DateTime,Exercise,Warm-up Set,Target Reps,Done Reps,Target Weight Value,"
                + "Target Weight Unit,Done Weight Value,Done Weight Unit\n"
                + "2025-05-20T05:00:00.000Z,Squat,0,5,4,100,kg,95,kg\n2025-05-20T05:00:00.000Z,Bench,0,5,5,60,lb,60,lb\n"
        ).lines
        XCTAssertEqual(value(both, "weight"), "Done Weight Value")
        XCTAssertEqual(value(both, "unit"), "Done Weight Unit")
        XCTAssertEqual(value(both, "reps"), "Done Reps")
        XCTAssertEqual(value(both, "warmup"), "\"Warm-up Set\"")
        // Planned first in the header, or only a target beside an actual weight: the same choice.
        let weights = block("Date,Lift,Target Weight,Actual Weight,Reps\n2024-01-02,Squat,105,100,5\n").lines
        XCTAssertEqual(value(weights, "weight"), "Actual Weight")
    }

    func testABodyWeightIsNeverTheWeightLifted() {
        let lines = block("Date,Exercise,Body weight,Reps,Weight\n2024-01-02,Squat,82,5,140\n2024-01-03,Row,82,8,60\n")
            .lines
        XCTAssertEqual(value(lines, "weight"), "Weight")
    }

    func testASetKindColumnMarksWarmUps() {
        let lines = block(
            "Date,Exercise,Set Type,Reps,Weight\n2024-01-02,Squat,warmup,5,60\n2024-01-02,Squat,normal,5,100\n"
        )
        .lines
        XCTAssertEqual(value(lines, "warmup"), "Set Type")
    }

    func testARepeatedHeaderIsNeverGuessedAsOneTable() {
        let (message, lines) = block(
            "Date,Exercise,Weight (KG),Weight (LB),Set 1,Set 2,Exercise,Weight (KG),Weight (LB),Set 1,Set 2\n"
                + "02/01/24,Squat,100,220,5,5,Bench,60,132,5,5\n")
        XCTAssertTrue(lines.isEmpty, "\(lines)")
        XCTAssertTrue(
            message.contains("Its column names repeat (`Exercise`, `Weight (KG)`, `Weight (LB)`, `Set 1`)"), message)
        XCTAssertTrue(message.contains("which a `columns:` block cannot describe"), message)
    }

    func testTwoColumnsThatFitAlikeAreOfferedAndNeitherIsPicked() {
        let (message, lines) = block(
            "Date,Lift,Load A,Load B,Reps\n2024-01-02,Squat,100,105,5\n2024-01-03,Bench,80,85,5\n")
        XCTAssertNil(value(lines, "weight"), "no weight line is live: \(lines)")
        XCTAssertTrue(lines.contains { $0.hasPrefix("# weight: Load A") }, "\(lines)")
        XCTAssertTrue(lines.contains { $0.hasPrefix("# weight: Load B") }, "\(lines)")
        XCTAssertTrue(message.contains("the guess cannot tell whether `Load A` or `Load B` holds the weight"), message)
    }
}

/// Another app's sheet with as many columns as one of Strong's shapes is not read as Strong's: an
/// exercise's place never holds a number (a Liftosaur-like sheet of 9 columns was read as Strong's
/// 2016 shape, its exercises named "0").
final class StrongLayoutMistakeTests: XCTestCase {
    func testANineColumnSheetWithNumbersInTheExercisesPlaceIsNotStrongs() {
        let text =
            "Workout DateTime,Exercise,Warm-up Set,Target Reps,Done Reps,Target Weight Value,"
            + "Target Weight Unit,Done Weight Value,Done Weight Unit\n"
            + "2025-05-20,Squat,0,5,4,100,kg,95,kg\n2025-05-20,Bench,0,5,5,60,lb,60,lb\n"
        let error = ExportFixtures.error(text)
        XCTAssertTrue(
            error?.message.contains("matches no workout format Gazette knows") == true, "\(String(describing: error))")
        XCTAssertTrue(error?.hint?.contains("weight: Done Weight Value") == true, error?.hint ?? "")
    }
}
