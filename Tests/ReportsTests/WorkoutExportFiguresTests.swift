import Foundation
import XCTest
import GazetteKindTestSupport
import GazetteTestSupport
import Loading
import Localization
@testable import GazetteCore
@testable import Jobs
@testable import Reports
import Workouts

/// The apps' exports (Tests/Fixtures/workout-exports) through the workouts report as a job file
/// sets it up: for each format, the best and latest 1RM of every exercise in the report's data,
/// worked out by hand, in kg and in lb.
///
/// Brzycki: 1RM = w × 36 / (37 − r), and w itself for r = 1; so r = 3 gives w × 18/17, r = 5
/// w × 1.125, r = 7 w × 1.2, r = 8 w × 36/29, r = 10 w × 4/3, r = 13 w × 1.5. A weight in another
/// unit is converted first: kg = lb × 0.45359237, lb = kg / 0.45359237.
final class WorkoutExportFiguresTests: XCTestCase {
    private struct Figures: Equatable, CustomStringConvertible {
        var bestDate: String
        var best: Double
        var latestDate: String
        var latest: Double
        var description: String { "best \(best) on \(bestDate), latest \(latest) on \(latestDate)" }
    }

    private struct Built {
        var unit: String
        var warnings: [String]
        var exercises: [(name: String, figures: Figures, sets: Int)]

        func figures(_ name: String) -> Figures? { exercises.first { $0.name == name }?.figures }
    }

    private static let kgPerLb = 0.45359237

    private func fixture(_ name: String) -> String {
        TestSupport.fixture("workout-exports/\(name)").path
    }

    /// What building a report gives: its error, or its figures.
    private struct Result {
        var error: BuildError?
        var exitCode: Int32 { error == nil ? 0 : 1 }
        var summaryLine: String { error?.headline ?? "built" }
    }

    /// The one workouts report of a job reading `files` with the report's extra keys `yaml`,
    /// built by its kind from the files' bytes.
    private func build(_ files: [String], _ yaml: String = "", title: String = "Lifts") async throws -> (
        Result, Built?
    ) {
        let dir = TestSupport.temporaryFolder()
        let inputs = files.map { "\"\(fixture($0))\"" }.joined(separator: ", ")
        let job = """
            reports:
              - kind: workouts
                title: \(title)
                inputs: [\(inputs)]
            \(yaml.split(separator: "\n").map { "    " + $0 }.joined(separator: "\n"))
            """
        TestSupport.writeFile(job, to: dir.appendingPathComponent("job.yml"))
        let spec = try JobFileLoader().load(dir.appendingPathComponent("job.yml")).reports[0]
        let loaded = try spec.sources.map { source in
            guard let url = source.fileURL else { throw CocoaError(.fileNoSuchFile) }
            return LoadedInput(source: source, bytes: Array(try Data(contentsOf: url)))
        }
        let input = ReportInput(
            kind: spec.kind, title: spec.resolvedTitle, slug: "lifts", sources: loaded, now: TestSupport.fixedNow,
            seed: nil, origin: spec.origin, conventions: .standard)
        let content: ReportContent
        do throws(BuildError) {
            content = try spec.options.build(input)
        } catch {
            return (Result(error: error), nil)
        }
        let data = try content.data.workouts()
        let exercises = data.exercises.map { exercise -> (String, Figures, Int) in
            (
                exercise.name,
                Figures(
                    bestDate: exercise.best?.date ?? "", best: exercise.best?.oneRepMax ?? .nan,
                    latestDate: exercise.latest?.date ?? "", latest: exercise.latest?.oneRepMax ?? .nan),
                exercise.sets
            )
        }
        return (Result(), Built(unit: data.unit, warnings: content.warnings.map(\.text), exercises: exercises))
    }

    private func assert(
        _ built: Built?, _ name: String, best: (String, Double), latest: (String, Double),
        file: StaticString = #filePath, line: UInt = #line
    ) {
        guard let figures = built?.figures(name) else {
            return XCTFail("no \(name) in \(String(describing: built?.exercises.map(\.name)))", file: file, line: line)
        }
        XCTAssertEqual(figures.bestDate, best.0, "\(name) best", file: file, line: line)
        XCTAssertEqual(figures.best, best.1, accuracy: 1e-4, "\(name) best", file: file, line: line)
        XCTAssertEqual(figures.latestDate, latest.0, "\(name) latest", file: file, line: line)
        XCTAssertEqual(figures.latest, latest.1, accuracy: 1e-4, "\(name) latest", file: file, line: line)
    }

