import Foundation
import ReportFacts
import XCTest
@testable import Jobs
@testable import Reports
import Workouts
import GazetteCore

/// `gazette schema` names every key the job loader accepts, and no other.
final class JobSchemaTests: XCTestCase {
    private func properties(_ object: Any?) -> Set<String> {
        Set(((object as? [String: Any])?["properties"] as? [String: Any])?.keys ?? [:].keys)
    }

    func testTheSchemaHasEveryKeyTheLoaderAcceptsAndNoOther() throws {
        let schema = try XCTUnwrap(
            JSONSerialization.jsonObject(
                with: Data(
                    JobSchema.json(switches: JobFileLoader.testSwitches, settings: JobFileLoader.testSettings).utf8))
                as? [String: Any])
        XCTAssertEqual(schema["$schema"] as? String, "https://json-schema.org/draft/2020-12/schema")
        XCTAssertEqual(properties(schema), Set(JobFileLoader().topKeys))
        XCTAssertTrue(JobFileLoader().topKeys.contains("site-extra") && JobFileLoader().topKeys.contains("email"))
        let top = schema["properties"] as! [String: Any]
        let item = (top["reports"] as! [String: Any])["items"] as! [String: Any]
        let kinds = (item["properties"] as! [String: Any])["kind"] as! [String: Any]
        XCTAssertEqual(kinds["enum"] as? [String], ReportKind.allCases.map(\.rawValue))
        let selected = item["allOf"] as! [[String: Any]]
        XCTAssertEqual(selected.count, ReportKind.allCases.count)
        for (kind, choice) in zip(ReportKind.allCases, selected) {
            // Each kind's keys apply when its kind is given: a checker names a wrong key, not another kind.
            let condition = (choice["if"] as! [String: Any])["properties"] as! [String: Any]
            XCTAssertEqual((condition["kind"] as! [String: Any])["const"] as? String, kind.rawValue)
            let item = choice["then"] as! [String: Any]
            XCTAssertEqual(
                properties(item),
                Set(
                    JobFileLoader.keys(
                        of: kind, switches: JobFileLoader.testSwitches, settings: JobFileLoader.testSettings)),
                kind.rawValue
            )
            let kindProperty = (item["properties"] as! [String: Any])["kind"] as! [String: Any]
            XCTAssertEqual(kindProperty["const"] as? String, kind.rawValue)
            for key in kind.unit.keys {
                XCTAssertNotNil((item["properties"] as! [String: Any])[key.name], "\(kind.rawValue).\(key.name)")
            }
        }
    }

    /// A key the loader accepts for one kind only is refused for another by the schema too.
    func testKindsKeepTheirOwnKeys() throws {
        XCTAssertTrue(JobFileLoader.keys(of: .workouts, switches: JobFileLoader.testSwitches).contains("formula"))
        XCTAssertFalse(JobFileLoader.keys(of: .creditScore, switches: JobFileLoader.testSwitches).contains("formula"))
        XCTAssertThrowsError(
            try JobFileLoader().parse(
                "reports:\n  - kind: credit-score\n    input: a.json\n    formula: epley\n",
                file: URL(fileURLWithPath: "/jobs/job.yml")))
    }
}

/// The workouts keys of issue 24 in the schema and the loader: values checked, errors at their place.
final class WorkoutsJobKeysTests: XCTestCase {
    private func parse(_ keys: String) throws -> WorkoutsOptions? {
        let job = try JobFileLoader().parse(
            "reports:\n  - kind: workouts\n    input: a.csv\n" + keys, file: URL(fileURLWithPath: "/jobs/job.yml"))
        guard case let .workouts(options) = job.reports[0].options else { return nil }
        return options
    }

    func testTheSchemaDescribesTheNewKeys() throws {
        let schema = try XCTUnwrap(
            JSONSerialization.jsonObject(
                with: Data(
                    JobSchema.json(switches: JobFileLoader.testSwitches, settings: JobFileLoader.testSettings).utf8))
                as? [String: Any])
        let items =
            (((schema["properties"] as! [String: Any])["reports"] as! [String: Any])["items"] as! [String: Any])[
                "allOf"] as! [[String: Any]]
        let workouts =
            (items[ReportKind.allCases.firstIndex(of: .workouts)!]["then"] as! [String: Any])["properties"]
            as! [String: Any]
        XCTAssertEqual((workouts["unit"] as? [String: Any])?["enum"] as? [String], ["kg", "lb"])
        XCTAssertEqual(
            (workouts["format"] as? [String: Any])?["enum"] as? [String],
            [
                "auto", "gazette", "strong", "hevy", "fitbod", "fitnotes", "jefit", "alpha-progression", "gymbook",
                "lyfta", "stronglifts", "liftosaur", "gymrun", "wger", "csv"
            ])
        XCTAssertEqual((workouts["max-reps"] as? [String: Any])?["maximum"] as? Int, 36)
        let columns = try XCTUnwrap(workouts["columns"] as? [String: Any])
        XCTAssertEqual(
            Set((columns["properties"] as? [String: Any])?.keys ?? [:].keys), Set(WorkoutsJobKeys.columnKeys))
        XCTAssertEqual(columns["required"] as? [String], ["date", "exercise", "reps", "weight"])
        XCTAssertEqual((workouts["include-warmups"] as? [String: Any])?["type"] as? String, "boolean")
        XCTAssertEqual((workouts["exercise-names"] as? [String: Any])?["type"] as? String, "object")
        XCTAssertNotNil(workouts["weights-in"])
        XCTAssertEqual((workouts["date-format"] as? [String: Any])?["type"] as? String, "string")
    }

