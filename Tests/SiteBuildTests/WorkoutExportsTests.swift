import Foundation
import XCTest
import GazetteBuildTestSupport
import GazetteKindTestSupport
import GazetteTestSupport
@testable import SiteBuild
@testable import GazetteCore
@testable import Jobs
@testable import Reports
import Workouts

/// Whole builds and the command line from the apps' exports (Tests/Fixtures/workout-exports): what
/// the terminal, the pages, the e-mail and a failed report say. The per-format figures are
/// `ReportsTests/WorkoutExportFiguresTests`.
final class WorkoutExportsTests: XCTestCase {
    private static let kgPerLb = 0.45359237

    private func fixture(_ name: String) -> String {
        TestSupport.fixture("workout-exports/\(name)").path
    }

    /// A real-size Strong export with hundreds of long sets, rest rows and no unit column: the
    /// terminal gets at most five warning lines, and the page one box of three.
    func testHundredsOfLongSetsPrintAFewLinesNotHundreds() throws {
        var file =
            "Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE\n"
        var rows = 1
        for day in 0..<100 {
            let date = "2024-\(String(format: "%02d", 1 + day / 28))-\(String(format: "%02d", 1 + day % 28)) 18:00:00"
            file += "\(date),\"Full body\",1h 5m,\"Squat (Barbell)\",W,60,10.0,0,0,\"\",\"\",\n"
            for set in 1...4 {
                file += "\(date),\"Full body\",1h 5m,\"Squat (Barbell)\",\(set),\(100 + day),5.0,0,0,\"\",\"\",\n"
                file += "\(date),\"Full body\",1h 5m,\"Squat (Barbell)\",Rest Timer,0,0.0,0,120,\"\",\"\",\n"
            }
            for set in 1...4 {
                file += "\(date),\"Full body\",1h 5m,\"Kettlebell Swing\",\(set),24,30.0,0,0,\"\",\"\",\n"
            }
            rows += 13
        }
        XCTAssertGreaterThan(rows, 1_000)
        let folder = TestSupport.temporaryFolder()
        let input = folder.appendingPathComponent("strong.csv")
        TestSupport.writeFile(file, to: input)
        let output = folder.appendingPathComponent("Output")
        let run = try TestSupport.run(
            try TestSupport.gazette(),
            ["build", "--workouts", input.path, "--output", output.path, "--now", "1700000000"])
        XCTAssertEqual(run.status, 0, run.output)
        let warnings = run.output.split(separator: "\n").filter { $0.contains("warning") }
        XCTAssertLessThanOrEqual(warnings.count, 5, run.output)
        XCTAssertTrue(
            run.output.contains(
                "strong.csv:11: left out 400 sets of more than 12 reps (lines 11, 12, 13, …): no estimate"),
            run.output)
        XCTAssertFalse(run.output.contains("without a weight"), "rest timers are no sets: \(run.output)")
        let page = try String(contentsOf: output.appendingPathComponent("workouts/index.html"), encoding: .utf8)
        let notice = try XCTUnwrap(page.range(of: "<section class=\"notice\"").map { page[$0.lowerBound...] })
        let box = notice[..<notice.range(of: "</section>")!.upperBound]
        XCTAssertEqual(box.components(separatedBy: "<li>").count - 1, 3, String(box))
    }

    func testTheCommandLineSaysSoAndExitsWithOne() throws {
        let gazette = try TestSupport.gazette()
        let output = TestSupport.temporaryFolder().appendingPathComponent("Output")
        let run = try TestSupport.run(
            gazette,
            ["build", "--workouts", fixture("unknown-header.csv"), "--output", output.path, "--now", "1700000000"])
        XCTAssertEqual(run.status, 1, run.output)
        XCTAssertTrue(
            run.output.contains(
                "unknown-header.csv:1:1: error: the header `Datum,Übung,Wiederholungen,Gewicht` matches no workout format Gazette knows"
            ), run.output)
        XCTAssertTrue(run.output.contains("strong (`Exercise Name` and `Set Order`"), run.output)

        let named = try TestSupport.run(
            gazette,
            [
                "build", "--workouts", fixture("hevy-kg.csv"), "--workouts-format", "strong",
                "--output", output.path, "--now", "1700000000"
            ])
        XCTAssertEqual(named.status, 1, named.output)
        XCTAssertTrue(named.output.contains("the header has no `Date` column, which a strong file has"), named.output)
        let good = try TestSupport.run(
            gazette,
            [
                "build", "--workouts", fixture("hevy-kg.csv"), "--workouts-format", "hevy",
                "--output", output.path, "--now", "1700000000"
            ])
        XCTAssertEqual(good.status, 0, good.output)
        let usage = try TestSupport.run(gazette, ["build", "--workouts-format", "strong", "--output", output.path])
        XCTAssertEqual(usage.status, 64, usage.output)
        // The help and the error list the formats themselves, every one the reader knows.
        let unknown = try TestSupport.run(
            gazette,
            ["build", "--workouts", fixture("hevy-kg.csv"), "--workouts-format", "nope", "--output", output.path])
        XCTAssertEqual(unknown.status, 64, unknown.output)
        let help = try TestSupport.run(gazette, ["build", "--help"])
        for format in WorkoutFormat.onCommandLine {
            XCTAssertTrue(unknown.output.contains(format.rawValue), "\(format.rawValue): \(unknown.output)")
            XCTAssertTrue(help.output.contains(format.rawValue), "\(format.rawValue) in --help")
        }
        XCTAssertTrue(unknown.output.contains("jefit, alpha-progression, gymbook, lyfta"), unknown.output)
    }

