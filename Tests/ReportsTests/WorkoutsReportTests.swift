import Deterministic
import Foundation
import GazetteKindTestSupport
import GazetteTestSupport
import ReportFacts
import XCTest
import Charts
import Workouts
@testable import GazetteCore
@testable import Rendering
@testable import Jobs
@testable import Loading
@testable import Reports

/// The workouts report builder on its own: figures, pages, errors and warnings, without a build.
final class WorkoutsReportTests: XCTestCase {
    /// A report's input and its options, read by the kind's own option parser as a job's keys.
    private struct Case {
        var input: ReportInput
        var options: WorkoutsOptions
    }

    private func input(
        _ files: [(name: String, text: String)], formula: String = "brzycki", unit: String = "lb",
        invalidLines: InvalidLinePolicy = .fail, title: String? = nil
    ) throws -> Case {
        let sources: [Source] = files.map { .embedded(name: $0.name, bytes: Array($0.text.utf8)) }
        let fields = OptionFields([
            "formula": OptionValue(.scalar(formula), at: .none),
            "unit": OptionValue(.scalar(unit), at: .none),
            "invalid-lines": OptionValue(.scalar(invalidLines.rawValue), at: .none)
        ])
        let input = ReportInput(
            kind: .workouts, title: title ?? ReportKind.workouts.defaultTitle, slug: "workouts",
            sources: zip(sources, files).map { LoadedInput(source: $0, bytes: Array($1.text.utf8)) },
            now: TestSupport.fixedNow, seed: nil, conventions: .standard)
        return Case(input: input, options: try WorkoutsKind.options(fields))
    }

    private func sample(_ name: String) throws -> (name: String, text: String) {
        (name, try String(contentsOf: try TestSupport.sharedData(name), encoding: .utf8))
    }

    private func build(_ report: Case) throws -> ReportContent {
        do { return try WorkoutsKind.build(report.input, options: report.options) } catch { throw error }
    }

    /// The report's own keys of `report.json`, typed.
    private func reportData(_ content: ReportContent) throws -> WorkoutsReportData {
        struct NotWorkouts: Error {}
        guard case let .workouts(data) = content.data else { throw NotWorkouts() }
        return data
    }

    private func render(_ page: PageSpec) throws -> String {
        String(decoding: try TemplateLibrary().render(page.makeContext()), as: UTF8.self)
    }

    /// Epley, 135 lb × 16 reps: 207 lb, computed as 206.99999999999997. The exercise page, the
    /// chart's highlight label and its alternative text once said 207, 206 and 206.
    /// A day of report.json made directly is what the tree encoder makes of it.
    func testADayWritesItselfAsTheEncoderWould() throws {
        for (date, value) in [("2017-10-11", 207.0), ("1900-01-01", 206.99999999999997), ("2024-02-29", 0.1)] {
            let day = WorkoutsReportData.Day(date: date, oneRepMax: value)
            let encoded = try JSONTreeEncoder.value(of: day)
            XCTAssertEqual(day.jsonValue, encoded)
        }
    }

    /// A week of report.json made directly is what the tree encoder makes of it.
    func testAWeekWritesItselfAsTheEncoderWould() throws {
        for (monday, volume, sets) in [(19723, 2160.0, 5), (-25567, 979.7595192000001, 1), (20089, 0, 0)] {
            let week = WorkoutsReportData.Week(WeekVolume(mondayNumber: monday, volume: volume, sets: sets))
            XCTAssertEqual(week.jsonValue, try JSONTreeEncoder.value(of: week))
        }
    }

