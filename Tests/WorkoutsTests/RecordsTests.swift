import Workouts
import XCTest

/// Daily records, personal bests, latest records, order and merging (SPEC §1.4 rules).
final class RecordsTests: XCTestCase {
    func testDailyRecordIsTheBestSetOfTheDay() throws {
        let summary = try summarize(
            """
            Oct 11 2017,Squat,1,10,45
            Oct 11 2017,Squat,1,5,200
            Oct 11 2017,Squat,1,3,205
            Oct 11 2017,Squat,1,8,150
            """)
        let day = try XCTUnwrap(summary.exercises.first?.days.first)
        XCTAssertEqual(day.oneRepMax, 200.0 * 36 / 32)  // 225 beats 205 × 36/34 ≈ 217.06
        XCTAssertEqual(day.bestSet, SetRecord(sets: 1, reps: 5, weight: 200))
        XCTAssertEqual(summary.exercises.first?.setCount, 4)
    }

    func testDailyTieKeepsTheFirstSetInInputOrder() throws {
        // 160 × 5 reps and 180 × 1 rep both estimate exactly 180 (160 × 36/32).
        let summary = try summarize(
            """
            Oct 11 2017,Squat,1,5,160
            Oct 11 2017,Squat,2,1,180
            Oct 11 2017,Squat,3,5,160
            """)
        let day = try XCTUnwrap(summary.exercises.first?.days.first)
        XCTAssertEqual(day.oneRepMax, 180)
        XCTAssertEqual(day.bestSet, SetRecord(sets: 1, reps: 5, weight: 160))
    }

    func testADayLoggedInSeveralRunsKeepsItsFirstBestSetOnATie() throws {
        // Oct 11 comes back after Oct 12 and after the bench: its first 180 (160 × 5) stays
        // against the later 180 × 1, and only a strictly better set (190) replaces it.
        let summary = try summarize(
            """
            Oct 11 2017,Squat,1,5,160
            Oct 12 2017,Squat,1,1,170
            Oct 11 2017,Bench,1,1,100
            Oct 11 2017,Squat,1,1,180
            Oct 13 2017,Squat,1,1,150
            Oct 13 2017,Squat,1,1,190
            Oct 12 2017,Squat,1,1,175
            Oct 12 2017,Squat,1,1,160
            """)
        let squat = try XCTUnwrap(summary.exercises.first)
        XCTAssertEqual(squat.days.map(\.oneRepMax), [180, 175, 190])
        XCTAssertEqual(squat.days.first?.bestSet, SetRecord(sets: 1, reps: 5, weight: 160))
        XCTAssertEqual(squat.days.last?.bestSet, SetRecord(sets: 1, reps: 1, weight: 190))
    }

    func testManyExercisesInterleavedAreEachFoundAgain() throws {
        // Forty names (the name table grows several times), each logged twice, far apart.
        let names = (0..<40).map { "Exercise \($0)" }
        let lines = (names + names.reversed()).enumerated().map { index, name in
            "Oct 11 2017,\(name),1,1,\(100 + index)"
        }
        let summary = try summarize(lines.joined(separator: "\n"))
        XCTAssertEqual(summary.exercises.map(\.name), names)
        XCTAssertEqual(summary.exercises.map { $0.days.first?.oneRepMax }, (0..<40).map { Double(100 + 79 - $0) })
        XCTAssertEqual(summary.exercises.map(\.setCount), Array(repeating: 2, count: 40))
    }

    func testBestIsTheHighestDayAndOnATieTheEarliest() throws {
        let summary = try summarize(
            """
            Oct 20 2017,Squat,1,1,200
            Oct 05 2017,Squat,1,1,180
            Oct 12 2017,Squat,1,5,160
            Oct 15 2017,Squat,1,1,200
            Oct 10 2017,Squat,1,1,200
            Oct 25 2017,Squat,1,1,190
            """)
        let squat = try XCTUnwrap(summary.exercises.first)
        XCTAssertEqual(squat.best?.date, date(2017, 10, 10))
        XCTAssertEqual(squat.best?.oneRepMax, 200)
        XCTAssertEqual(squat.latest?.date, date(2017, 10, 25))
        XCTAssertEqual(squat.latest?.oneRepMax, 190)
        XCTAssertEqual(squat.days.map(\.oneRepMax), [180, 200, 180, 200, 200, 190])
    }

    func testExercisesKeepTheOrderOfFirstAppearance() throws {
        let summary = try summarize(
            """
            Oct 20 2017,Deadlift,1,1,300
            Oct 05 2017,Bench,1,1,200
            Oct 21 2017,Squat,1,1,250
            Oct 01 2017,Bench,1,1,190
            Oct 01 2017,Deadlift,1,1,290
            """)
        XCTAssertEqual(summary.exercises.map(\.name), ["Deadlift", "Bench", "Squat"])
        XCTAssertEqual(summary.dailyRecordCount, 5)
        XCTAssertEqual(summary.setCount, 5)
    }

