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
}