    // MARK: Strong

    /// Shape 1 (comma; Duration, Notes, Workout Notes, RPE; CRLF): no unit anywhere, so kg.
    /// Squat: 11 Jan 100×5 = 112.5 (105×3 = 111.18 is lower; the `W` row is a warm-up), 13 Jan
    /// 110×5 = 123.75, 15 Jan 120×1 = 120. Bench: 11 Jan 80×10 = 106.67, 13 Jan 85×7 = 102,
    /// 15 Jan 90×5 = 101.25. Left out: the warm-up, the plank (0 kg) and the run (no weight).
    /// Read without its RPE column (`rpe-estimates: false`), whose figures LiftingProgress tests.
    func testStrongCommaShapeInKilograms() async throws {
        let (result, built) = try await build(["strong-comma.csv"], "rpe-estimates: false")
        XCTAssertEqual(result.exitCode, 0, result.summaryLine)
        XCTAssertEqual(built?.unit, "kg")
        XCTAssertEqual(built?.exercises.map(\.name), ["Squat (Barbell)", "Bench Press (Barbell)"])
        XCTAssertEqual(built?.exercises.map(\.sets), [4, 3])
        assert(built, "Squat (Barbell)", best: ("2019-01-13", 123.75), latest: ("2019-01-15", 120))
        assert(built, "Bench Press (Barbell)", best: ("2019-01-11", 106.6667), latest: ("2019-01-15", 101.25))
        XCTAssertEqual(
            built?.warnings,
            [
                "strong-comma.csv:1: strong-comma.csv does not say its weight unit: read as kg; set `weights-in: lb` on the report if the app recorded lb",
                "left out 1 warm-up set and 2 rows without a weight: they give no 1RM"
            ], "no unit anywhere: read as kg, and said")
    }

    /// The same file shown in lb, its weights said to be kg: 110 / 0.45359237 = 242.5085 lb × 1.125
    /// = 272.8220; 120 / 0.45359237 = 264.5547; 80 kg = 176.3698 lb × 4/3 = 235.1597; 90 kg
    /// = 198.4160 lb × 1.125 = 223.2180. With `unit: lb` alone a file without a unit is read as lb.
    func testStrongCommaShapeInPounds() async throws {
        let (_, converted) = try await build(["strong-comma.csv"], "unit: lb\nweights-in: kg\nrpe-estimates: false")
        XCTAssertEqual(converted?.unit, "lb")
        assert(converted, "Squat (Barbell)", best: ("2019-01-13", 272.8220), latest: ("2019-01-15", 264.5547))
        assert(converted, "Bench Press (Barbell)", best: ("2019-01-11", 235.1597), latest: ("2019-01-15", 223.2180))
        XCTAssertEqual(
            converted?.figures("Squat (Barbell)")?.best, 110 / Self.kgPerLb * 36 / 32, "converted before the formula")

        let (_, labelled) = try await build(["strong-comma.csv"], "unit: lb\nrpe-estimates: false")
        XCTAssertEqual(labelled?.unit, "lb")
        assert(labelled, "Squat (Barbell)", best: ("2019-01-13", 123.75), latest: ("2019-01-15", 120))
    }

