import Canvas
import Charts
import Workouts

/// Workout logs: the one-rep-max report (SPEC §1.4). A page listing every exercise, one page
/// per exercise with its daily-1RM line chart and daily records, and the figures in report.json.
struct WorkoutsReport: ReportBuilder {
    /// More warnings than this are summed up in one last line, so a log of thousands of skipped
    /// lines still gives a readable page.
    static let warningLimit = 100
    /// Slugs an exercise page must not take: the report's own files and folders.
    static let reservedSlugs: Set<String> = ["index", "charts", "report"]
    /// Each exercise's chart is drawn twice: wide for desktops, and narrow for phones, where the
    /// wide one would shrink its text below reading size. The narrow one is also the thumbnail.
    static let wideSize = Size(width: 720, height: 360)
    static let narrowSize = Size(width: 360, height: 300)
    /// Appended to an exercise's slug for its narrow chart. Slugs never contain `--`, so no
    /// exercise's name can produce the same file name.
    static let narrowSuffix = "--phone"

    func build(_ input: ReportInput) throws(BuildError) -> ReportContent {
        guard let formula = OneRepMaxFormula(rawValue: input.spec.formula) else {
            throw BuildError(.usage, input.spec.origin, "unknown formula \"\(input.spec.formula)\" (expected one of: "
                             + OneRepMaxFormula.allCases.map(\.rawValue).joined(separator: ", ") + ")")
        }
        let summary = try Self.aggregate(input, formula: formula)
        let unit = input.spec.unit
        let exercises = summary.exercises
        let slugs = Slug.unique(exercises.map(\.name), fallback: "exercise", reserved: Self.reservedSlugs)

        var charts: [ChartSpec] = []
        var cards: [ExerciseCard] = []
        var pages: [PageSpec] = []
        for (index, exercise) in exercises.enumerated() {
            let chart = Self.charts(exercise, slug: slugs[index], unit: unit)
            if let chart { charts += [chart.wide, chart.narrow] }
            cards.append(Self.card(exercise, href: "\(slugs[index]).html", chart: chart, unit: unit))
            let page = Self.page(exercise, chart: chart, formula: formula, unit: unit,
                                 previous: index > 0 ? ExerciseLink(name: exercises[index - 1].name, href: "\(slugs[index - 1]).html") : nil,
                                 next: index + 1 < exercises.count ? ExerciseLink(name: exercises[index + 1].name, href: "\(slugs[index + 1]).html") : nil)
            pages.append(PageSpec(path: "\(slugs[index]).html", title: exercise.name, template: "exercise", context: page))
        }

        let trainingDays = Set(exercises.flatMap { $0.days.map(\.date) }).count
        let exerciseCount = WorkoutsText.count(exercises.count, "exercise")
        let dayCount = WorkoutsText.count(trainingDays, "training day")
        let dates = WorkoutsText.range(summary.dateRange)
        let overview = WorkoutsPage(
            title: input.spec.resolvedTitle,
            lede: exercises.isEmpty
                ? "The log holds no sets."
                : "\(exerciseCount) and \(WorkoutsText.count(summary.setCount, "set")) logged on \(dayCount)"
                  + (summary.dateRange.map { " from \(WorkoutsText.date($0.lowerBound)) to \(WorkoutsText.date($0.upperBound))" } ?? "") + ".",
            formula: formula.displayName,
            unit: unit,
            exerciseCount: WorkoutsText.grouped(exercises.count),
            trainingDays: WorkoutsText.grouped(trainingDays),
            setCount: WorkoutsText.grouped(summary.setCount),
            dateRange: dates,
            exercises: cards,
            hasExercises: !cards.isEmpty,
            sources: input.sources.map(\.source.displayName)
        )
        pages.insert(PageSpec(path: "index.html", title: input.spec.resolvedTitle, template: "workouts", context: overview), at: 0)

        return ReportContent(
            pages: pages,
            charts: charts,
            data: WorkoutsReportData.fields(summary, unit: unit),
            warnings: Self.warnings(summary),
            card: ReportCard(headline: "\(exerciseCount), \(dayCount)",
                             detail: "\(dates) · 1RM by \(formula.displayName), in \(unit.isEmpty ? "units" : unit)",
                             thumbnail: charts.count > 1 ? charts[1].name : nil)
        )
    }

    // MARK: Reading

