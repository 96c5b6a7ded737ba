import Foundation
import XCTest
@testable import Workouts

/// The `columns:` block guessed for a sheet no format knows (docs/workouts.md): dates in the
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