    /// Shape 2 (no notes, `13.0` reps). Deadlift: 1 Mar 140×5 = 157.5, 4 Mar 150×3 = 158.82,
    /// 8 Mar 145×5 = 163.125, 10 Mar 120×8 = 148.9655. Press: 1 Mar 50×13 gives no estimate (an
    /// app's export estimates from sets of 1 to 12), 4 Mar 60×5 = 67.5; with `max-reps: 13`,
    /// 50×13 = 75. In lb: 145 kg = 319.6703 lb × 1.125 = 359.6291; 120 kg = 264.5547 × 36/29 =
    /// 328.4127; 50 kg = 110.2311 × 1.5 = 165.3467; 60 kg = 132.2774 × 1.125 = 148.8120.
    func testStrongWithoutNotesAndWholeNumbersWithDecimals() async throws {
        let (_, kg) = try await build(["strong-no-notes.csv"])
        assert(kg, "Deadlift (Barbell)", best: ("2020-03-08", 163.125), latest: ("2020-03-10", 148.9655))
        assert(kg, "Overhead Press (Barbell)", best: ("2020-03-04", 67.5), latest: ("2020-03-04", 67.5))
        XCTAssertEqual(
            kg?.warnings,
            [
                "strong-no-notes.csv:1: strong-no-notes.csv does not say its weight unit: read as kg; set `weights-in: lb` on the report if the app recorded lb",
                "strong-no-notes.csv:3: reps 13 ≥ 13: no 1RM estimate",
                "left out 1 row without a weight and 1 row without reps: they give no 1RM"
            ])
        let (_, thirteen) = try await build(["strong-no-notes.csv"], "max-reps: 13\nweights-in: kg")
        assert(thirteen, "Overhead Press (Barbell)", best: ("2020-03-01", 75), latest: ("2020-03-04", 67.5))
        XCTAssertEqual(thirteen?.warnings, ["left out 1 row without a weight and 1 row without reps: they give no 1RM"])
        let (_, lb) = try await build(["strong-no-notes.csv"], "unit: lb\nweights-in: kg\nmax-reps: 13")
        assert(lb, "Deadlift (Barbell)", best: ("2020-03-08", 359.6291), latest: ("2020-03-10", 328.4127))
        assert(lb, "Overhead Press (Barbell)", best: ("2020-03-01", 165.3467), latest: ("2020-03-04", 148.8120))
    }

    /// Shape 3 (no Duration). Front squat: 1 Jun 80×5 = 90, 3 Jun 85×5 = 95.625, 5 Jun 70×10
    /// = 93.3333. Row: 1 Jun 70×10 = 93.3333, 3 Jun 75×7 = 90. In lb: 85 kg × 1.125 / 0.45359237
    /// = 210.8170; 70 kg × 4/3 = 205.7648; 75 kg × 1.2 = 198.4160.
    func testStrongWithoutDuration() async throws {
        let (_, kg) = try await build(["strong-no-duration.csv"])
        assert(kg, "Front Squat (Barbell)", best: ("2021-06-03", 95.625), latest: ("2021-06-05", 93.3333))
        assert(kg, "Bent Over Row (Barbell)", best: ("2021-06-01", 93.3333), latest: ("2021-06-03", 90))
        XCTAssertEqual(
            kg?.warnings,
            [
                "strong-no-duration.csv:1: strong-no-duration.csv does not say its weight unit: read as kg; set `weights-in: lb` on the report if the app recorded lb"
            ])
        let (_, lb) = try await build(["strong-no-duration.csv"], "unit: lb\nweights-in: kg")
        XCTAssertEqual(lb?.warnings, [], "weights-in says the unit")
        assert(lb, "Front Squat (Barbell)", best: ("2021-06-03", 210.8170), latest: ("2021-06-05", 205.7648))
        assert(lb, "Bent Over Row (Barbell)", best: ("2021-06-01", 205.7648), latest: ("2021-06-03", 198.4160))
    }

    /// Shape 4 (semicolons, a `Weight Unit` per row, kg and lbs mixed, `102,5`): converted set by
    /// set. Deadlift 11 Jan: 100 kg × 5 = 112.5 and 225 lbs = 102.0583 kg × 5 = 114.8156, the
    /// day's best; 14 Jan 102.5 × 7 = 123; 18 Jan 110 × 1 = 110. Squat 11 Jan 135 lbs = 61.2350 kg
    /// × 4/3 = 81.6466, 14 Jan 95 × 3 = 100.5882, 18 Jan 80 × 5 = 90. The first set is in kg, so
    /// the report is. In lb: 102.5 kg × 1.2 / 0.45359237 = 271.1686; 110 kg = 242.5085; 95 kg ×
    /// 18/17 = 221.7591; 80 kg × 1.125 = 198.4160.
    func testStrongSemicolonsWithAUnitPerRow() async throws {
        let (_, kg) = try await build(["strong-semicolon.csv"])
        XCTAssertEqual(kg?.unit, "kg")
        assert(kg, "Deadlift (Barbell)", best: ("2019-01-14", 123), latest: ("2019-01-18", 110))
        assert(kg, "Squat (Barbell)", best: ("2019-01-14", 100.5882), latest: ("2019-01-18", 90))
        let (_, lb) = try await build(["strong-semicolon.csv"], "unit: lb")
        assert(lb, "Deadlift (Barbell)", best: ("2019-01-14", 271.1686), latest: ("2019-01-18", 242.5085))
        assert(lb, "Squat (Barbell)", best: ("2019-01-14", 221.7591), latest: ("2019-01-18", 198.4160))
    }