    /// A report's content is a value: the same input gives an equal one, pages, charts and
    /// document included; one changed set makes it differ.
    func testTheContentIsAValue() throws {
        let log = "Oct 11 2017,Back Squat,1,16,135\nOct 12 2017,Back Squat,1,5,185\n"
        let first = try build(input([("a.txt", log)], formula: "epley"))
        XCTAssertEqual(first, try build(input([("a.txt", log)], formula: "epley")))
        let changed = try build(input([("a.txt", log.replacingOccurrences(of: "185", with: "190"))], formula: "epley"))
        XCTAssertNotEqual(first, changed)
        XCTAssertNotEqual(first.pages, changed.pages)
        XCTAssertNotEqual(first.charts, changed.charts)
        XCTAssertNotEqual(first.document(), changed.document())
    }

    func testThePageAndTheChartShowTheSameOneRepMax() throws {
        let content = try build(input([("epley.txt", "Oct 11 2017,Back Squat,1,16,135\n")], formula: "epley"))
        let page = try content.context("back-squat.html").exercise()
        XCTAssertEqual(page.best, "207 lb")
        XCTAssertEqual(page.records.map(\.oneRepMax), ["207"])
        let chart = try XCTUnwrap(content.charts.first?.chart as? LineChart)
        XCTAssertEqual(chart.highlightLabel, "Best 207 lb · 11 Oct 2017")
        XCTAssertTrue(chart.summary.contains("207 lb"), chart.summary)
        XCTAssertFalse(chart.summary.contains("206"), chart.summary)
    }

    // MARK: The sample log (SPEC §6)

    func testTheSampleLogGivesTheSpecFigures() throws {
        let content = try build(input([try sample("workouts_582_lines.txt")]))
        let data = try reportData(content)
        XCTAssertEqual(data.formula, "brzycki")
        XCTAssertEqual(data.unit, "lb")
        let figures = data.exercises.map { ($0.name, $0.days.count, $0.best?.oneRepMax ?? 0) }
        XCTAssertEqual(figures.map { $0.0 }, ["Back Squat", "Barbell Bench Press", "Deadlift"])
        XCTAssertEqual(figures.map { $0.1 }, [30, 30, 28])
        XCTAssertEqual(figures.reduce(0) { $0 + $1.1 }, 88)
        XCTAssertEqual(figures[0].2, 310.9091, accuracy: 0.00005)
        XCTAssertEqual(figures[1].2, 246.6667, accuracy: 0.00005)
        XCTAssertEqual(figures[2].2, 360.0)
        XCTAssertEqual(content.warnings, [])
    }

    func testReportJSONKeepsFullPrecisionAndDatesInOrder() throws {
        let content = try build(input([try sample("workouts_582_lines.txt")]))
        let document = ReportDocument(
            title: "Workouts", slug: "workouts", warnings: [], generatedAt: 0, data: content.data)
        let json = try document.json().rendered()
        XCTAssertTrue(json.contains("\"oneRepMax\": 310.90909090909093"), "full precision, not the shown 310")
        XCTAssertTrue(json.contains("\"date\": \"2017-05-24\""))
        XCTAssertEqual(try JSONDecoder().decode(ReportDocument.self, from: Data(json.utf8)), document)
        let squat = try reportData(content).exercises[0]
        let dates = squat.days.map(\.date)
        XCTAssertEqual(dates, dates.sorted())
        XCTAssertEqual(dates.first, "2016-10-15")
        XCTAssertEqual(squat.latest, WorkoutsReportData.Day(date: "2017-10-11", oneRepMax: 245.0 * 36 / 31))
    }

    /// A long log's days are made as report.json is written, never held as JSON values.
    func testAnExercisesDaysAreWrittenAsTheyAreMade() throws {
        let content = try build(input([try sample("workouts_582_lines.txt")]))
        let document = ReportDocument(title: "W", slug: "w", warnings: [], generatedAt: 0, data: content.data)
        guard case let .sortedObject(fields) = try document.json(),
            case let .array(exercises)? = fields.first(where: { $0.key == "exercises" })?.value,
            case let .sortedObject(squat) = exercises[0],
            case .lazyArray? = squat.first(where: { $0.key == "days" })?.value
        else { return XCTFail("an exercise's days are a lazily written array") }
    }

