import Workouts
import XCTest

/// Every way a line can be wrong: the message, the line and the column it reports.
final class LogErrorTests: XCTestCase {
    private let dateMessage = #"expected a date like "Oct 11 2017""#

    private func assertError(
        _ text: String, line: Int = 1, column: Int, _ message: String,
        file: StaticString = #filePath, testLine: UInt = #line
    ) {
        guard let error = readingError(text, file: file, line: testLine) else { return }
        XCTAssertEqual(error.message, message, text.debugDescription, file: file, line: testLine)
        XCTAssertEqual(error.line, line, text.debugDescription, file: file, line: testLine)
        XCTAssertEqual(error.column, column, text.debugDescription, file: file, line: testLine)
        XCTAssertEqual(error.file, "log.txt", file: file, line: testLine)
    }

    func testBadDates() {
        for bad in [
            "", "   ", "Okt 11 2017", "Oct 111 2017", "Oct 11 17", "Oct 11 02017", "2017-10-11",
            "October 11 2017", "Oct 11 2017x", "Oct11 2017", "Oct 11 2O17", "Oct -1 2017",
            "Oct 11 0000", "Sept 11 2017", "11 Oct 2017"
        ] {
            assertError("\(bad),Squat,1,5,100", column: 1, dateMessage)
        }
        // The column is where the date's text starts.
        assertError("  Okt 11 2017,Squat,1,5,100", column: 3, dateMessage)
    }

