import Foundation
import XCTest
import GazetteBuildTestSupport
import GazetteKindTestSupport
import GazetteTestSupport
@testable import SiteBuild
@testable import GazetteCore
@testable import Jobs
@testable import Reports

/// Whole builds with workout reports: files on disk, job files with globs and `each`, failures
/// that spare the other reports, and byte-identical output.
final class WorkoutsPipelineTests: XCTestCase {
    private func workoutsSpec(_ names: [String], title: String? = nil) throws -> ReportSpec {
        ReportSpec(kind: .workouts, title: title, sources: try names.map { .file(try TestSupport.sharedData($0)) })
    }

    func testTheSampleLogBuildsTheReportAndItsPages() async throws {
        let output = TestSupport.temporaryFolder().appendingPathComponent("Output")
        let result = await TestSupport.build([try workoutsSpec(["workouts_582_lines.txt"])], output: output)
        XCTAssertEqual(result.exitCode, 0, result.summaryLine)
        let folder = output.appendingPathComponent("workouts")
        // The figures are checked on the report model (WorkoutsReportTests); the build writes them.
        let document = try TestSupport.reportDocument(folder.appendingPathComponent("report.json"))
        XCTAssertEqual(document.kind, .workouts)
        let data = try document.data.workouts()
        XCTAssertEqual(data.exercises.map(\.name), ["Back Squat", "Barbell Bench Press", "Deadlift"])
        XCTAssertEqual(data.exercises.map(\.days.count), [30, 30, 28])
        XCTAssertEqual(data.exercises[0].best?.oneRepMax ?? 0, 310.9091, accuracy: 0.00005)

        let overview = TestSupport.read(folder.appendingPathComponent("index.html"))
        for page in ["back-squat", "barbell-bench-press", "deadlift"] {
            XCTAssertTrue(overview.contains("href=\"\(page).html\""))
            let html = TestSupport.read(folder.appendingPathComponent("\(page).html"))
            XCTAssertTrue(
                html.contains("<a href=\"index.html\">Workouts</a>"), "the breadcrumbs lead back to the report")
            XCTAssertTrue(
                FileManager.default.fileExists(atPath: folder.appendingPathComponent("charts/\(page).svg").path), page)
            XCTAssertFalse(
                FileManager.default.fileExists(atPath: folder.appendingPathComponent("charts/\(page)-light.png").path),
                "a web build writes no PNG")
        }
        let charts = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("charts").path)
        XCTAssertEqual(
            charts.filter { $0.contains("-light") || $0.contains("-dark") || $0.contains("--phone") }, [],
            "one file per chart: both schemes and both layouts in it")
        let svg = TestSupport.read(folder.appendingPathComponent("charts/back-squat.svg"))
        XCTAssertTrue(svg.contains("role=\"img\""))
        XCTAssertTrue(svg.contains("<desc>"))
        XCTAssertEqual(svg.components(separatedBy: "<title>").count, 2, "one title for both layouts")
        XCTAssertTrue(svg.contains("<svg class=\"l1\" viewBox=\"0 0 720 360\">"), "the wide layout")
        XCTAssertTrue(svg.contains("<svg class=\"l2\" viewBox=\"0 0 360 300\">"), "the phone layout")
        let index = TestSupport.read(output.appendingPathComponent("index.html"))
        XCTAssertTrue(
            index.contains(
                "<span class=\"figure\">Deadlift 360 lb</span> · <span class=\"figure\">Back Squat 310 lb</span> · <span class=\"figure\">Barbell Bench Press 246 lb</span>"
            ), "the front page leads with the best lifts")
        XCTAssertTrue(index.contains("3 exercises over 83 training days"))
    }

    private func fixtureSpec(_ name: String, title: String? = nil) -> ReportSpec {
        ReportSpec(kind: .workouts, title: title, sources: [.file(TestSupport.fixture(name))])
    }

    func testAnInvalidLineFailsThatReportOnlyWithExitStatusOne() async throws {
        let output = TestSupport.temporaryFolder().appendingPathComponent("Output")
        let specs = [
            fixtureSpec("workouts.txt", title: "Good"), fixtureSpec("workouts-invalid-line7.txt", title: "Broken")
        ]
        let result = await TestSupport.build(specs, output: output)
        XCTAssertEqual(result.exitCode, 1)
        XCTAssertNil(result.reports[0].error)
        let error = try XCTUnwrap(result.reports[1].error)
        XCTAssertEqual(error.kind, .input)
        XCTAssertEqual(
            error.location,
            .text(
                path: TestSupport.fixture("workouts-invalid-line7.txt").standardizedFileURL.path,
                line: 7, column: 1, sourceLine: ",Deadlift,1,8,370"))
        XCTAssertTrue(
            error.headline.hasSuffix("workouts-invalid-line7.txt:7:1: error: expected a date like \"Oct 11 2017\""),
            error.headline)
        XCTAssertTrue(FileManager.default.fileExists(atPath: output.appendingPathComponent("good/report.json").path))
        XCTAssertFalse(FileManager.default.fileExists(atPath: output.appendingPathComponent("broken/report.json").path))
        XCTAssertTrue(
            TestSupport.read(output.appendingPathComponent("broken/index.html")).contains(
                ":7:1: error: expected a date"))
    }

    /// A report that never built has no earlier figures: failing again, it gets its error page
    /// again, never "These figures are not the latest … from the build of" an empty time.
    func testAReportThatNeverBuiltFailingTwiceGetsNoStaleNotice() async throws {
        let output = TestSupport.temporaryFolder().appendingPathComponent("Output")
        let specs = [
            fixtureSpec("workouts.txt", title: "Good"), fixtureSpec("workouts-invalid-line7.txt", title: "Broken")
        ]
        _ = await TestSupport.build(specs, output: output)
        let later = TestSupport.fixedNow.addingTimeInterval(86_400)
        let result = await TestSupport.build(specs, output: output, now: later)
        XCTAssertEqual(result.exitCode, 1)
        let page = TestSupport.read(output.appendingPathComponent("broken/index.html"))
        XCTAssertTrue(page.contains(":7:1: error: expected a date"), page)
        XCTAssertFalse(page.contains("not the latest"), "no stale notice without earlier figures")
        XCTAssertFalse(page.contains("<time datetime=\"\"></time>"), "no empty time")
        // The error page is this build's: it carries the later clock.
        XCTAssertTrue(page.contains(ISO8601DateFormatter().string(from: later)), "the error page is made anew")
    }

    func testAJobFileWithAGlobEachAndSkippedLines() async throws {
        let dir = TestSupport.temporaryFolder()
        let pattern = TestSupport.fixture("workouts*.txt").path
        TestSupport.writeFile(
            """
            title: Lifters
            output: Site
            reports:
              - kind: workouts
                title: Athlete
                inputs: ["\(pattern)"]
                each: true
                invalid-lines: skip
                formula: epley
                unit: kg
            """, to: dir.appendingPathComponent("job.yml"))
        let job = try JobFileLoader().load(dir.appendingPathComponent("job.yml"))
        XCTAssertEqual(job.reports.map(\.resolvedTitle), ["Athlete: workouts-invalid-line7", "Athlete: workouts"])
        XCTAssertEqual(job.reports.map(\.sources.count), [1, 1])
        XCTAssertEqual(
            job.reports.map(\.options),
            Array(repeating: .workouts(WorkoutsOptions(formula: .epley, unit: .kg, invalidLines: .skip)), count: 2))

        let result = await Pipeline(job: job, options: BuildOptions(now: TestSupport.fixedNow, jobs: 2)).run()
        XCTAssertEqual(result.exitCode, 0, result.summaryLine)
        XCTAssertEqual(result.reports.map(\.slug), ["athlete-workouts-invalid-line7", "athlete-workouts"])
        XCTAssertEqual(result.reports[1].warnings, [])
        XCTAssertEqual(
            result.reports[0].warnings.map(\.text),
            [#"workouts-invalid-line7.txt:7: skipped invalid line: expected a date like "Oct 11 2017""#])
        let document = try TestSupport.reportDocument(
            dir.appendingPathComponent("Site/athlete-workouts-invalid-line7/report.json"))
        XCTAssertEqual(try document.data.workouts().formula, "epley")
        XCTAssertEqual(try document.data.workouts().unit, "kg")
        XCTAssertEqual(document.warnings, result.reports[0].warnings.map(\.text))
        let page = TestSupport.read(dir.appendingPathComponent("Site/athlete-workouts-invalid-line7/index.html"))
        XCTAssertTrue(
            page.contains("workouts-invalid-line7.txt:7: skipped invalid line"), "the warning is on the report page")
        XCTAssertTrue(page.contains(" kg<"))
    }

    func testAGlobWithoutEachMergesTheFilesInNameOrder() throws {
        let dir = TestSupport.temporaryFolder()
        let folder = Fixture.folder.path
        let job = try JobFileLoader().parse(
            """
            reports:
              - kind: workouts
                inputs: ["\(folder)/workouts.t*", "\(folder)/workouts-i*.txt"]
            """, file: dir.appendingPathComponent("job.yml"))
        XCTAssertEqual(job.reports.count, 1)
        XCTAssertEqual(job.reports[0].sources.map(\.displayName), ["workouts.txt", "workouts-invalid-line7.txt"])
    }

    func testAJobFileNamesAnEmptyUnitOrAnUnknownFormula() {
        let file = TestSupport.temporaryFolder().appendingPathComponent("job.yml")
        for (yaml, message, line) in [
            ("    unit: \" \"\n", "unit must not be empty", 4),
            (
                "    formula: brzyki\n",
                "unknown formula \"brzyki\" (expected one of: brzycki, epley, lombardi, mayhew, oconner, wathan, lander)",
                4
            )
        ] {
            XCTAssertThrowsError(
                try JobFileLoader().parse("reports:\n  - kind: workouts\n    input: a.txt\n" + yaml, file: file)
            ) { error in
                guard let error = error as? BuildError, case let .text(_, errorLine, _, _, _) = error.location else {
                    return XCTFail("\(error)")
                }
                XCTAssertEqual(error.kind, .usage)
                XCTAssertEqual(errorLine, line)
                XCTAssertTrue(error.message.hasPrefix(message), error.message)
            }
        }
    }

    func testOutputIsByteIdenticalAcrossRunsAndJobs() async throws {
        let dir = TestSupport.temporaryFolder()
        let specs = [fixtureSpec("workouts.txt", title: "One"), fixtureSpec("workouts.txt", title: "Two")]
        var snapshots: [[String: Data]] = []
        for (run, jobs) in [1, 3, 3].enumerated() {
            let output = dir.appendingPathComponent("Output\(run)")
            let result = await TestSupport.build(specs, output: output, jobs: jobs)
            XCTAssertEqual(result.exitCode, 0)
            snapshots.append(TestSupport.snapshot(output))
        }
        XCTAssertGreaterThan(snapshots[0].count, 40)
        XCTAssertEqual(snapshots[0].keys.sorted(), snapshots[1].keys.sorted())
        for (path, bytes) in snapshots[0] {
            XCTAssertEqual(bytes, snapshots[1][path], "\(path) differs between --jobs 1 and 3")
            XCTAssertEqual(bytes, snapshots[2][path], "\(path) differs between two runs")
        }
    }

    func testTheDemoHasTwoAthletesOfAYearOrMore() async throws {
        let output = TestSupport.temporaryFolder().appendingPathComponent("Output")
        let job = DemoJob.make(output: output, now: TestSupport.fixedNow)
        let workouts = job.reports.filter { $0.kind == .workouts }
        XCTAssertEqual(workouts.count, 2)
        XCTAssertEqual(DemoWorkouts.athletes.count, 2)
        XCTAssertEqual(
            DemoWorkouts.log(DemoWorkouts.athletes[0], endingOn: 19_675),
            DemoWorkouts.log(DemoWorkouts.athletes[0], endingOn: 19_675),
            "the demo log is the same every time")
        let result = await Pipeline(
            job: Job(title: "Demo", output: output, reports: workouts), options: BuildOptions(now: TestSupport.fixedNow)
        ).run()
        XCTAssertEqual(result.exitCode, 0, result.summaryLine)
        for report in result.reports {
            let document = try TestSupport.reportDocument(output.appendingPathComponent("\(report.slug)/report.json"))
            let exercises = try document.data.workouts().exercises
            XCTAssertGreaterThanOrEqual(exercises.count, 4)
            let dates = exercises.flatMap { $0.days.map(\.date) }.sorted()
            let first = try XCTUnwrap(TimeParser.parse(dates.first! + "T00:00:00Z"))
            let last = try XCTUnwrap(TimeParser.parse(dates.last! + "T00:00:00Z"))
            XCTAssertGreaterThan(last.timeIntervalSince(first), 365 * 86_400, "\(report.title) covers a year or more")
            XCTAssertLessThanOrEqual(last, TestSupport.fixedNow, "\(report.title) shows no training after the build")
        }
    }
}
