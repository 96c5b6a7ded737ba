import Deterministic
import Foundation
import GazetteTestSupport
import XCTest
@testable import Workouts

/// wger's workout logs as its REST API gives them (issue 65, part 3), from our own fixtures in
/// its shapes: a list (2.3's fields) and a page (2.1's). Figures by hand with Brzycki,
/// w × 36 / (37 − r), 1 lb = 0.45359237 kg.
final class WgerTests: XCTestCase {
    private let kgPerLb = 0.45359237

    func testAListOfLogsNamesEachExerciseByItsIdAndReadsOnlyRepsInKgOrLb() throws {
        let read = try ExportFixtures.summary("wger-logs.json")
        XCTAssertEqual(read.unit, .kg)
        // Exercise 73, 1 Oct: 5 × 100 = 112.5; 3 × 105 with 1 rep in reserve counts 4 reps,
        // 105 × 36 / 33 = 114.55. 3 Oct: 5 × 102.5 (numbers, not strings) = 115.31.
        assertFigures(
            read, "wger exercise 73", best: (date(2025, 10, 3), 115.3125), latest: (date(2025, 10, 3), 115.3125))
        XCTAssertEqual(read.exercise("wger exercise 73")?.days.first?.oneRepMax ?? 0, 105 * 36.0 / 33, accuracy: 1e-9)
        // Exercise 192 in lb: 8 × 135 = 167.59 lb; 3 Oct: `"6.50"` reps are 6 whole ones, 6 × 145 = 168.39 lb.
        assertFigures(
            read, "wger exercise 192", best: (date(2025, 10, 3), 145 * 36.0 / 31 * kgPerLb),
            latest: (date(2025, 10, 3), 145 * 36.0 / 31 * kgPerLb))
        // Seconds (unit 3) and max reps (7) are no reps; body weight (weight unit 3) and a null
        // weight no weight.
        XCTAssertEqual(read.leftOut, LeftOutSets(withoutWeight: 2, withoutReps: 2))
        XCTAssertEqual(read.exercises.map(\.name), ["wger exercise 73", "wger exercise 192"])
        XCTAssertEqual(
            read.warnings.map(\.text),
            [
                "wger-logs.json:2: wger-logs.json names its exercises only by their wger ids (such as "
                    + "`wger exercise 73`): their names are not in the file; map them on the report with "
                    + "`exercise-names:`, e.g. `\"wger exercise 73\": Bench Press`"
            ])
    }

    func testExerciseNamesNameTheIdsAndTheWarningNamesTheFirstOneLeft() throws {
        let named = try ExportFixtures.summary(
            "wger-logs.json", WorkoutLogOptions(exerciseNames: ["wger exercise 73": "Bench Press"]))
        XCTAssertEqual(named.exercises.map(\.name), ["Bench Press", "wger exercise 192"])
        XCTAssertTrue(named.warnings[0].text.hasPrefix("wger-logs.json:42: "), named.warnings[0].text)
        XCTAssertTrue(named.warnings[0].message.contains("(such as `wger exercise 192`)"))
        let all = try ExportFixtures.summary(
            "wger-logs.json",
            WorkoutLogOptions(exerciseNames: ["wger exercise 73": "Bench Press", "wger exercise 192": "Squat"]))
        XCTAssertEqual(all.warnings, [], "every id named")
        assertFigures(
            all, "Squat", best: (date(2025, 10, 3), 145 * 36.0 / 31 * kgPerLb),
            latest: (date(2025, 10, 3), 145 * 36.0 / 31 * kgPerLb))
    }

    /// A page on one line, as the API writes it, with the fields of wger 2.1–2.2.
    func testAPageOfOlderLogsReadsItsResults() throws {
        let read = try ExportFixtures.summary("wger-page.json")
        // Exercise 9, 5 Mar: 5 × 60 with RIR "2" counts 7 reps, 60 × 36 / 30 = 72 kg; 7 Mar:
        // 8 × 130 lb = 161.38 lb = 73.20 kg.
        assertFigures(
            read, "wger exercise 9", best: (date(2024, 3, 7), 130 * 36.0 / 29 * kgPerLb),
            latest: (date(2024, 3, 7), 130 * 36.0 / 29 * kgPerLb))
        XCTAssertEqual(read.exercise("wger exercise 9")?.days.first?.oneRepMax ?? 0, 72, accuracy: 1e-9)
        XCTAssertEqual(read.leftOut, LeftOutSets(withoutReps: 1))
        XCTAssertEqual(read.warnings.map(\.line), [1], "the names' warning only: the page holds all 3 logs")
    }