    func testSetsFieldCountsAsThatManySets() throws {
        let summary = try summarize("Oct 11 2017,Squat,5,5,100\nOct 11 2017,Squat,3,40,45\n")
        XCTAssertEqual(summary.exercises.first?.setCount, 8)
        XCTAssertEqual(summary.setCount, 8)
    }

    func testThirtySevenRepsAndMoreAreCountedAndWarned() throws {
        let summary = try summarize(
            """
            Oct 11 2017,Squat,1,36,45
            Oct 11 2017,Squat,1,37,45
            Oct 12 2017,Squat,1,40,45
            Oct 12 2017,Burpees,1,50,10
            """)
        let squat = try XCTUnwrap(summary.exercise("Squat"))
        XCTAssertEqual(squat.days.map(\.date), [date(2017, 10, 11)], "no daily record from sets without estimate")
        XCTAssertEqual(squat.setCount, 3)
        let burpees = try XCTUnwrap(summary.exercise("Burpees"))
        // No estimate and no line of the record book (50 reps), but the weight last worked with
        // and the week's volume (50 × 10 in the week from Monday 9 October).
        XCTAssertEqual(
            burpees,
            ExerciseRecord(
                name: "Burpees", days: [], best: nil, latest: nil, setCount: 1,
                lastWorkingSet: WorkingSet(weight: 10, date: date(2017, 10, 12)),
                weeklyVolume: [WeekVolume(monday: date(2017, 10, 9), volume: 500, sets: 1)]))
        XCTAssertNil(burpees.repsToBeat(formula: .brzycki, maxReps: 36))
        XCTAssertNil(burpees.dateRange)
        XCTAssertEqual(
            summary.warnings.map(\.text),
            ["log.txt:2: left out 3 sets of more than 36 reps (lines 2, 3, 4): no estimate"],
            "one warning per file, naming the first three lines (SPEC §1.4: a warning naming its line)")
    }

    func testTheFormulaIsApplied() throws {
        let summary = try summarize("Oct 11 2017,Squat,1,10,100", formula: .epley)
        XCTAssertEqual(summary.formula, .epley)
        XCTAssertEqual(try XCTUnwrap(summary.exercises.first?.best?.oneRepMax), 133.333333, accuracy: 1e-6)
    }

    func testFilesMergeAsOneLog() throws {
        var aggregator = OneRepMaxAggregator()
        try aggregator.ingest(
            Array(
                """
                Oct 11 2017,Squat,1,5,200
                Oct 12 2017,Bench,1,5,150
                Oct 13 2017,Squat,1,40,45
                """.utf8), file: "2017.txt")
        try aggregator.ingest(
            Array(
                """
                Oct 11 2017,Squat,1,5,210
                Oct 11 2017,Deadlift,1,5,300
                Jan 02 2018,Bench,1,5,155

                Jan 03 2018,Bench,1,45,45
                """.utf8), file: "2018.txt")
        let summary = aggregator.summary()
        XCTAssertEqual(summary.exercises.map(\.name), ["Squat", "Bench", "Deadlift"])
        let squat = try XCTUnwrap(summary.exercise("Squat"))
        XCTAssertEqual(squat.days.count, 1, "the same day in two files is one daily record")
        XCTAssertEqual(squat.days.first?.bestSet.weight, 210)
        XCTAssertEqual(squat.setCount, 3)
        XCTAssertEqual(summary.exercise("Bench")?.days.map(\.date), [date(2017, 10, 12), date(2018, 1, 2)])
        XCTAssertEqual(
            summary.warnings.map(\.text),
            [
                "2017.txt:3: reps 40 ≥ 37: no 1RM estimate",
                "2018.txt:5: reps 45 ≥ 37: no 1RM estimate"
            ])
        XCTAssertEqual(summary.setCount, 7)
        XCTAssertEqual(summary.dailyRecordCount, 4)
    }

    func testSummaryCanBeTakenBetweenFiles() throws {
        var aggregator = OneRepMaxAggregator()
        try aggregator.ingest(Array("Oct 11 2017,Squat,1,1,100".utf8), file: "a")
        XCTAssertEqual(aggregator.summary().dailyRecordCount, 1)
        try aggregator.ingest(Array("Oct 12 2017,Squat,1,1,100".utf8), file: "b")
        XCTAssertEqual(aggregator.summary().dailyRecordCount, 2)
    }
}
