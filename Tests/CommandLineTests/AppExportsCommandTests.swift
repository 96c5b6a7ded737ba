import Foundation
import GazetteTestSupport
import XCTest

/// Issue 65, part 3, through the program: `gazette build --workouts FILE` on Liftosaur, GymRun
/// and wger files (our own fixtures), report.json's best 1RMs, unit and warnings checked against
/// figures worked by hand (Brzycki: w × 36 / (37 − r); 1 lb = 0.45359237 kg); Setgraph's share
/// text and JSON that holds no logs refused with what they are.
final class AppExportsCommandTests: XCTestCase {
    private var folder: URL!
    private var environment: [String: String] = [:]

    override func setUpWithError() throws {
        folder = TestSupport.temporaryFolder()
        environment = TestSupport.environmentWithOwnCache()
    }

    private func gazette(_ arguments: [String]) throws -> (status: Int32, output: String) {
        try TestSupport.run(try TestSupport.gazette(), arguments, environment: environment, in: folder)
    }

    private func fixture(_ name: String) -> String {
        Fixture.url("workout-exports").appendingPathComponent(name).path
    }

    /// Builds the files as one report; its report.json.
    private func build(_ files: [String], _ more: [String] = []) throws -> [String: Any] {
        let built = try gazette(
            ["build", "--workouts"] + files + more + ["--now", "2026-01-01T00:00:00Z", "--output", "site"])
        XCTAssertEqual(built.status, 0, built.output)
        return try JSONSerialization.jsonObject(
            with: Data(contentsOf: folder.appendingPathComponent("site/workouts/report.json"))) as! [String: Any]
    }

    /// Each exercise's best as `1RM date` (three decimals), with the unit.
    private func bests(_ report: [String: Any]) -> [String: String] {
        var found: [String: String] = ["unit": report["unit"] as! String]
        for exercise in report["exercises"] as! [[String: Any]] {
            let best = exercise["best"] as! [String: Any]
            found[exercise["name"] as! String] =
                String(format: "%.3f", best["oneRepMax"] as! Double) + " " + (best["date"] as! String)
        }
        return found
    }

    private func warnings(_ report: [String: Any]) -> [String] { report["warnings"] as! [String] }

    /// 2025's header: squat 5 × 100 at RPE 8 counts 7 reps, 120 kg on UTC's 22 May; bench 10 ×
    /// 135 lb = 180 lb = 81.647 kg; 8 × 30 = 37.241 kg.
    func testLiftosaurBuildsFromWhatWasCompleted() throws {
        let report = try build([fixture("liftosaur-2025.csv")])
        XCTAssertEqual(
            bests(report),
            [
                "unit": "kg", "Squat": "120.000 2025-05-22", "Bench Press": "81.647 2025-05-20",
                "Squat, Dumbbell": "37.241 2025-05-20"
            ])
        XCTAssertEqual(warnings(report), ["left out 3 warm-up sets and 1 row without reps: they give no 1RM"])
        // 2022's file first, named: its bench (6 × 60 = 69.677 kg) is below 2025's 180 lb; its row
        // 8 × 135 lb = 167.586 lb = 76.016 kg.
        let both = try build(
            [fixture("liftosaur-2022.csv"), fixture("liftosaur-2025.csv")], ["--workouts-format", "liftosaur"])
        let pounds = bests(both)
        XCTAssertEqual(pounds["unit"], "kg")
        XCTAssertEqual(pounds["Bench Press"], "81.647 2025-05-20")
        XCTAssertEqual(pounds["Bent Over Row"], "76.016 2022-02-20")
        XCTAssertEqual(
            warnings(both),
            ["left out 4 warm-up sets, 1 row without a weight and 2 rows without reps: they give no 1RM"])
    }

    /// A sheet with Liftosaur's `Is Warmup Set?` and `Completed Reps` is Liftosaur's, its `true`
    /// warm-up left out: squat 3 × 100 = 105.882, bench 8 × 70 = 86.897.
    func testAnyHeaderWithLiftosaursColumnsBuildsWithoutAColumnsBlock() throws {
        TestSupport.writeFile(
            """
            Workout DateTime,Exercise,Is Warmup Set?,Required Reps,Completed Reps,Weight Value,Weight Unit
            2024-01-02,Squat,true,5,5,60,kg
            2024-01-02,Squat,false,5,3,100,kg
            2024-01-02,Bench,false,8,8,70,kg

            """, to: folder.appendingPathComponent("lifts.csv"))
        XCTAssertEqual(
            bests(try build(["lifts.csv"])),
            ["unit": "kg", "Squat": "105.882 2024-01-02", "Bench": "86.897 2024-01-02"])
    }