    /// One page of more: the report says how many logs it was given of how many wger has.
    func testAPageOfMoreLogsThanItHoldsIsSaid() throws {
        let log = #"{"date": "2025-01-02", "exercise": 5, "repetitions": "5.00", "weight": "100.00"}"#
        let page = #"{"count": 45, "next": "https://wger.de/api/v2/workoutlog/?limit=20&offset=20", "results": ["#
        var one = OneRepMaxAggregator()
        try one.ingest(page + log + "," + log + "]}", file: "page1.json")
        let warning = try XCTUnwrap(one.summary().warnings.last)
        XCTAssertEqual(
            warning.text,
            "page1.json:1: page1.json is a page of wger's logs: the files hold 2 of the 45 logs wger has; save every "
                + "page (`next` names the next one) or ask for them all at once with `?limit=45`")
        // Every page given: nothing to say.
        var both = OneRepMaxAggregator(log: WorkoutLogOptions(exerciseNames: ["wger exercise 5": "Squat"]))
        try both.ingest(
            #"{"count": 3, "next": "https://x/?offset=2", "results": ["# + log + "," + log + "]}", file: "a.json")
        try both.ingest(#"{"count": 3, "next": null, "results": ["# + log + "]}", file: "b.json")
        XCTAssertEqual(both.summary().warnings, [])
    }

    func testJSONThatHoldsNoLogsSaysWhatJSONIsRead() throws {
        let shapes =
            "the JSON Gazette reads is wger's workout logs as its API gives them (`/api/v2/workoutlog/`): a list of "
            + "logs, each with `date`, `exercise`, `repetitions` and `weight`, or a page of them, "
            + "`{\"count\": …, \"next\": …, \"results\": [ … ]}`"
        let object = try XCTUnwrap(ExportFixtures.error("\n  {\"name\": \"Bench Press\"}\n", file: "x.json"))
        XCTAssertEqual([object.line, object.column], [2, 3])
        XCTAssertEqual(object.message, "the JSON object has no `results` list of logs: " + shapes)
        let list = try XCTUnwrap(ExportFixtures.error("[\n  {\"id\": 1, \"name\": \"Squat\"}\n]", file: "x.json"))
        XCTAssertEqual([list.line, list.column], [2, 3])
        XCTAssertEqual(list.message, "the first entry is not a workout log (no `date` and `exercise`): " + shapes)
        XCTAssertEqual(
            ExportFixtures.error("[1, 2]")?.message,
            "the first entry is not a workout log (no `date` and `exercise`): " + shapes)
        // Not "expected 5 comma-separated fields": a JSON file is known by its first character.
        let broken = try XCTUnwrap(ExportFixtures.error("[\n  {\"date\": \"2025-01-02\",, }\n]"))
        XCTAssertEqual([broken.line, broken.column], [2, 25])
        XCTAssertEqual(
            broken.message, "the file starts as JSON but is not valid JSON: expected a string key, found ','")
        XCTAssertNil(ExportFixtures.error("[]"))
        XCTAssertEqual(try ExportFixtures.text("{\"count\": 0, \"next\": null, \"results\": []}").setCount, 0)
    }

    func testAFormatNamedForJSONOrWgerNamedForCSVIsAnError() {
        let json = ExportFixtures.error("[]", WorkoutLogOptions(format: .named(.strong)))
        XCTAssertTrue(
            json?.message.hasPrefix("the file is JSON, not a strong file; the JSON Gazette reads is") ?? false)
        XCTAssertTrue(json?.message.hasSuffix(", read as `format: wger`") ?? false, json?.message ?? "")
        let csv = ExportFixtures.error("Date,Exercise,Reps,Weight\n", WorkoutLogOptions(format: .named(.wger)))
        XCTAssertEqual(csv?.line, 1)
        XCTAssertTrue(csv?.message.hasPrefix("a wger file is JSON, starting with `[` or `{`: ") ?? false)
    }

    func testAValueThatCannotBeReadIsAFaultAtItsPlaceOrASkippedRow() throws {
        let text = """
            [
              {"date": "2025-01-02", "exercise": 5, "repetitions": "many", "weight": "100.00"},
              {"date": "2025-01-02", "exercise": 5, "repetitions": 5, "weight": "100.00", "weight_unit": "kg"},
              {"date": "Jan 2", "exercise": 5, "repetitions": 5, "weight": 100},
              {"exercise": 5, "repetitions": 5, "weight": 100},
              {"date": "2025-01-03", "exercise": 5, "repetitions": 3, "weight": 100}
            ]
            """
        let error = try XCTUnwrap(ExportFixtures.error(text, file: "w.json"))
        XCTAssertEqual(error.headline, "w.json:2:57: error: `repetitions` is not a number: `many`")
        var skipping = OneRepMaxAggregator(invalidLines: .skip)
        try skipping.ingest(Array(text.utf8), file: "w.json")
        let read = skipping.summary()
        // 3 × 100 = 105.88, the one log that reads.
        assertFigures(
            read, "wger exercise 5", best: (date(2025, 1, 3), 100 * 36.0 / 34),
            latest: (date(2025, 1, 3), 100 * 36.0 / 34))
        XCTAssertEqual(
            read.warnings.first { $0.line == 2 && $0.message.hasPrefix("skipped") }?.message,
            "skipped 4 invalid rows (lines 2, 3, 4, …); line 2: `repetitions` is not a number: `many`")
    }
}
