import Foundation
import GazetteTestSupport
import XCTest

/// Issue 65, part 2: StrongLifts' exports through the program, from `--workouts FILE` and from a
/// job, checked in report.json: the best 1RMs worked by hand (Brzycki: w × 36 / (37 − r); five
/// reps are w × 1.125), the unit and the warnings. A plank's seconds are never reps and the body's
/// weight never a lift, even when invalid rows are skipped.
final class StrongLiftsCommandTests: XCTestCase {
    private var folder: URL!
    private var environment: [String: String] = [:]

    override func setUpWithError() throws {
        folder = TestSupport.temporaryFolder()
        environment = TestSupport.environmentWithOwnCache()
        for name in ["stronglifts-legacy-a.csv", "stronglifts-legacy-b-ddmmyy.csv", "stronglifts-legacy-b-mmddyy.csv"] {
            try FileManager.default.copyItem(
                at: Fixture.url("workout-exports").appendingPathComponent(name),
                to: folder.appendingPathComponent(name))
        }
    }

    private func gazette(_ arguments: [String]) throws -> (status: Int32, output: String) {
        try TestSupport.run(try TestSupport.gazette(), arguments, environment: environment, in: folder)
    }

    /// The unit, each exercise's best as `1RM date`, and the warnings of a report's report.json.
    private func report(_ path: String) throws -> (bests: [String: String], warnings: [String]) {
        let report =
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: folder.appendingPathComponent(path).appendingPathComponent("report.json")))
            as! [String: Any]
        var bests: [String: String] = ["unit": report["unit"] as! String]
        for exercise in report["exercises"] as! [[String: Any]] {
            let best = exercise["best"] as! [String: Any]
            bests[exercise["name"] as! String] =
                String(format: "%.4f", best["oneRepMax"] as! Double) + " " + (best["date"] as! String)
        }
        return (bests, report["warnings"] as! [String])
    }

    /// 2015's export, kg and lb both filled and whole rows repeated: read in kg, both said.
    func testAnExportOf2015BuildsInKilogramsSayingWhy() throws {
        let built = try gazette([
            "build", "--workouts", "stronglifts-legacy-a.csv", "--now", "2016-01-01T00:00:00Z", "--output", "site"
        ])
        XCTAssertEqual(built.status, 0, built.output)
        let (bests, warnings) = try report("site/workouts")
        XCTAssertEqual(
            bests,
            [
                "unit": "kg", "Squat": "73.1250 2015-03-15", "Bench press": "47.8125 2015-03-15",
                "Barbell row": "47.8125 2015-03-15", "Overhead press": "33.7500 2015-03-13",
                "Deadlift": "92.8125 2015-03-17"
            ])
        XCTAssertEqual(
            warnings,
            [
                "stronglifts-legacy-a.csv:1: both kg and lb are in the file; read in kg, set `unit: lb` for pounds",
                "stronglifts-legacy-a.csv:4: left out 2 repeated rows (lines 4, 6): each row that repeats an earlier "
                    + "one whole is counted once",
                "left out 5 rows without a weight and 3 rows without reps: they give no 1RM"
            ])
        // The format named on the command line reads it alike.
        let named = try gazette([
            "build", "--workouts", "stronglifts-legacy-a.csv", "--workouts-format", "stronglifts", "--now",
            "2016-01-01T00:00:00Z", "--output", "named"
        ])
        XCTAssertEqual(named.status, 0, named.output)
        XCTAssertEqual(try report("named/workouts").bests, bests)
    }

    /// A job in pounds that skips invalid rows: 2015's pound column (squat 145 × 5), 2018's lb
    /// user (squat 150 × 5, dips 25 × 8 = 25 × 36 / 29), 2019's kg user converted; no plank, no
    /// body weight (81 kg in 2019's rows) ever shows as a lift.
    func testAJobInPoundsSkippingInvalidRowsNeverShowsAPlank() throws {
        TestSupport.writeFile(
            """
            output: site
            reports:
              - kind: workouts
                title: Early
                input: stronglifts-legacy-a.csv
                unit: lb
                invalid-lines: skip
              - kind: workouts
                title: Later
                input: stronglifts-legacy-b-mmddyy.csv
                format: stronglifts
                invalid-lines: skip
              - kind: workouts
                title: Kilos
                input: stronglifts-legacy-b-ddmmyy.csv
                unit: lb
                invalid-lines: skip

            """, to: folder.appendingPathComponent("gazette.yml"))
        let built = try gazette(["build", "--now", "2020-01-01T00:00:00Z"])
        XCTAssertEqual(built.status, 0, built.output)
        let early = try report("site/early")
        XCTAssertEqual(early.bests["unit"], "lb")
        XCTAssertEqual(early.bests["Squat"], "163.1250 2015-03-15")
        XCTAssertEqual(early.bests["Deadlift"], "202.5000 2015-03-17")
        XCTAssertFalse(early.warnings.contains { $0.contains("both kg and lb") }, "\(early.warnings)")

        let later = try report("site/later")
        XCTAssertEqual(
            later.bests,
            [
                "unit": "lb", "Squat": "168.7500 2018-01-17", "Bench Press": "112.5000 2018-01-15",
                "Barbell Row": "112.5000 2018-01-15", "Overhead Press": "78.7500 2018-01-17",
                "Deadlift": "219.3750 2018-01-17", "Dips": String(format: "%.4f", 25 * 36.0 / 29) + " 2018-01-15"
            ])
        XCTAssertEqual(later.warnings, ["left out 3 rows without a weight and 3 rows without reps: they give no 1RM"])

        let kilos = try report("site/kilos")
        XCTAssertEqual(kilos.bests["unit"], "lb")
        XCTAssertEqual(kilos.bests["Squat"], String(format: "%.4f", 118.125 / 0.45359237) + " 2019-01-14")
        XCTAssertNil(kilos.bests["Planks"])
        for page in ["site/early/index.html", "site/later/index.html", "site/kilos/index.html"] {
            let html = TestSupport.read(folder.appendingPathComponent(page))
            XCTAssertTrue(html.contains("Squat"), page)
            XCTAssertFalse(html.contains("Planks"), page)
        }
    }

    /// Dates that read either way: an error at the first, naming date-format:; --date-format reads them.
    func testDatesThatReadEitherWayAskForADateFormat() throws {
        TestSupport.writeFile(
            "Date,Note,Body Weight (KG),Body Weight (LB),Exercise 1,Weight (KG),Weight (LB),Set 1,Set 2,Set 3,\n"
                + "02/03/16,,80,,Squat,100,,5,5,5,\n04/03/16,,80,,Squat,102.5,,5,5,5,\n",
            to: folder.appendingPathComponent("either.csv"))
        let refused = try gazette(["build", "--workouts", "either.csv", "--output", "site"])
        XCTAssertEqual(refused.status, 1, refused.output)
        XCTAssertTrue(
            refused.output.contains("either.csv:2:1: error: `Date` `02/03/16` may be day first or month first"),
            refused.output)
        XCTAssertTrue(refused.output.contains("set `date-format: DD/MM/YY` on the report"), refused.output)

        for (pattern, day) in [("DD/MM/YY", "2016-03-04"), ("MM/DD/YY", "2016-04-03")] {
            let built = try gazette([
                "build", "--workouts", "either.csv", "--date-format", pattern, "--now", "2017-01-01T00:00:00Z",
                "--output", "site-\(pattern.prefix(2))"
            ])
            XCTAssertEqual(built.status, 0, built.output)
            XCTAssertEqual(try report("site-\(pattern.prefix(2))/workouts").bests["Squat"], "115.3125 " + day)
        }
        let alone = try gazette(["build", "--date-format", "DD/MM/YY"])
        XCTAssertEqual(alone.status, 64, alone.output)
        XCTAssertTrue(alone.output.contains("--date-format goes with --workouts"), alone.output)
        let wrong = try gazette(["build", "--workouts", "either.csv", "--date-format", "DD/MM"])
        XCTAssertEqual(wrong.status, 64, wrong.output)
        XCTAssertTrue(wrong.output.contains("--date-format: date-format \"DD/MM\" needs YYYY"), wrong.output)
    }
}