    /// Shape 5 (every field quoted, semicolons, `Weight (kg)`, BOM, CRLF). Bench: 1 Feb 70×8
    /// = 86.8966, 3 Feb 75×5 = 84.375, 5 Feb 72.5×10 = 96.6667, 7 Feb 80×3 = 84.7059. Dip 3 Feb
    /// 20×8 = 24.8276. In lb: 72.5 kg × 4/3 / 0.45359237 = 213.1135; 80 × 18/17 = 186.7445;
    /// 20 × 36/29 = 54.7355. The header's unit wins over `weights-in`.
    func testStrongQuotedWithTheUnitInTheHeader() async throws {
        let (_, kg) = try await build(["strong-quoted.csv"])
        assert(kg, "Bench Press (Barbell)", best: ("2022-02-05", 96.6667), latest: ("2022-02-07", 84.7059))
        assert(kg, "Dip (Weighted)", best: ("2022-02-03", 24.8276), latest: ("2022-02-03", 24.8276))
        XCTAssertEqual(kg?.warnings, ["left out 1 row without a weight: they give no 1RM"])
        let (_, lb) = try await build(["strong-quoted.csv"], "unit: lb\nweights-in: lb")
        assert(lb, "Bench Press (Barbell)", best: ("2022-02-05", 213.1135), latest: ("2022-02-07", 186.7445))
        assert(lb, "Dip (Weighted)", best: ("2022-02-03", 54.7355), latest: ("2022-02-03", 54.7355))
    }

    // MARK: Hevy

    /// Full squat: 20 Nov 2023 120×5 = 135 (failure 125×3 = 132.35; the 60 kg warm-up left out),
    /// 9 Sep 2025 130×5 = 146.25 over the drop set 100×10 = 133.33 and the evening's 140×1 (two
    /// workouts, one day), 12 Sep 120×5 = 135. Bench: 92.50000000000001 (noise) × 5 = 104.0625,
    /// then 95×5 = 106.875. Curl 12.900000000000034 → 12.9 × 4/3 = 17.2. In lb: 130 kg × 1.125 /
    /// 0.45359237 = 322.4261; 120 kg × 1.125 = 297.6241; 95 kg × 1.125 = 235.6190; 12.9 × 4/3 = 37.9195.
    func testHevyInKilogramsAndPounds() async throws {
        let (_, kg) = try await build(["hevy-kg.csv"])
        XCTAssertEqual(kg?.exercises.map(\.name), ["Full Squat", "Bench Press (Barbell)", "Bicep Curl (Dumbbell)"])
        XCTAssertEqual(kg?.exercises.map(\.sets), [6, 2, 1])
        assert(kg, "Full Squat", best: ("2025-09-09", 146.25), latest: ("2025-09-12", 135))
        assert(kg, "Bench Press (Barbell)", best: ("2025-09-09", 106.875), latest: ("2025-09-09", 106.875))
        assert(kg, "Bicep Curl (Dumbbell)", best: ("2023-11-20", 17.2), latest: ("2023-11-20", 17.2))
        XCTAssertEqual(kg?.warnings, ["left out 1 warm-up set and 1 row without a weight: they give no 1RM"])
        let (_, lb) = try await build(["hevy-kg.csv"], "unit: lb")
        assert(lb, "Full Squat", best: ("2025-09-09", 322.4261), latest: ("2025-09-12", 297.6241))
        assert(lb, "Bench Press (Barbell)", best: ("2025-09-09", 235.6190), latest: ("2025-09-09", 235.6190))
        assert(lb, "Bicep Curl (Dumbbell)", best: ("2023-11-20", 37.9195), latest: ("2023-11-20", 37.9195))
    }

