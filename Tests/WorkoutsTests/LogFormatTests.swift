import Foundation
import Workouts
import XCTest

/// What the reader accepts (SPEC §1.4 and the rules written down in `LogLineParser`).
final class LogFormatTests: XCTestCase {
    func testOneLine() throws {
        let summary = try summarize("Oct 11 2017,Back Squat,1,10,45\n")
        let squat = try XCTUnwrap(summary.exercise("Back Squat"))
        XCTAssertEqual(
            squat.days,
            [
                DailyRecord(
                    date: date(2017, 10, 11), oneRepMax: 45.0 * 36 / 27,
                    bestSet: SetRecord(sets: 1, reps: 10, weight: 45))
            ])
        XCTAssertEqual(squat.setCount, 1)
        XCTAssertEqual(summary.warnings, [])
    }

    func testCRLFAndLFAndNoFinalNewlineReadAlike() throws {
        let lf = try summarize("Oct 11 2017,Squat,1,5,100\nOct 12 2017,Squat,1,5,110")
        let crlf = try summarize("Oct 11 2017,Squat,1,5,100\r\nOct 12 2017,Squat,1,5,110\r\n")
        XCTAssertEqual(lf, crlf)
        XCTAssertEqual(lf.dailyRecordCount, 2)
    }

    func testByteOrderMarkIsIgnored() throws {
        let plain = try summarize("Oct 11 2017,Squat,1,5,100\n")
        let marked = try summarize("\u{FEFF}Oct 11 2017,Squat,1,5,100\n")
        XCTAssertEqual(plain, marked)
    }

    func testBlankAndWhitespaceOnlyLinesAreIgnoredButCounted() throws {
        let summary = try summarize("\n  \t \r\nOct 11 2017,Squat,1,5,100\n\n\nOct 12 2017,Squat,1,40,100\n\n")
        XCTAssertEqual(summary.dailyRecordCount, 1)
        // Line numbers still count the blank lines.
        XCTAssertEqual(summary.warnings.map(\.line), [6])
    }

    func testFieldsAreTrimmedOfSpacesAndTabs() throws {
        let summary = try summarize("  Oct 11 2017 ,\t Back Squat  , 1 ,\t10\t, 45 \n")
        let squat = try XCTUnwrap(summary.exercises.first)
        XCTAssertEqual(squat.name, "Back Squat")
        XCTAssertEqual(squat.days.first?.bestSet, SetRecord(sets: 1, reps: 10, weight: 45))
    }

    func testDatePartsMayBeSeparatedByRunsOfSpaces() throws {
        let summary = try summarize("Oct  1   2017,Squat,1,1,100\nOct\t02\t2017,Squat,1,1,100\n")
        XCTAssertEqual(summary.exercises.first?.days.map(\.date), [date(2017, 10, 1), date(2017, 10, 2)])
    }

    func testMonthAbbreviationsInAnyLetterCase() throws {
        let months = ["jan", "FEB", "Mar", "aPr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "DEC"]
        let text = months.map { "\($0) 15 2017,Squat,1,1,100" }.joined(separator: "\n")
        let days = try XCTUnwrap(try summarize(text).exercises.first?.days)
        XCTAssertEqual(days.map(\.date.month), Array(1...12))
    }

    func testLeapDay() throws {
        XCTAssertEqual(try summarize("Feb 29 2016,Squat,1,1,100").exercises.first?.days.first?.date, date(2016, 2, 29))
        XCTAssertEqual(try summarize("Feb 29 2000,Squat,1,1,100").exercises.first?.days.first?.date, date(2000, 2, 29))
        let error = readingError("Feb 29 2017,Squat,1,1,100")
        XCTAssertEqual(error?.message, #"no such date "Feb 29 2017": February 2017 has 28 days"#)
        XCTAssertEqual(error?.column, 1)
    }

    func testDecimalWeightsAreExact() throws {
        let cases: [(String, Double)] = [
            ("45", 45.0), ("2.5", 2.5), ("47.5", 47.5), ("047.50", 47.5), (".5", 0.5), ("45.", 45.0),
            ("47.3", 47.3), ("0.1", 0.1), ("123.456", 123.456), ("1000000", 1_000_000),
            ("0.00000000000000000000000001", 1e-26), ("123.4567890123456789", 123.4567890123456789)
        ]
        for (text, expected) in cases {
            var aggregator = OneRepMaxAggregator()
            try aggregator.ingest(Array("Oct 11 2017,Squat,1,1,\(text)".utf8), file: "w")
            let weight = try XCTUnwrap(aggregator.summary().exercises.first?.days.first?.bestSet.weight)
            XCTAssertEqual(weight, expected, "\(text)")
            XCTAssertEqual(
                weight, Double(text.hasPrefix(".") ? "0" + text : text), "\(text) as the standard library reads it")
        }
    }

    func testSetsAndRepsAllowLeadingZeros() throws {
        let set = try summarize("Oct 11 2017,Squat,03,005,100").exercises.first?.days.first?.bestSet
        XCTAssertEqual(set, SetRecord(sets: 3, reps: 5, weight: 100))
    }

    func testNamesKeepInnerSpacingCaseAndUnicode() throws {
        let summary = try summarize(
            """
            Oct 11 2017,Back  Squat,1,1,100
            Oct 11 2017,back squat,1,1,100
            Oct 11 2017,Développé couché 🏋️,1,1,100
            Oct 11 2017,Back  Squat,1,1,100
            """)
        XCTAssertEqual(summary.exercises.map(\.name), ["Back  Squat", "back squat", "Développé couché 🏋️"])
        XCTAssertEqual(summary.exercises.map(\.setCount), [2, 1, 1])
    }

    func testDatesInAnyOrderComeOutSorted() throws {
        let summary = try summarize(
            """
            Mar 02 2017,Squat,1,1,120
            Jan 15 2018,Squat,1,1,140
            Dec 31 2016,Squat,1,1,100
            Mar 01 2017,Squat,1,1,110
            """)
        let squat = try XCTUnwrap(summary.exercises.first)
        XCTAssertEqual(
            squat.days.map(\.date), [date(2016, 12, 31), date(2017, 3, 1), date(2017, 3, 2), date(2018, 1, 15)])
        XCTAssertEqual(squat.dateRange, date(2016, 12, 31)...date(2018, 1, 15))
        XCTAssertEqual(summary.dateRange, date(2016, 12, 31)...date(2018, 1, 15))
    }

    func testEmptyInputGivesAnEmptySummary() throws {
        for text in ["", "\u{FEFF}", "\n\n", "\r\n"] {
            let summary = try summarize(text)
            XCTAssertEqual(summary.exercises, [])
            XCTAssertEqual(summary.setCount, 0)
            XCTAssertNil(summary.dateRange)
        }
    }

    func testOtherInputForms() throws {
        let text = "Oct 11 2017,Squat,1,5,100\n"
        var fromData = OneRepMaxAggregator()
        try fromData.ingest(Data(text.utf8), file: "a")
        var fromString = OneRepMaxAggregator()
        try fromString.ingest(text, file: "a")
        var fromPointer = OneRepMaxAggregator()
        try Array(text.utf8).withUnsafeBytes { raw in try fromPointer.ingest(raw, file: "a") }
        XCTAssertEqual(fromData.summary(), try summarize(text))
        XCTAssertEqual(fromString.summary(), try summarize(text))
        XCTAssertEqual(fromPointer.summary(), try summarize(text))
    }
}
