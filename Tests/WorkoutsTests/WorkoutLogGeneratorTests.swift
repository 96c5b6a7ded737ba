import Workouts
import XCTest
import Deterministic

final class WorkoutLogGeneratorTests: XCTestCase {
    private let lifts = ["Back Squat", "Barbell Bench Press", "Deadlift", "Overhead Press", "Barbell Row"]
    private let start = CivilDate(year: 2022, month: 1, day: 3)

    func testSameSeedSameLogOtherSeedOtherLog() {
        let a = WorkoutLogGenerator.generate(seed: 7, exercises: lifts, start: start, days: 120)
        let b = WorkoutLogGenerator.generate(seed: 7, exercises: lifts, start: start, days: 120)
        let c = WorkoutLogGenerator.generate(seed: 8, exercises: lifts, start: start, days: 120)
        XCTAssertEqual(a, b)
        XCTAssertNotEqual(a, c)
        XCTAssertFalse(a.isEmpty)
    }

    func testAYearParsesCleanlyWithAnUpwardTrend() throws {
        let log = WorkoutLogGenerator.generate(
            seed: 2024, exercises: lifts, start: start, days: 400, sessionsPerWeek: 4)
        let summary = try summarize(log)
        XCTAssertEqual(summary.warnings, [])
        XCTAssertEqual(Set(summary.exercises.map(\.name)), Set(lifts))
        XCTAssertEqual(summary.setCount, log.split(separator: "\n").count)
        // Lifts known by name keep their usual proportions.
        let best = { (name: String) in summary.exercise(name)?.best?.oneRepMax ?? 0 }
        XCTAssertGreaterThan(best("Barbell Bench Press"), best("Overhead Press"))
        XCTAssertGreaterThan(best("Deadlift"), best("Barbell Row"))
        for exercise in summary.exercises {
            XCTAssertGreaterThan(exercise.days.count, 80, exercise.name)
            let range = try XCTUnwrap(exercise.dateRange)
            XCTAssertGreaterThanOrEqual(range.lowerBound, start)
            XCTAssertLessThan(range.upperBound, start.adding(days: 400))
            // Progressive overload: the last month's average beats the first month's.
            let firstMonth = exercise.days.prefix(10).map(\.oneRepMax)
            let lastMonth = exercise.days.suffix(10).map(\.oneRepMax)
            XCTAssertGreaterThan(lastMonth.reduce(0, +), firstMonth.reduce(0, +) * 1.1, exercise.name)
        }
    }

    func testLinesLookLikeTheFitbodFormat() throws {
        let log = WorkoutLogGenerator.generate(seed: 1, exercises: ["Back Squat"], start: start, days: 30)
        let lines = log.split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertEqual(lines.last, "", "ends with a newline")
        let pattern = try Regex(#"^[A-Z][a-z]{2} \d{2} \d{4},Back Squat,1,\d+,\d+(\.5)?$"#)
        for line in lines.dropLast() {
            XCTAssertNotNil(try pattern.wholeMatch(in: String(line)), String(line))
        }
        // Newest first by default; weights in 2.5 lb steps.
        let summary = try summarize(log)
        let dates = lines.dropLast().map { $0.prefix(11) }
        XCTAssertEqual(dates.first.map(String.init), summary.exercises.first?.latest?.date.logText)
        for line in lines.dropLast() {
            let weight = try XCTUnwrap(Double(line.split(separator: ",")[4]))
            XCTAssertEqual((weight / 2.5).rounded(), weight / 2.5, String(line))
        }
    }

    func testOldestFirstHoldsTheSameSetsInReverseDayOrder() throws {
        let newest = WorkoutLogGenerator.generate(seed: 3, exercises: lifts, start: start, days: 60)
        let oldest = WorkoutLogGenerator.generate(seed: 3, exercises: lifts, start: start, days: 60, newestFirst: false)
        let byName = { (summary: WorkoutSummary) in summary.exercises.sorted { $0.name < $1.name } }
        // Only the order of first appearance differs.
        XCTAssertTrue(try byName(summarize(newest)) == byName(summarize(oldest)))
        XCTAssertNotEqual(newest, oldest)
    }

    func testFiftyThousandLinesIngest() throws {
        let names = (1...50).map { "Exercise \($0)" }
        let bytes = WorkoutLogGenerator.generateBytes(
            seed: 99, exercises: names, start: CivilDate(year: 2000, month: 1, day: 1),
            days: 10_000, sessionsPerWeek: 5, exercisesPerSession: 6, maxLines: 50_000)
        var aggregator = OneRepMaxAggregator()
        try aggregator.ingest(bytes, file: "big.txt")
        let summary = aggregator.summary()

        // Count independently, the slow way, with String splitting.
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n")
        XCTAssertEqual(lines.count, 50_000)
        let fields = lines.map { $0.split(separator: ",", omittingEmptySubsequences: false) }
        let exerciseDays = Set(fields.map { "\($0[0])|\($0[1])" })
        var firstAppearance: [String] = []
        for line in fields where !firstAppearance.contains(String(line[1])) { firstAppearance.append(String(line[1])) }

        XCTAssertEqual(summary.setCount, 50_000)
        XCTAssertEqual(summary.warnings, [])
        XCTAssertEqual(summary.exercises.map(\.name), firstAppearance)
        XCTAssertEqual(summary.exercises.count, 50)
        XCTAssertEqual(summary.dailyRecordCount, exerciseDays.count)
    }

    func testMaxLinesAndEdgeCases() {
        let log = WorkoutLogGenerator.generate(seed: 5, exercises: lifts, start: start, days: 365, maxLines: 17)
        XCTAssertEqual(log.split(separator: "\n").count, 17)
        XCTAssertTrue(log.hasSuffix("\n"))
        XCTAssertEqual(WorkoutLogGenerator.generate(seed: 5, exercises: [], start: start, days: 365), "")
        XCTAssertEqual(WorkoutLogGenerator.generate(seed: 5, exercises: lifts, start: start, days: 0), "")
    }

    func testSplitMix64IsStable() {
        // The first outputs for seed 0 as published with the algorithm.
        var rng = SplitMix64(seed: 0)
        XCTAssertEqual(rng.next(), 0xE220_A839_7B1D_CDAF)
        XCTAssertEqual(rng.next(), 0x6E78_9E6A_A1B9_65F4)
        var bounded = SplitMix64(seed: 1)
        for _ in 0..<1000 {
            XCTAssertTrue((3...9).contains(bounded.nextInt(in: 3...9)))
            XCTAssertTrue((0..<1).contains(bounded.nextUnit()))
        }
    }
}