    /// `weight_lbs`: the report is in lb without `unit:`. Deadlift 20 Nov 315×5 = 354.375, 2 Dec
    /// 335×3 = 354.7059, 5 Dec 275×5 = 309.375. Pulldown 150×10 = 200, 160×8 = 198.6207. In kg:
    /// 335 lb = 151.9534 kg × 18/17 = 160.8919; 275 lb = 124.7379 × 1.125 = 140.3301; 150 lb =
    /// 68.0389 × 4/3 = 90.7185; 160 lb = 72.5748 × 36/29 = 90.0928. Counting the warm-up changes the
    /// count, not the best (135 × 5 = 151.875).
    func testHevyInPoundsAndKilograms() async throws {
        let (_, lb) = try await build(["hevy-lbs.csv"])
        XCTAssertEqual(lb?.unit, "lb")
        assert(lb, "Deadlift (Barbell)", best: ("2023-12-02", 354.7059), latest: ("2023-12-05", 309.375))
        assert(lb, "Lat Pulldown (Cable)", best: ("2023-11-20", 200), latest: ("2023-12-02", 198.6207))
        let (_, kg) = try await build(["hevy-lbs.csv"], "unit: kg")
        assert(kg, "Deadlift (Barbell)", best: ("2023-12-02", 160.8919), latest: ("2023-12-05", 140.3301))
        assert(kg, "Lat Pulldown (Cable)", best: ("2023-11-20", 90.7185), latest: ("2023-12-02", 90.0928))
        let (_, warm) = try await build(["hevy-lbs.csv"], "include-warmups: true")
        XCTAssertEqual(warm?.exercises.first?.sets, 4)
        XCTAssertEqual(warm?.warnings, ["left out 1 row without a weight: they give no 1RM"])
    }

    // MARK: Fitbod and FitNotes

    /// Fitbod (kg always): Back squat 31 May 102.5×5 = 115.3125 (over 100×5; the warm-up left out),
    /// 2 Jun 110×3 = 116.4706, 4 Jun 23:59 +0000 95×5 = 106.875 on the 4th. Lunge at multiplier 2
    /// keeps its weight: 20×10 = 26.6667, 22.5×8 = 27.9310, 20×12 = 28.8. In lb: 110 kg × 18/17 /
    /// 0.45359237 = 256.7737; 95 kg × 1.125 = 235.6190; 20 kg × 36/25 = 63.4931.
    func testFitbod() async throws {
        let (_, kg) = try await build(["fitbod.csv"])
        assert(kg, "Back Squat", best: ("2020-06-02", 116.4706), latest: ("2020-06-04", 106.875))
        assert(kg, "Dumbbell Lunge", best: ("2020-06-04", 28.8), latest: ("2020-06-04", 28.8))
        XCTAssertEqual(kg?.warnings, ["left out 1 warm-up set and 1 row without a weight: they give no 1RM"])
        let (_, lb) = try await build(["fitbod.csv"], "unit: lb")
        assert(lb, "Back Squat", best: ("2020-06-02", 256.7737), latest: ("2020-06-04", 235.6190))
        assert(lb, "Dumbbell Lunge", best: ("2020-06-04", 63.4931), latest: ("2020-06-04", 63.4931))
    }

