import Foundation
import GazetteTestSupport
import XCTest

/// Issue 65, 1 and 4: from a sheet no format knows to a page without writing a job by hand:
/// `--columns`, `--columns-from` (the guessed block pasted into a file) and `gazette init --from`,
/// each building the figures worked by hand (Brzycki: w × 36 / (37 − r)) from the completed reps,
/// warm-ups left out, in the unit the sheet says.
final class UnknownSheetCommandTests: XCTestCase {
    private var folder: URL!
    private var environment: [String: String] = [:]

    /// Planned 5 reps of 100 kg, 3 done: 100 × 36 / 34 = 105.882…; 90 × 5: 101.25; a 60 kg warm-up
    /// (which would give 67.5); bench 70 × 8: 70 × 36 / 29 = 86.896… The warm-up column is not
    /// Liftosaur's `Is Warmup Set?`: beside `Completed Reps` that names Liftosaur's export, a format.
    private let sheet = """
        Workout DateTime,Exercise,Warm-up?,Required Reps,Completed Reps,Weight Value,Weight Unit
        2024-01-02,Squat,true,5,5,60,kg
        2024-01-02,Squat,false,5,3,100,kg
        2024-01-09,Squat,false,5,5,90,kg
        2024-01-02,Bench,false,8,8,70,kg

        """

    override func setUpWithError() throws {
        folder = TestSupport.temporaryFolder()
        environment = TestSupport.environmentWithOwnCache()
        TestSupport.writeFile(sheet, to: folder.appendingPathComponent("lifts.csv"))
    }

    private func gazette(_ arguments: [String], in place: URL? = nil) throws -> (status: Int32, output: String) {
        try TestSupport.run(try TestSupport.gazette(), arguments, environment: environment, in: place ?? folder)
    }

    private func bests(_ site: URL) throws -> [String: String] {
        let report =
            try JSONSerialization.jsonObject(with: Data(contentsOf: site.appendingPathComponent("report.json")))
            as! [String: Any]
        var found: [String: String] = ["unit": report["unit"] as! String]
        for exercise in report["exercises"] as! [[String: Any]] {
            let best = exercise["best"] as! [String: Any]
            found[exercise["name"] as! String] =
                String(format: "%.3f", best["oneRepMax"] as! Double) + " " + (best["date"] as! String)
        }
        return found
    }

    private let expected = ["unit": "kg", "Squat": "105.882 2024-01-02", "Bench": "86.897 2024-01-02"]

    func testColumnsOnTheCommandLineBuildASheetNoFormatKnows() throws {
        let built = try gazette([
            "build", "--workouts", "lifts.csv", "--now", "2024-01-10T00:00:00Z", "--output", "site", "--columns",
            "date=Workout DateTime,exercise=Exercise,reps=Completed Reps,weight=Weight Value,unit=Weight Unit,"
                + "warmup=Warm-up?"
        ])
        XCTAssertEqual(built.status, 0, built.output)
        XCTAssertEqual(try bests(folder.appendingPathComponent("site/workouts")), expected)

        let missing = try gazette(["build", "--workouts", "lifts.csv", "--columns", "date=Workout DateTime"])
        XCTAssertEqual(missing.status, 64, missing.output)
        XCTAssertTrue(missing.output.contains("--columns: columns needs exercise"), missing.output)
        let alone = try gazette(["build", "--credit-score", "x.json", "--columns", "date=Date"])
        XCTAssertEqual(alone.status, 64, alone.output)
        XCTAssertTrue(alone.output.contains("--columns and --columns-from go with --workouts"), alone.output)
    }

    func testTheGuessedBlockPastedIntoAFileBuildsTheSameFigures() throws {
        let refused = try gazette(["build", "--workouts", "lifts.csv", "--output", "site"])
        XCTAssertEqual(refused.status, 1, refused.output)
        XCTAssertTrue(refused.output.contains("`--columns` or `--columns-from` with `--workouts`"), refused.output)
        let block = refused.output.components(separatedBy: "\n").drop { $0 != "    columns:" }
            .prefix { $0.hasPrefix("    ") }.joined(separator: "\n")
        XCTAssertTrue(block.contains("reps: Completed Reps"), refused.output)
        TestSupport.writeFile(block + "\n", to: folder.appendingPathComponent("columns.yml"))
        let built = try gazette([
            "build", "--workouts", "lifts.csv", "--columns-from", "columns.yml", "--now", "2024-01-10T00:00:00Z",
            "--output", "site"
        ])
        XCTAssertEqual(built.status, 0, built.output)
        XCTAssertEqual(try bests(folder.appendingPathComponent("site/workouts")), expected)
    }

    func testInitFromTheFileWritesAJobThatBuildsIt() throws {
        let made = try gazette(["init", "mine", "--from", "lifts.csv"])
        XCTAssertEqual(made.status, 0, made.output)
        let site = folder.appendingPathComponent("mine")
        let job = TestSupport.read(site.appendingPathComponent("gazette.yml"))
        XCTAssertTrue(job.contains("    input: data/lifts.csv\n"), job)
        XCTAssertTrue(job.contains("      warmup: \"Warm-up?\""), job)
        XCTAssertEqual(TestSupport.read(site.appendingPathComponent("data/lifts.csv")), sheet)
        let built = try gazette(["build", "--now", "2024-01-10T00:00:00Z"], in: site)
        XCTAssertEqual(built.status, 0, built.output)
        XCTAssertEqual(try bests(site.appendingPathComponent("Output/lifts")), expected)
    }

    /// A unit in the weight column's name, pasted, reads the weights in it: 185 lb × 5 gives
    /// 185 × 36 / 32 = 208.125 lb, never 185 kg.
    func testAPoundsColumnsGuessBuildsInPounds() throws {
        TestSupport.writeFile(
            "Date,Exercise,Weight (LB),Reps\n2024-01-02,Squat,185,5\n2024-01-02,Bench,135,5\n",
            to: folder.appendingPathComponent("pounds.csv"))
        XCTAssertEqual(try gazette(["init", "lb", "--from", "pounds.csv"]).status, 0)
        let site = folder.appendingPathComponent("lb")
        XCTAssertTrue(TestSupport.read(site.appendingPathComponent("gazette.yml")).contains("weight-unit: lb"))
        let built = try gazette(["build", "--now", "2024-01-10T00:00:00Z"], in: site)
        XCTAssertEqual(built.status, 0, built.output)
        XCTAssertEqual(
            try bests(site.appendingPathComponent("Output/pounds")),
            ["unit": "lb", "Squat": "208.125 2024-01-02", "Bench": "151.875 2024-01-02"])
    }

    func testInitFromAFileWithRepeatedNamesStopsAndWritesNothing() throws {
        TestSupport.writeFile(
            "Date,Exercise,Weight,Set 1,Exercise,Weight,Set 1\n02/01/24,Squat,100,5,Bench,60,5\n",
            to: folder.appendingPathComponent("groups.csv"))
        let made = try gazette(["init", "groups", "--from", "groups.csv"])
        XCTAssertEqual(made.status, 1, made.output)
        XCTAssertTrue(made.output.contains("Its column names repeat"), made.output)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("groups").path))
    }
}