    /// Reads every input into one log, in the order given; an invalid line fails the report
    /// (unless the job skips invalid lines) with its file, line and column.
    static func aggregate(_ input: ReportInput, formula: OneRepMaxFormula) throws(BuildError) -> WorkoutSummary {
        var aggregator = OneRepMaxAggregator(formula: formula, invalidLines: input.spec.invalidLines == .skip ? .skip : .fail)
        for (source, bytes) in input.sources {
            do {
                // Warnings carry the file's name only: pages never show a machine's folders.
                try aggregator.ingest(bytes, file: source.displayName)
            } catch {
                throw BuildError(.input, .text(path: source.description, line: error.line, column: error.column,
                                               sourceLine: error.sourceLine), error.message)
            }
        }
        return aggregator.summary()
    }

    static func warnings(_ summary: WorkoutSummary) -> [String] {
        var texts = summary.warnings.prefix(warningLimit).map(\.text)
        if summary.warnings.count > warningLimit {
            texts.append("… and \(WorkoutsText.count(summary.warnings.count - warningLimit, "more warning"))")
        }
        if summary.exercises.isEmpty { texts.append("the log holds no sets") }
        return texts
    }

    // MARK: Presenting

    /// The daily-1RM chart of an exercise, wide and narrow; nil when no set gave an estimate.
    static func charts(_ exercise: ExerciseRecord, slug: String, unit: String) -> (wide: ChartSpec, narrow: ChartSpec)? {
        guard let best = exercise.best else { return nil }
        let points = exercise.days.map { DatedValue(day: $0.date.dayNumber, value: $0.oneRepMax) }
        func chart(_ size: Size) -> LineChart {
            LineChart(title: "\(exercise.name): daily 1RM", seriesName: exercise.name, unit: unit, points: points,
                      highlight: DatedValue(day: best.date.dayNumber, value: best.oneRepMax), size: size)
        }
        return (ChartSpec(name: slug, chart: chart(wideSize)), ChartSpec(name: slug + narrowSuffix, chart: chart(narrowSize)))
    }

    static func card(_ exercise: ExerciseRecord, href: String, chart: (wide: ChartSpec, narrow: ChartSpec)?, unit: String) -> ExerciseCard {
        ExerciseCard(
            name: exercise.name,
            href: href,
            best: exercise.best.map { WorkoutsText.oneRepMax($0.oneRepMax, unit: unit) } ?? "—",
            bestDate: exercise.best.map { WorkoutsText.date($0.date) } ?? "no estimate",
            latest: exercise.latest.map { WorkoutsText.oneRepMax($0.oneRepMax, unit: unit) } ?? "—",
            latestDate: exercise.latest.map { WorkoutsText.date($0.date) } ?? "no estimate",
            days: WorkoutsText.grouped(exercise.days.count),
            dateRange: WorkoutsText.range(exercise.dateRange),
            thumbnail: chart.map { ChartImage($0.narrow) }
        )
    }

    static func page(_ exercise: ExerciseRecord, chart: (wide: ChartSpec, narrow: ChartSpec)?, formula: OneRepMaxFormula, unit: String,
                     previous: ExerciseLink?, next: ExerciseLink?) -> ExercisePage {
        let card = card(exercise, href: "", chart: chart, unit: unit)
        let lede: String
        if let range = exercise.dateRange {
            let span = range.lowerBound == range.upperBound
                ? "on \(WorkoutsText.date(range.lowerBound))"
                : "from \(WorkoutsText.date(range.lowerBound)) to \(WorkoutsText.date(range.upperBound))"
            lede = "\(WorkoutsText.count(exercise.days.count, "training day")) \(span); one-rep max estimated with the \(formula.displayName) formula."
        } else {
            lede = "No set of this exercise gives a 1RM estimate (every one has \(OneRepMaxFormula.repLimit) reps or more)."
        }
        let records = exercise.days.reversed().map { day in
            DailyRecordRow(date: WorkoutsText.date(day.date), iso: day.date.iso,
                           reps: WorkoutsText.reps(day.bestSet), load: WorkoutsText.load(day.bestSet, unit: unit),
                           oneRepMax: WorkoutsText.whole(day.oneRepMax),
                           isBest: day.date == exercise.best?.date)
        }
        return ExercisePage(
            name: exercise.name, lede: lede,
            best: card.best, bestDate: card.bestDate, latest: card.latest, latestDate: card.latestDate,
            days: card.days, sets: WorkoutsText.grouped(exercise.setCount), dateRange: card.dateRange,
            unit: unit,
            chart: chart.map { ResponsiveChart(wide: ChartImage($0.wide), narrow: ChartImage($0.narrow)) },
            recordsCaption: "Daily records of \(exercise.name), newest first: each day's best set and its estimated 1RM"
                + (unit.isEmpty ? "" : " in \(unit)") + ".",
            records: records,
            hasRecords: !records.isEmpty,
            recordCount: WorkoutsText.count(records.count, "day"),
            previous: previous, next: next
        )
    }
}