    /// FitNotes in kgs: bench 12 May 80×5 = 90 = 85×3 (a tie keeps the day at 90), 15 May 82.5×7
    /// = 99, 18 May 75×8 = 93.1034; squat 14 May 100×8 = 124.1379, 16 May 110×5 = 123.75. In lb:
    /// 82.5 kg × 1.2 / 0.45359237 = 218.2576; 75 kg × 36/29 = 205.2580; 100 kg × 36/29 = 273.6773;
    /// 110 kg × 1.125 = 272.8220. FitNotes in lbs: press 95×5 = 106.875, 100×3 = 105.8824; in kg
    /// 95 lb = 43.0913 × 1.125 = 48.4777 and 100 lb = 45.3592 × 18/17 = 48.0274.
    func testFitNotesInKilogramsAndPounds() async throws {
        let (_, kg) = try await build(["fitnotes-kgs.csv"])
        assert(kg, "Flat Barbell Bench Press", best: ("2019-05-15", 99), latest: ("2019-05-18", 93.1034))
        assert(kg, "Barbell Squat", best: ("2019-05-14", 124.1379), latest: ("2019-05-16", 123.75))
        XCTAssertEqual(kg?.warnings, ["left out 2 rows without a weight: they give no 1RM"])
        let (_, lb) = try await build(["fitnotes-kgs.csv"], "unit: lb")
        assert(lb, "Flat Barbell Bench Press", best: ("2019-05-15", 218.2576), latest: ("2019-05-18", 205.2580))
        assert(lb, "Barbell Squat", best: ("2019-05-14", 273.6773), latest: ("2019-05-16", 272.8220))

        let (_, pounds) = try await build(["fitnotes-lbs.csv"])
        XCTAssertEqual(pounds?.unit, "lb")
        assert(pounds, "Overhead Press", best: ("2019-05-12", 106.875), latest: ("2019-05-19", 105.8824))
        let (_, kilos) = try await build(["fitnotes-lbs.csv"], "unit: kg")
        assert(kilos, "Overhead Press", best: ("2019-05-12", 48.4777), latest: ("2019-05-19", 48.0274))
    }

    // MARK: Any spreadsheet

    /// Tabs, `DD/MM/YYYY`, a unit column and a sets column. Squat 11 Jan: 100 kg × 5 = 112.5 and
    /// 225 lb = 102.0583 kg × 5 = 114.8156; 13 Jan 110×3 = 116.4706; 15 Jan 105×1 = 105. Press
    /// 13 Jan 50×8 = 62.0690; 15 Jan 115 lb = 52.1631 kg × 5 = 58.6835. In lb: 110 kg × 18/17 /
    /// 0.45359237 = 256.7737; 105 kg = 231.4854; 50 kg × 36/29 = 136.8386; 115 lb × 1.125 = 129.375.
    func testAnySpreadsheetWithItsColumnsNamed() async throws {
        let columns =
            "columns: {date: Day, exercise: Lift, reps: Reps, weight: Load, unit: Unit, sets: Sets, date-format: DD/MM/YYYY}"
        let (result, kg) = try await build(["custom.tsv"], columns + "\nunit: kg")
        XCTAssertEqual(result.exitCode, 0, result.summaryLine)
        XCTAssertEqual(kg?.exercises.map(\.sets), [6, 3])
        assert(kg, "Squat", best: ("2019-01-13", 116.4706), latest: ("2019-01-15", 105))
        assert(kg, "Press", best: ("2019-01-13", 62.0690), latest: ("2019-01-15", 58.6835))
        let (_, lb) = try await build(["custom.tsv"], columns + "\nunit: lb")
        assert(lb, "Squat", best: ("2019-01-13", 256.7737), latest: ("2019-01-15", 231.4854))
        assert(lb, "Press", best: ("2019-01-13", 136.8386), latest: ("2019-01-15", 129.375))
    }

    // MARK: Merging, names, errors

    /// One lifter's Strong log (2019, kg by default) and Hevy log (2023–2025, kg), their names
    /// mapped to one: the squat's days are Strong's three and Hevy's three (best 146.25 on 9 Sep
    /// 2025, latest 135 on 12 Sep 2025); the bench's Strong's three and Hevy's two (best 106.875
    /// on 9 Sep 2025 over Strong's 106.6667; latest the same).
    func testAStrongAndAHevyFileOfOneLifterMergeIntoOneReport() async throws {
        let names = """
            exercise-names:
              "Squat (Barbell)": Squat
              Full Squat: Squat
              "Bench Press (Barbell)": Bench Press
            weights-in: kg
            """
        let (result, built) = try await build(["strong-comma.csv", "hevy-kg.csv"], names)
        XCTAssertEqual(result.exitCode, 0, result.summaryLine)
        XCTAssertEqual(built?.exercises.map(\.name), ["Squat", "Bench Press", "Bicep Curl (Dumbbell)"])
        XCTAssertEqual(built?.exercises.map(\.sets), [4 + 6, 3 + 2, 1])
        assert(built, "Squat", best: ("2025-09-09", 146.25), latest: ("2025-09-12", 135))
        assert(built, "Bench Press", best: ("2025-09-09", 106.875), latest: ("2025-09-09", 106.875))
        XCTAssertEqual(built?.warnings, ["left out 2 warm-up sets and 3 rows without a weight: they give no 1RM"])
    }