    /// An unknown spreadsheet's error carries a `columns:` block guessed from its header and first
    /// rows; pasted under the report in a job file, it builds the report.
    func testTheGuessedColumnsBlockBuildsTheReportWhenPasted() throws {
        let gazette = try TestSupport.gazette()
        let dir = TestSupport.temporaryFolder()
        TestSupport.writeFile(
            "Tag;Übung;Satz;Wdh;Last;Einheit;Notiz\n03.02.2025;Kniebeuge;1;5;100,5;kg;\n"
                + "03.02.2025;Kniebeuge;2;3;105;kg;schwer\n05.02.2025;Bankdrücken;1;8;135;lbs;\n",
            to: dir.appendingPathComponent("sheet.csv"))
        let output = dir.appendingPathComponent("Output")
        let failed = try TestSupport.run(
            gazette, ["build", "--workouts", dir.appendingPathComponent("sheet.csv").path, "--output", output.path])
        XCTAssertEqual(failed.status, 1, failed.output)
        let lines = failed.output.components(separatedBy: "\n")
        let start = try XCTUnwrap(lines.firstIndex(of: "    columns:"), failed.output)
        let block = Array(lines[start...].prefix { $0.hasPrefix("    ") })
        XCTAssertEqual(
            block,
            [
                "    columns:",
                "      date: Tag                # dates such as `03.02.2025`",
                "      exercise: Übung          # text, 2 names over 3 rows, as exercise names repeat",
                "      reps: Wdh                # whole numbers 3–8: looks like reps",
                "      weight: Last             # numbers 100.5–135: looks like weights",
                "      unit: Einheit            # units: kg, lbs",
                "      date-format: DD.MM.YYYY  # how `Tag` writes its days"
            ])
        // The error page shows the block apart, never wrapped, to copy whole.
        let page = try String(contentsOf: output.appendingPathComponent("workouts/index.html"), encoding: .utf8)
        XCTAssertTrue(page.contains("<pre class=\"error-hint\">    columns:\n      date: Tag "), page)
        let job = dir.appendingPathComponent("job.yml")
        TestSupport.writeFile(
            "reports:\n  - kind: workouts\n    title: Sheet\n    input: sheet.csv\n    unit: kg\n"
                + block.joined(separator: "\n") + "\n", to: job)
        let built = try TestSupport.run(gazette, ["build", job.path, "--output", output.path, "--now", "1700000000"])
        XCTAssertEqual(built.status, 0, built.output)
        let report =
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: output.appendingPathComponent("sheet/report.json"))) as? [String: Any]
        let exercises = try XCTUnwrap(report?["exercises"] as? [[String: Any]])
        XCTAssertEqual(exercises.map { $0["name"] as? String }, ["Kniebeuge", "Bankdrücken"])
        // Squat: 100.5 × 5 = 113.06 beats 105 × 3 = 111.18.
        let squat = try XCTUnwrap((exercises[0]["best"] as? [String: Any])?["oneRepMax"] as? Double)
        XCTAssertEqual(squat, 100.5 * 1.125, accuracy: 1e-9)
        // Bench: 135 lb × 8 = 167.59 lb, in kg.
        let bench = try XCTUnwrap((exercises[1]["best"] as? [String: Any])?["oneRepMax"] as? Double)
        XCTAssertEqual(bench, 135 * Self.kgPerLb * 36 / 29, accuracy: 1e-9)
    }

    /// A bad cell names its column by its header, at its line and column, with the caret under it;
    /// `invalid-lines: skip` leaves the row out with a warning instead.
    func testABadCellNamesItsColumnAndSkippingLeavesTheRowOut() async throws {
        let dir = TestSupport.temporaryFolder()
        let file = dir.appendingPathComponent("bad.csv")
        TestSupport.writeFile(
            #"""
            Date,Workout Name,Exercise Name,Set Order,Weight,Reps
            2019-01-11 12:31:54,"Note, with ""quotes""",Squat,1,100,5
            2019-01-12 12:31:54,"A",Squat,1,100,8.5
            """#, to: file)
        let failing = ReportSpec(kind: .workouts, title: "Bad", sources: [.file(file)])
        let result = await TestSupport.build([failing], output: dir.appendingPathComponent("Output"))
        XCTAssertEqual(result.exitCode, 1)
        let error = try XCTUnwrap(result.reports[0].error)
        XCTAssertEqual(
            error.location,
            .text(
                path: file.standardizedFileURL.path, line: 3, column: 37,
                sourceLine: "2019-01-12 12:31:54,\"A\",Squat,1,100,8.5"))
        XCTAssertEqual(error.message, "`Reps` is not a whole number: `8.5`")
        XCTAssertTrue(
            error.description.contains(
                "2019-01-12 12:31:54,\"A\",Squat,1,100,8.5\n" + String(repeating: " ", count: 36) + "^"),
            error.description)

        let skipping = ReportSpec(
            title: "Skipped", sources: [.file(file)],
            options: .workouts(WorkoutsOptions(invalidLines: .skip, weightsIn: .kg)))
        let skipped = await TestSupport.build([skipping], output: dir.appendingPathComponent("Skipped"))
        XCTAssertEqual(skipped.exitCode, 0)
        XCTAssertEqual(
            skipped.reports[0].warnings.map(\.text),
            ["bad.csv:3: skipped invalid row: `Reps` is not a whole number: `8.5`"])
    }

    /// The report's unit labels the pages, the charts and the e-mail; a day's best set is shown as
    /// it was logged. Deadlift in lb: 102.5 kg × 1.2 / 0.45359237 = 271.1686, shown 271 lb.
    func testTheUnitLabelsPagesChartsAndTheEmail() async throws {
        let dir = TestSupport.temporaryFolder()
        let spec = ReportSpec(
            title: "Lifts",
            sources: [.file(TestSupport.fixture("workout-exports/strong-semicolon.csv"))],
            options: .workouts(WorkoutsOptions(unit: .lb)))
        var options = BuildOptions(now: TestSupport.fixedNow, jobs: 2, switches: ["email"])
        options.switches.insert("pdf")
        let output = dir.appendingPathComponent("Output")
        let result = await Pipeline(job: Job(title: "Test", output: output, reports: [spec]), options: options).run()
        XCTAssertEqual(result.exitCode, 0, result.summaryLine)
        let folder = output.appendingPathComponent("lifts")
        XCTAssertTrue(TestSupport.read(folder.appendingPathComponent("index.html")).contains("271 lb"))
        let page = TestSupport.read(folder.appendingPathComponent("deadlift-barbell.html"))
        XCTAssertTrue(page.contains("<span class=\"set-part\">102.5 kg</span>"), "the set as logged")
        XCTAssertTrue(page.contains("<span class=\"set-part\">110 kg</span>"))
        XCTAssertTrue(
            TestSupport.read(folder.appendingPathComponent("charts/deadlift-barbell.svg")).contains("271 lb"))
        let mail = try MIMEReader.parse(TestSupport.read(folder.appendingPathComponent("report.eml")))
        func parts(_ part: MIMEReader.Part) -> [MIMEReader.Part] { [part] + part.parts.flatMap(parts) }
        let text = try XCTUnwrap(parts(mail).first { $0.contentType.hasPrefix("text/plain") })
        XCTAssertTrue(text.decodedText.contains("Deadlift (Barbell): 271 lb"), text.decodedText)
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent("report.pdf").path))
        XCTAssertTrue(
            TestSupport.read(output.appendingPathComponent("index.html")).contains("Deadlift (Barbell) 271 lb"))
    }

    /// A lifter's e-mail leads with the figures: the warnings are one short block at the end, in
    /// the HTML part and the text part alike (issue 40).
    func testTheEmailCarriesItsWarningsInOneBlockAtTheEnd() async throws {
        let dir = TestSupport.temporaryFolder()
        let spec = ReportSpec(
            title: "Lifts", sources: [.file(TestSupport.fixture("workout-exports/strong-german.csv"))],
            options: .workouts(WorkoutsOptions()))
        let output = dir.appendingPathComponent("Output")
        let result = await Pipeline(
            job: Job(title: "Test", output: output, reports: [spec]),
            options: BuildOptions(now: TestSupport.fixedNow, jobs: 2, switches: ["email"])
        ).run()
        XCTAssertEqual(result.exitCode, 0, result.summaryLine)
        XCTAssertEqual(
            result.reports[0].warnings.count, 4,
            "unit, long set, left out, no recipient: \(result.reports[0].warnings.map(\.text))")
        let mail = try MIMEReader.parse(TestSupport.read(output.appendingPathComponent("lifts/report.eml")))
        func parts(_ part: MIMEReader.Part) -> [MIMEReader.Part] { [part] + part.parts.flatMap(parts) }
        let html = try XCTUnwrap(parts(mail).first { $0.contentType.hasPrefix("text/html") }).decodedText
        let text = try XCTUnwrap(parts(mail).first { $0.contentType.hasPrefix("text/plain") }).decodedText
        for body in [html, text] {
            let warning = try XCTUnwrap(body.range(of: "does not say its weight unit")?.lowerBound, body)
            let lift = try XCTUnwrap(body.range(of: "Kniebeuge (Langhantel)", options: .backwards)?.lowerBound)
            XCTAssertLessThan(lift, warning, "every figure comes before the warnings")
        }
    }
}