    func testPagesShowTruncatedFigures() throws {
        let content = try build(input([try sample("workouts_582_lines.txt")]))
        XCTAssertEqual(
            content.pages.map(\.path), ["index.html", "back-squat.html", "barbell-bench-press.html", "deadlift.html"])
        XCTAssertEqual(
            content.charts.map(\.name),
            [
                "back-squat", "back-squat--phone", "barbell-bench-press",
                "barbell-bench-press--phone", "deadlift", "deadlift--phone", "back-squat--volume",
                "back-squat--volume--phone", "barbell-bench-press--volume", "barbell-bench-press--volume--phone",
                "deadlift--volume", "deadlift--volume--phone", "weekly-volume", "weekly-volume--phone"
            ])
        let overview = try content.context("index.html").workouts()
        XCTAssertEqual(overview.exercises.map(\.best), ["310 lb", "246 lb", "360 lb"], "truncated, never 310.9")
        XCTAssertEqual(overview.exercises.map(\.href), ["back-squat.html", "barbell-bench-press.html", "deadlift.html"])
        XCTAssertEqual(
            overview.lede, "3 exercises and 582 sets logged on 83 training days from 15 Oct 2016 to 11 Oct 2017.")
        XCTAssertEqual(overview.trainingDays, "83")

        let squat = try content.context("back-squat.html").exercise()
        XCTAssertEqual([squat.best, squat.bestDate], ["310 lb", "24 May 2017"])
        XCTAssertEqual([squat.latest, squat.latestDate], ["284 lb", "11 Oct 2017"])
        XCTAssertEqual(squat.records.count, 30, "one row per daily record")
        let best = try XCTUnwrap(squat.records.first(where: \.isBest))
        XCTAssertEqual(
            [best.date, best.iso, best.reps, best.load, best.oneRepMax],
            ["24 May 2017", "2017-05-24", "1 × 4", "285 lb", "310"])
        XCTAssertEqual(squat.records.filter(\.isBest).count, 1)
        XCTAssertEqual(squat.chart?.wide.src.path, "charts/back-squat.svg")
        XCTAssertEqual(squat.chart?.narrow.src.path, "charts/back-squat.svg", "one file holds both layouts")
        XCTAssertEqual(squat.chart.map { [$0.narrow.width, $0.narrow.height] }, [360, 300])
        XCTAssertEqual(squat.next?.href, "barbell-bench-press.html", "links to the next exercise")
        XCTAssertEqual(try content.context("deadlift.html").exercise().best, "360 lb")
        XCTAssertEqual(content.card.thumbnail?.stem, "back-squat--phone")
    }