    /// A file no format knows fails its report with exit status 1, naming the file, the header
    /// it saw and every format Gazette knows; the other reports are still built.
    func testAnUnknownHeaderFailsTheReportNamingTheHeaderAndTheFormats() async throws {
        let (result, _) = try await build(["unknown-header.csv"])
        XCTAssertEqual(result.exitCode, 1)
        let error = try XCTUnwrap(result.error)
        XCTAssertEqual(error.kind, .input)
        XCTAssertTrue(
            error.headline.hasSuffix(
                "workout-exports/unknown-header.csv:1:1: error: the header `Datum,Übung,Wiederholungen,Gewicht` "
                    + "matches no workout format Gazette knows: " + WorkoutFormat.known
                    + ". If it is a spreadsheet of sets, name its columns: `columns:` on the report in a job file, "
                    + "`--columns` or `--columns-from` with `--workouts`, or `gazette init --from` the file for a job "
                    + "that carries them:"), error.headline)
        XCTAssertEqual(
            error.hint,
            """
                columns:
                  date: Datum              # dates such as `11.01.2019`
                  exercise: Übung          # text, 1 name over 1 row, as exercise names repeat
                  reps: Wiederholungen     # whole numbers 5: looks like reps
                  weight: Gewicht          # whole numbers 100: looks like weights
                  date-format: DD.MM.YYYY  # how `Datum` writes its days
            """)
        for format in WorkoutFormat.allCases {
            XCTAssertTrue(error.message.contains(format.rawValue + " ("), format.rawValue)
        }
    }

    /// Round two's shapes through a whole build: report.json's figures and warnings, in the
    /// readers' words (issue 40).
    func testRoundTwoShapesBuildWithTheirFiguresAndWarnings() async throws {
        let (_, german) = try await build(["strong-german.csv"], "unit: lb\nweights-in: kg")
        let p = 1 / Self.kgPerLb
        assert(
            // 80 × 5 at RPE 8 counts as 7 reps: × 36 / 30.
            german, "Bankdrücken (Langhantel)", best: ("2025-03-03", 80 * p * 1.2),
            latest: ("2025-03-10", 85 * p * 36 / 35))
        XCTAssertEqual(
            german?.warnings,
            [
                "strong-german.csv:10: reps 20 ≥ 13: no 1RM estimate",
                "left out 1 warm-up set and 1 row without a weight: they give no 1RM"
            ])
        let (_, today) = try await build(["fitnotes-today.csv"])
        assert(
            today, "Row (Cable, Seated, Wide Grip)", best: ("2025-04-29", 132 * Self.kgPerLb * 4 / 3),
            latest: ("2025-04-29", 132 * Self.kgPerLb * 4 / 3))
        XCTAssertEqual(
            today?.warnings.first,
            "fitnotes-today.csv:4: 3 rows had unquoted commas in the exercise name; read as `Overhead Press (Each Side, Dumbbells)`"
        )
        let (_, jefit) = try await build(["jefit.csv"], "unit: lb")
        assert(jefit, "Barbell Squat", best: ("2024-02-05", 100 * p * 1.125), latest: ("2024-02-05", 100 * p * 1.125))
        XCTAssertEqual(jefit?.unit, "lb")
        let (_, unitless) = try await build(["strong-unitless.csv"], "unit: lb")
        XCTAssertEqual(
            unitless?.warnings,
            [
                "strong-unitless.csv:1: strong-unitless.csv does not say its weight unit: read as lb; "
                    + "set `weights-in: kg` on the report if the app recorded kg"
            ])
        let (_, said) = try await build(["strong-unitless.csv"], "unit: lb\nweights-in: kg\nmax-reps: 3")
        XCTAssertEqual(said?.warnings, ["strong-unitless.csv:2: reps 5 ≥ 4: no 1RM estimate"])
        assert(
            said, "Bench Press (Barbell)", best: ("2024-06-04", 102.5 * p * 36 / 34),
            latest: ("2024-06-04", 102.5 * p * 36 / 34))
    }
}