    /// Bench 8 × 60 = 74.483 on 14 April; squat 5 × 82.5 = 92.8125; the unit assumed is said.
    func testGymRunBuildsAndSaysItsUnitIsAssumed() throws {
        let report = try build([fixture("gymrun.csv")])
        let found = bests(report)
        XCTAssertEqual(found["unit"], "kg")
        XCTAssertEqual(found["Supino reto (barra)"], "74.483 2025-04-14")
        XCTAssertEqual(found["Agachamento livre"], "92.812 2025-04-16")
        XCTAssertEqual(
            warnings(report),
            [
                "gymrun.csv:1: gymrun.csv does not say its weight unit: read as kg; set `weights-in: lb` on the "
                    + "report if the app recorded lb",
                "left out 3 rows without a weight: they give no 1RM"
            ])
        let template = try build([fixture("gymrun-template.csv")], ["--workouts-format", "gymrun"])
        XCTAssertEqual(bests(template), ["unit": "kg", "Bench Press": "112.500 2025-06-02"])
    }

    /// The list: exercise 73's 5 × 102.5 = 115.313 on 3 October, 192's 6 × 145 lb = 76.379 kg.
    /// The page, named by a job's `exercise-names:`: 8 × 130 lb = 73.200 kg, no names' warning.
    func testWgerBuildsFromTheAPIsJSONAndSaysTheNamesAreNotInIt() throws {
        let report = try build([fixture("wger-logs.json")])
        XCTAssertEqual(
            bests(report),
            ["unit": "kg", "wger exercise 73": "115.312 2025-10-03", "wger exercise 192": "76.379 2025-10-03"])
        XCTAssertEqual(
            warnings(report),
            [
                "wger-logs.json:2: wger-logs.json names its exercises only by their wger ids (such as "
                    + "`wger exercise 73`): their names are not in the file; map them on the report with "
                    + "`exercise-names:`, e.g. `\"wger exercise 73\": Bench Press`",
                "left out 2 rows without a weight and 2 rows without reps: they give no 1RM"
            ])

        TestSupport.writeFile(
            """
            reports:
              - kind: workouts
                title: Workouts
                input: \(fixture("wger-page.json"))
                exercise-names: {"wger exercise 9": Squat, "wger exercise 12": Plank}

            """, to: folder.appendingPathComponent("job.yml"))
        let built = try gazette(["build", "job.yml", "--now", "2026-01-01T00:00:00Z", "--output", "site"])
        XCTAssertEqual(built.status, 0, built.output)
        let page =
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: folder.appendingPathComponent("site/workouts/report.json"))) as! [String: Any]
        XCTAssertEqual(bests(page), ["unit": "kg", "Squat": "73.200 2024-03-07"])
        XCTAssertEqual(warnings(page), ["left out 1 row without reps: they give no 1RM"])
    }

    func testSetgraphsShareTextAndJSONWithoutLogsAreRefusedSayingWhatTheyAre() throws {
        TestSupport.writeFile(
            "Bench Press • 8 rep: 40, 50, 55 kg\nRow • 3 sets: 10 rep 20 kg\n\nTracked on Setgraph\n",
            to: folder.appendingPathComponent("share.txt"))
        let share = try gazette(["build", "--workouts", "share.txt", "--output", "site"])
        XCTAssertEqual(share.status, 1, share.output)
        XCTAssertTrue(share.output.contains("share.txt:1:1: error: this is Setgraph's share text"), share.output)
        XCTAssertTrue(share.output.contains("it gives no dates"), share.output)

        TestSupport.writeFile("{\"exercises\": []}\n", to: folder.appendingPathComponent("other.json"))
        let other = try gazette(["build", "--workouts", "other.json", "--output", "site"])
        XCTAssertEqual(other.status, 1, other.output)
        XCTAssertTrue(
            other.output.contains(
                "other.json:1:1: error: the JSON object has no `results` list of logs: the JSON Gazette reads is "
                    + "wger's workout logs"), other.output)
        XCTAssertFalse(other.output.contains("comma-separated"), other.output)
    }
}