    /// How the exercise page marks its figures up; the figures themselves are checked above.
    func testTheExercisePageMarksUpItsFiguresRecordsAndCharts() throws {
        let content = try build(input([try sample("workouts_582_lines.txt")]))
        XCTAssertTrue(try render(content.pages[0]).contains("href=\"back-squat.html\""))
        let squat = try render(content.pages[1])
        XCTAssertTrue(squat.contains("<dd>310 lb<span class=\"muted\">24 May 2017</span></dd>"))
        let records = squat.components(separatedBy: #"<table class="records-table">"#)[1]
        XCTAssertEqual(records.components(separatedBy: "<th scope=\"row\">").count - 1, 30, "one row per daily record")
        XCTAssertTrue(
            squat.contains(
                "<tr class=\"record-best\"><th scope=\"row\"><time datetime=\"2017-05-24\">24 May 2017</time> <span class=\"badge\">Best</span></th><td><span class=\"set-part\">1 × 4</span> @ <span class=\"set-part\">285 lb</span></td><td class=\"num\">310</td></tr>"
            ))
        XCTAssertTrue(squat.contains("<img src=\"charts/back-squat.svg\" width=\"720\" height=\"360\""))
        XCTAssertTrue(
            squat.contains(
                "<source media=\"(max-width: 40rem)\" srcset=\"charts/back-squat.svg\" width=\"360\" height=\"300\">"),
            "on a phone the same file in the phone layout's shape")
        XCTAssertFalse(squat.contains("-dark.svg") || squat.contains("-light.svg") || squat.contains("--phone"))
        XCTAssertFalse(squat.contains(".png"), "pages show SVG only")
        XCTAssertTrue(squat.contains("href=\"barbell-bench-press.html\""), "links to the next exercise")
    }

    func testTheChartDescribesTheExercise() throws {
        let content = try build(input([try sample("workouts_582_lines.txt")]))
        let chart = try XCTUnwrap(content.charts[0].chart as? LineChart)
        XCTAssertEqual(chart.points.count, 30)
        XCTAssertEqual(chart.highlight?.value ?? 0, 310.9091, accuracy: 0.0001)
        XCTAssertEqual(chart.unit, "lb")
        XCTAssertTrue(chart.summary.contains("Back Squat"))
        XCTAssertTrue(chart.summary.contains("310 lb"))
        let narrow = try XCTUnwrap(content.charts[1].chart as? LineChart)
        XCTAssertEqual(narrow.points, chart.points)
        XCTAssertEqual(narrow.summary, chart.summary, "both drawings say the same in words")
        XCTAssertLessThan(narrow.size.width, chart.size.width)
    }

    // MARK: Errors and warnings

    func testAnInvalidLineFailsTheReportAtItsLineNamingTheDate() throws {
        // Both samples are read before the assertion: a skip thrown inside one counts as a failure.
        let good = try sample("workouts_582_lines.txt"), bad = try sample("workouts_invalid_line7.txt")
        XCTAssertThrowsError(try build(input([good, bad]))) { error in
            guard let error = error as? BuildError else { return XCTFail("\(error)") }
            XCTAssertEqual(error.kind, .input)
            XCTAssertEqual(
                error.location,
                .text(path: "workouts_invalid_line7.txt", line: 7, column: 1, sourceLine: ",Back Squat,1,6,245"))
            XCTAssertTrue(error.message.contains("date"), error.message)
            XCTAssertEqual(
                error.headline, #"workouts_invalid_line7.txt:7:1: error: expected a date like "Oct 11 2017""#)
        }
    }

    func testSkippingInvalidLinesWarnsNamingEachLine() throws {
        let text =
            "Oct 11 2017,Back Squat,1,10,45\nOct 11 2017,Back Squat,one,10,45\n\nOct 12 2017,Back Squat,1,40,45\n"
        let content = try build(input([("log.txt", text)], invalidLines: .skip))
        XCTAssertEqual(
            content.warnings.map(\.text),
            [
                "log.txt:2: skipped invalid line: sets must be a whole number ≥ 1",
                "log.txt:4: reps 40 ≥ 37: no 1RM estimate"
            ])
        XCTAssertEqual(content.warnings.first?.place, ReportWarning.Place(file: "log.txt", line: 2))
        XCTAssertEqual(content.warnings.first?.about, .leftOut)
        let sample = try build(input([try sample("workouts_invalid_line7.txt")], invalidLines: .skip))
        XCTAssertEqual(
            sample.warnings.map(\.text),
            [#"workouts_invalid_line7.txt:7: skipped invalid line: expected a date like "Oct 11 2017""#])
    }

    func testEveryWarningIsKeptAndPagesShowTheFirstHundred() throws {
        // A file's long sets are one warning; 150 files of one long set each are 150 warnings.
        let content = try build(input((1...150).map { ("log\($0).txt", "Oct 11 2017,Plank,1,60,1\n") }))
        XCTAssertEqual(content.warnings.count, 150, "report.json keeps every warning")
        XCTAssertEqual(content.warnings.last?.text, "log150.txt:1: reps 60 ≥ 37: no 1RM estimate")
        let oneFile = try build(
            input([("log.txt", (1...150).map { _ in "Oct 11 2017,Plank,1,60,1" }.joined(separator: "\n"))]))
        XCTAssertEqual(
            oneFile.warnings.map(\.text),
            ["log.txt:1: left out 150 sets of more than 36 reps (lines 1, 2, 3, …): no estimate"])
        let shown = PageRenderer.shown(content.warnings)
        XCTAssertEqual(shown.count, 101)
        XCTAssertEqual(shown.last, "… and 50 more warnings, all listed in report.json")
    }

    func testAnExerciseWithoutEstimatesHasNoChartAndNullRecords() throws {
        let content = try build(input([("log.txt", "Oct 11 2017,Plank,1,60,1\nOct 11 2017,Back Squat,1,5,200\n")]))
        XCTAssertEqual(
            content.charts.map(\.name),
            [
                "back-squat", "back-squat--phone", "plank--volume", "plank--volume--phone", "back-squat--volume",
                "back-squat--volume--phone", "weekly-volume", "weekly-volume--phone"
            ], "the plank's 60 reps × 1 lb are volume")
        let plank = try reportData(content).exercises[0]
        XCTAssertNil(plank.best)
        XCTAssertNil(plank.latest)
        XCTAssertEqual(plank.days.count, 0)
        let json = try JSONTreeEncoder.value(of: plank).rendered()
        XCTAssertTrue(json.contains("\"best\": null"), "a missing record is an explicit null")
        let plankPage = try content.context("plank.html").exercise()
        XCTAssertNil(plankPage.chart)
        XCTAssertFalse(plankPage.hasRecords)
        let card = try XCTUnwrap(try content.context("index.html").workouts().exercises.first)
        XCTAssertEqual(
            [card.best, card.bestDate, card.latest, card.latestDate], ["—", "no estimate", "—", "no estimate"])
        XCTAssertNil(card.thumbnail)
        let page = try render(content.pages[1])
        XCTAssertTrue(page.contains("No set of this exercise gives a 1RM estimate"))
        XCTAssertFalse(page.contains(#"src="charts/plank.svg""#), "no 1RM chart when there is no estimate")
        XCTAssertTrue(page.contains(#"src="charts/plank--volume.svg""#), "but its weekly volume")
        XCTAssertTrue(try render(content.pages[0]).contains("<dd>—<span class=\"muted\">no estimate</span></dd>"))
    }

    func testAnEmptyLogStillBuildsAndSaysSo() throws {
        let content = try build(input([("empty.txt", "\n\n")]))
        XCTAssertEqual(content.pages.count, 1)
        XCTAssertEqual(content.warnings, [ReportWarning(.nothingToShow, "the log holds no sets")])
        XCTAssertTrue(try render(content.pages[0]).contains("No exercises"))
    }

    func testAnUnknownFormulaIsAUsageError() {
        XCTAssertThrowsError(try build(input([("log.txt", "Oct 11 2017,Squat,1,5,100\n")], formula: "guess"))) {
            error in
            XCTAssertEqual((error as? BuildError)?.kind, .usage)
        }
    }

    // MARK: Options

    func testFormulaAndUnitReachFiguresAndText() throws {
        let content = try build(input([("log.txt", "Oct 11 2017,Squat,1,10,100\n")], formula: "epley", unit: "kg"))
        XCTAssertEqual(try reportData(content).formula, "epley")
        XCTAssertEqual(try reportData(content).unit, "kg")
        let squat = try content.context("squat.html").exercise()
        XCTAssertEqual(squat.best, "133 kg", "Epley: 100 × (1 + 10/30) = 133.3")
        XCTAssertTrue(squat.lede.hasSuffix("estimated with the Epley formula."), squat.lede)
        XCTAssertEqual(squat.unit, "kg")
        XCTAssertTrue(try render(content.pages[1]).contains("1RM (kg)"), "the table's heading names the unit")
    }

    func testSeveralFilesMergeIntoOneLog() throws {
        let content = try build(
            input([
                ("a.txt", "Oct 11 2017,Squat,1,5,100\n"),
                ("b.txt", "Oct 11 2017,Squat,1,5,120\nOct 12 2017,Bench,1,5,80\n")
            ]))
        let exercises = try reportData(content).exercises
        XCTAssertEqual(exercises.count, 2)
        let squat = exercises[0]
        XCTAssertEqual(squat.days.count, 1, "the same exercise on the same day in two files is one daily record")
        XCTAssertEqual(squat.best, WorkoutsReportData.Day(date: "2017-10-11", oneRepMax: 120.0 * 36 / 32))
    }

    func testExercisePageNamesAreSafeUniqueSlugs() throws {
        let text =
            "Oct 11 2017,Index,1,5,100\nOct 11 2017,Clean & Jerk,1,5,100\nOct 11 2017,clean jerk,1,5,100\nOct 11 2017,<b>Ω</b>,1,5,100\n"
        let content = try build(input([("log.txt", text)]))
        XCTAssertEqual(
            content.pages.map(\.path),
            ["index.html", "index-2.html", "clean-jerk.html", "clean-jerk-2.html", "b-o-b.html"])
        let overview = try render(content.pages[0])
        XCTAssertTrue(overview.contains("&lt;b&gt;Ω&lt;/b&gt;"), "names from the input are escaped")
        XCTAssertFalse(overview.contains("<b>Ω"))
    }

    // MARK: Text

    func testOneRepMaxTextIsTruncatedToWholeUnits() {
        XCTAssertEqual(WorkoutsText(.standard).whole(310.90909), "310")
        XCTAssertEqual(WorkoutsText(.standard).whole(246.6667), "246")
        XCTAssertEqual(WorkoutsText(.standard).whole(360.0), "360")
        XCTAssertEqual(WorkoutsText(.standard).whole(359.999), "359")
        XCTAssertEqual(
            WorkoutsText(.standard).whole(300 * (1 + 10.0 / 30)), "400", "floating-point error does not cost a unit")
        XCTAssertEqual(WorkoutsText(.standard).whole(1234.5), "1,234")
        XCTAssertEqual(WorkoutsText(.standard).oneRepMax(26.6667, unit: "lb"), "26 lb")
        XCTAssertEqual(WorkoutsText(.standard).oneRepMax(26.6667, unit: ""), "26")
    }

    func testSetsWeightsAndDates() {
        XCTAssertEqual(
            WorkoutsText(.standard).set(SetRecord(sets: 1, reps: 10, weight: 245), unit: "lb"), "1 × 10 @ 245 lb")
        XCTAssertEqual(
            WorkoutsText(.standard).set(SetRecord(sets: 3, reps: 5, weight: 47.5), unit: "kg"), "3 × 5 @ 47.5 kg")
        XCTAssertEqual(WorkoutsText(.standard).weight(1000.25), "1,000.25")
        XCTAssertEqual(WorkoutsText(.standard).weight(0.5), "0.5")
        XCTAssertEqual(WorkoutsText(.standard).date(CivilDate(year: 2017, month: 10, day: 5)), "5 Oct 2017")
        let day = CivilDate(year: 2017, month: 10, day: 5)
        XCTAssertEqual(WorkoutsText(.standard).range(day...day), "5\u{a0}Oct\u{a0}2017")
        XCTAssertEqual(
            WorkoutsText(.standard).range(day...day.adding(days: 30)), "5\u{a0}Oct\u{a0}2017 – 4\u{a0}Nov\u{a0}2017",
            "breaks only at the dash")
        XCTAssertEqual(WorkoutsText(.standard).range(nil), "—")
        XCTAssertEqual(WorkoutsText(.standard).count("exercise.recordCount", 1), "1 day")
        XCTAssertEqual(WorkoutsText(.standard).count("exercise.recordCount", 1204), "1,204 days")
    }
}