    func testTheLoaderReadsThem() throws {
        let options = try XCTUnwrap(
            try parse(
                """
                    unit: LB
                    weights-in: kg
                    include-warmups: yes
                    exercise-names: {"Bench Press (Barbell)": Bench Press, Full Squat: Squat}
                    columns: {date: Day, exercise: Lift, reps: Reps, weight: Load, unit: Unit, date-format: DD/MM/YYYY}

                """))
        XCTAssertEqual(options.unit, .lb)
        XCTAssertEqual(options.weightsIn, .kg)
        XCTAssertTrue(options.includeWarmups)
        XCTAssertEqual(options.exerciseNames, ["Bench Press (Barbell)": "Bench Press", "Full Squat": "Squat"])
        XCTAssertEqual(options.format, .named(.csv), "columns: means format csv")
        XCTAssertEqual(
            options.columns,
            CSVColumns(
                date: "Day", exercise: "Lift", reps: "Reps", weight: "Load", unit: "Unit", dateFormat: "DD/MM/YYYY"))
        XCTAssertEqual(try parse("    format: hevy\n")?.format, .named(.hevy))
        for format in [WorkoutFormat.liftosaur, .gymrun, .wger] {
            XCTAssertEqual(try parse("    format: \(format.rawValue)\n")?.format, .named(format))
        }
        XCTAssertEqual(try parse("    format: jefit\n    max-reps: 10\n")?.maxReps, 10)
        XCTAssertEqual(try parse("")?.format, .auto)
        XCTAssertNil(try parse("")?.unit, "no unit: the first set's file decides")
        XCTAssertEqual(try parse("    format: stronglifts\n    date-format: DD/MM/YY\n")?.dateFormat, "DD/MM/YY")
        XCTAssertEqual(try parse("    date-format: MM/DD/YYYY\n")?.log.dateFormat, "MM/DD/YYYY")
    }

    func testWrongValuesAreNamedAtTheirPlace() {
        let cases: [(String, String, Int)] = [
            ("    unit: stone\n", "unit must be kg or lb, found \"stone\"", 4),
            ("    max-reps: 40\n", "max-reps must be a whole number from 1 to 36, found \"40\"", 4),
            (
                "    format: strongg\n",
                "unknown format \"strongg\" (expected one of: auto, gazette, strong, hevy, fitbod, fitnotes, jefit, alpha-progression, gymbook, lyfta, stronglifts, liftosaur, gymrun, wger, csv)",
                4
            ),
            ("    format: csv\n", "format: csv needs columns:", 4),
            (
                "    format: hevy\n    columns: {date: a, exercise: b, reps: c, weight: d}\n",
                "columns goes with format: csv, not hevy", 5
            ),
            ("    columns: {date: a, exercise: b, reps: c}\n", "columns needs weight", 4),
            (
                "    columns: {date: a, exercise: b, reps: c, weight: d, colour: e}\n",
                "unknown key \"colour\" in columns", 4
            ),
            (
                "    columns: {date: a, exercise: b, reps: c, weight: d, date-format: DD/MM}\n",
                "date-format \"DD/MM\" needs YYYY", 4
            ),
            ("    date-format: DD/MM\n", "date-format \"DD/MM\" needs YYYY (or YY)", 4),
            (
                "    format: hevy\n    date-format: DD/MM/YY\n",
                "date-format goes with format: stronglifts, not hevy", 5
            ),
            (
                "    columns: {date: a, exercise: b, reps: c, weight: d}\n    date-format: DD/MM/YY\n",
                "a csv file's date-format goes in its columns:", 5
            ),
            ("    include-warmups: maybe\n", "include-warmups must be true or false", 4),
            ("    exercise-names: [a, b]\n", "\"exercise-names\" must be a mapping", 4)
        ]
        for (yaml, message, line) in cases {
            XCTAssertThrowsError(try parse(yaml), yaml) { error in
                guard let error = error as? BuildError, case let .text(_, errorLine, _, _, _) = error.location else {
                    return XCTFail("\(error)")
                }
                XCTAssertEqual(error.kind, .usage)
                XCTAssertEqual(errorLine, line, yaml)
                XCTAssertTrue(error.message.hasPrefix(message), error.message)
            }
        }
    }

    /// A report's cache key holds its options as a tag and their canonical JSON (never Swift's
    /// printing of them): every choice read from a job changes it.
    func testEveryChoiceReadFromAJobChangesTheKeyText() throws {
        let texts = Set(
            try [
                "", "    unit: lb\n", "    format: strong\n", "    weights-in: kg\n", "    include-warmups: true\n",
                "    exercise-names: {a: b}\n", "    max-reps: 10\n", "    date-format: DD/MM/YY\n"
            ].map { try XCTUnwrap(parse($0)) }.map { ReportOptions.workouts($0).keyText })
        XCTAssertEqual(texts.count, 8)
        XCTAssertFalse(texts.contains { $0.contains("Reports.") })
    }
}