    func testDatesThatDoNotExist() {
        assertError("Feb 29 2017,Squat,1,5,100", column: 1, #"no such date "Feb 29 2017": February 2017 has 28 days"#)
        assertError("Feb 30 2016,Squat,1,5,100", column: 1, #"no such date "Feb 30 2016": February 2016 has 29 days"#)
        assertError("Feb 29 1900,Squat,1,5,100", column: 1, #"no such date "Feb 29 1900": February 1900 has 28 days"#)
        assertError("Apr 31 2017,Squat,1,5,100", column: 1, #"no such date "Apr 31 2017": April 2017 has 30 days"#)
        assertError("Apr 00 2017,Squat,1,5,100", column: 1, #"no such date "Apr 00 2017": April 2017 has 30 days"#)
        assertError(" jan 32 2017,Squat,1,5,100", column: 2, #"no such date "jan 32 2017": January 2017 has 31 days"#)
    }

    func testFieldCount() {
        let found = { (n: Int) in "expected 5 comma-separated fields (date, exercise, sets, reps, weight), found \(n)" }
        // Missing fields: the caret goes just past the end of the line.
        assertError("Oct 11 2017,Back Squat,1,10", column: 28, found(4))
        assertError("Oct 11 2017,Back Squat,1,10\r\n", column: 28, found(4))
        assertError("Oct 11 2017 Back Squat 1 10 45", column: 31, found(1))
        // Extra fields: the caret points at the first extra one.
        assertError("Oct 11 2017,Squat,1,5,100,extra", column: 27, found(6))
        assertError("Oct 11 2017,Squat,1,5,100,", column: 27, found(6))
        assertError("Oct 11 2017,Squat,1,5,1,000,0", column: 25, found(7))
        assertError(",,,,,,,", column: 6, found(8))
    }

    func testEmptyExerciseName() {
        assertError("Oct 11 2017,,1,5,100", column: 13, "exercise name is empty")
        assertError("Oct 11 2017, \t ,1,5,100", column: 13, "exercise name is empty")
    }

    func testSets() {
        for bad in ["", "0", "00", "-1", "+1", "1.5", "x", "1 2", "١"] {
            assertError("Oct 11 2017,Squat,\(bad),5,100", column: 19, "sets must be a whole number ≥ 1")
        }
        assertError("Oct 11 2017,Squat,1000001,5,100", column: 19, "sets must be at most 1000000")
        assertError("Oct 11 2017,Squat,99999999999999999999999,5,100", column: 19, "sets must be at most 1000000")
    }

    func testReps() {
        for bad in ["", "0", "-3", "5.0", "five"] {
            assertError("Oct 11 2017,Squat,1,\(bad),100", column: 21, "reps must be a whole number ≥ 1")
        }
        assertError("Oct 11 2017,Squat,1, 2000000,100", column: 22, "reps must be at most 1000000")
    }

    func testWeight() {
        for bad in ["", "0", "0.0", ".0", "-5", "+5", "abc", "1.2.3", ".", "1e3", "45lb", "4 5", "NaN", "inf", "45,5"] {
            let text = "Oct 11 2017,Squat,1,5,\(bad)"
            if bad == "45,5" {
                assertError(
                    text, column: 26, "expected 5 comma-separated fields (date, exercise, sets, reps, weight), found 6")
            } else {
                assertError(text, column: 23, "weight must be a number > 0")
            }
        }
        assertError("Oct 11 2017,Squat,1,5,1000000.5", column: 23, "weight must be at most 1000000")
    }

    func testInvalidUTF8InTheName() {
        // A stray byte, a truncated sequence, an overlong form and an encoded surrogate.
        for bad: [UInt8] in [[0xFF], [0xC3], [0xC0, 0xAF], [0xED, 0xA0, 0x80]] {
            let bytes = Array("Oct 11 2017,Squat ".utf8) + bad + Array(",1,5,100\n".utf8)
            var aggregator = OneRepMaxAggregator()
            XCTAssertThrowsError(try aggregator.ingest(bytes, file: "bad.txt")) { error in
                let error = error as? WorkoutLogError
                XCTAssertEqual(error?.message, "invalid UTF-8")
                XCTAssertEqual(error?.column, 13)
                XCTAssertEqual(error?.file, "bad.txt")
            }
        }
    }

    func testColumnsCountCharactersNotBytes() {
        // "é" is two bytes; the sets field starts at character 23 but byte 25.
        assertError("Oct 11 2017,Développé,x,5,100", column: 23, "sets must be a whole number ≥ 1")
        assertError("Oct 11 2017,Squat 🏋️‍♀️,1,5,x", column: 25, "weight must be a number > 0")
        // A byte order mark is not a column.
        assertError("\u{FEFF}Oct 11 2017,Squat,1,x,100", column: 21, "reps must be a whole number ≥ 1")
    }

    func testLineNumbersCountEveryLine() {
        assertError(
            "Oct 11 2017,Squat,1,5,100\r\n\r\n  \nOct 11 2017,Squat,1,5,0\n", line: 4, column: 23,
            "weight must be a number > 0")
    }

    func testDescriptionQuotesTheLineWithACaret() throws {
        let error = try XCTUnwrap(readingError("Oct 11 2017,Squat,1,5,100\n\tOct 11 2017 ,Squat,0,5,100\r\n"))
        XCTAssertEqual(error.sourceLine, "\tOct 11 2017 ,Squat,0,5,100")
        XCTAssertEqual(error.headline, "log.txt:2:21: error: sets must be a whole number ≥ 1")
        XCTAssertEqual(
            error.description,
            """
            log.txt:2:21: error: sets must be a whole number ≥ 1
            \tOct 11 2017 ,Squat,0,5,100
            \t                   ^
            """)
        XCTAssertEqual(error.localizedDescription, error.description)
    }

    func testAFailedFileLeavesTheAggregatorAsItWas() throws {
        var aggregator = OneRepMaxAggregator()
        try aggregator.ingest(Array("Oct 11 2017,Squat,1,5,100\n".utf8), file: "a.txt")
        let before = aggregator.summary()
        XCTAssertThrowsError(
            try aggregator.ingest(
                Array("Oct 12 2017,Squat,1,5,200\nOct 12 2017,Bench,1,5,100\nbad\n".utf8), file: "b.txt"))
        XCTAssertEqual(aggregator.summary(), before)
    }

    func testSkipPolicyWarnsAndGoesOn() throws {
        let summary = try summarize(
            """
            Oct 11 2017,Squat,1,5,100
            ,Squat,1,5,100
            Oct 12 2017,Bench,1,five,100
            Oct 12 2017,Squat,1,5,110
            Oct 13 2017,Squat,1,5
            """, invalidLines: .skip)
        XCTAssertEqual(summary.exercises.map(\.name), ["Squat"], "a skipped line adds no exercise")
        XCTAssertEqual(summary.exercises.first?.days.count, 2)
        XCTAssertEqual(summary.setCount, 2)
        // One warning for the file's skipped lines: how many, the first three, why the first was.
        XCTAssertEqual(
            summary.warnings.map(\.text),
            [#"log.txt:2: skipped 3 invalid lines (lines 2, 3, 5); line 2: expected a date like "Oct 11 2017""#])
        XCTAssertEqual(
            summary.warnings.first,
            WorkoutWarning(
                file: "log.txt", line: 2,
                message: #"skipped 3 invalid lines (lines 2, 3, 5); line 2: expected a date like "Oct 11 2017""#))
        let one = try summarize("Oct 11 2017,Squat,1,5,100\n,Squat,1,5,100\n", invalidLines: .skip)
        XCTAssertEqual(
            one.warnings.map(\.text), [#"log.txt:2: skipped invalid line: expected a date like "Oct 11 2017""#],
            "a single skipped line is said as it always was")
    }
}
