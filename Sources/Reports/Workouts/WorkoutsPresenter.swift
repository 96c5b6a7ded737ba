import Graphics
import Charts
import Deterministic
import ReportFacts
import Workouts
import GazetteCore
import Localization

/// Turns a workout summary into the report's pages, charts and front-page card: all the text is
/// formatted here (through `WorkoutsText`), so the templates only place it.
package struct WorkoutsPresenter {
    package let summary: WorkoutSummary
    package let title: String
    package let unit: String
    /// The input files by name.
    package let sources: [String]
    /// Numbers, sets and days in the readers' conventions.
    package let text: WorkoutsText
    /// What changed since an earlier build: the line at the top, and each exercise's best before
    /// it, which the days that passed it are marked against.
    package var change = WorkoutsHistory.Change()
    /// When a lift has stalled, and whether RPE counts.
    package let options: WorkoutsOptions
    /// Each stalled exercise's stall, by name.
    package let stalls: [String: Stall]
    /// Every exercise's weekly volume added up, worked out once (the page, its chart and the digest).
    package let athleteWeeks: [WeekVolume]
    /// The volume panels' words and period: by week, or by month or year for a long log.
    package let volume: WorkoutsVolume

    /// Slugs an exercise page must not take: the report's own files and folders.
    package static let reservedSlugs: Set<String> = ["index", "charts", "report", WorkoutsVolume.athleteName]
    /// Each exercise's chart is drawn twice, into one file: wide for desktops, and narrow for
    /// phones, where the wide one would shrink its text below reading size. The narrow one is
    /// also the thumbnail (the same file, shown in the narrow shape).
    package static let wideSize = Size(width: 720, height: 360)
    package static let narrowSize = Size(width: 360, height: 300)
    /// Appended to an exercise's slug for its narrow chart's name in the report (its file is the
    /// wide chart's). Slugs never contain `--`, so no exercise's name can produce the same name.
    package static let narrowSuffix = "--phone"

    package init(
        summary: WorkoutSummary, title: String, unit: String, sources: [String], conventions: TextConventions,
        options: WorkoutsOptions = WorkoutsOptions()
    ) {
        self.summary = summary
        self.options = options
        stalls = Dictionary(WorkoutsStalls.stalls(summary, options: options)) { first, _ in first }
        athleteWeeks = summary.weeklyVolume
        text = WorkoutsText(conventions)
        volume = WorkoutsVolume(text: text, unit: unit, period: VolumePeriod.fitting(athleteWeeks))
        self.title = title
        self.unit = unit
        self.sources = sources
        var days = Set<Int>()
        for exercise in summary.exercises { for day in exercise.days { days.insert(day.date.dayNumber) } }
        trainingDays = days.count
    }

    package struct ExerciseCharts {
        var wide: ChartSpec
        var narrow: ChartSpec
    }

    package func present() -> (
        pages: [PageSpec], charts: [ChartSpec], card: ReportCard, digest: ReportDigest,
        document: @Sendable () -> ReportDigest
    ) {
        let exercises = summary.exercises
        let slugs = Slug.unique(exercises.map(\.name), fallback: "exercise", reserved: Self.reservedSlugs)
        let links = zip(exercises, slugs).map { ExerciseLink(name: $0.name, href: "\($1).html") }
        var charts: [ExerciseCharts?] = []
        var pages: [PageSpec] = []
        var volumeCharts: [ChartSpec] = []
        for (index, exercise) in exercises.enumerated() {
            let chart = self.charts(exercise, slug: slugs[index])
            charts.append(chart)
            let previous = index > 0 ? links[index - 1] : nil
            let next = index + 1 < links.count ? links[index + 1] : nil
            let weekly = volume.charts(
                exercise.weeklyVolume, name: exercise.name, chartName: slugs[index] + WorkoutsVolume.exerciseSuffix)
            volumeCharts += weekly.map { [$0.wide, $0.narrow] } ?? []
            // Made when the page is rendered: a long log's tables are held one page at a time.
            pages.append(
                PageSpec(
                    path: links[index].href, title: exercise.name,
                    context: .exercise(
                        self.page(exercise, chart: chart, volume: weekly, previous: previous, next: next))))
        }
        let cards = exercises.indices.map { card(exercises[$0], href: links[$0].href, chart: charts[$0]) }
        let athlete = text("workouts.volume.athlete")
        let weekly = volume.charts(athleteWeeks, name: athlete, chartName: WorkoutsVolume.athleteName)
        volumeCharts += weekly.map { [$0.wide, $0.narrow] } ?? []
        var overview = overview(cards)
        overview.volume = weekly.map { volume.page($0, weeks: athleteWeeks, name: athlete) }
        let overviewPage = overview
        pages.insert(PageSpec(path: "index.html", title: title, context: .workouts(overviewPage)), at: 0)
        let drawn = charts.compactMap { $0 }
        let wide = charts.map { $0?.wide.ref }
        return (
            pages, drawn.flatMap { [$0.wide, $0.narrow] } + volumeCharts,
            reportCard(thumbnail: drawn.first?.narrow.ref),
            digest(charts: wide), { self.digest(charts: wide, whole: true) }
        )
    }

    // MARK: The digest

    /// Exercises a digest describes; the rest are named in its closing line.
    package static let digestExercises = 8
    /// Days of an exercise's latest records a digest lists.
    package static let digestDays = 5

    /// The best lifts and the training days as figures, then each exercise (up to
    /// `digestExercises`) with its chart and its latest days; `whole`: every exercise with every
    /// day, newest first (the PDF).
    package func digest(charts: [ChartRef?], whole: Bool = false) -> ReportDigest {
        let exercises = summary.exercises
        var figures = WorkoutsSummary.ranked(summary, featured: options.featuredLifts).prefix(3).map { index in
            let exercise = exercises[index]
            return DigestFigure(
                exercise.name, exercise.best.map { text.oneRepMax($0.oneRepMax, unit: unit) } ?? NumberText.missing,
                detail: exercise.best.map { text("workouts.digest.bestOn", ["date": text.date($0.date)]) })
        }
        figures.append(
            DigestFigure(
                text("workouts.digest.trainingDays"), text.grouped(trainingDays), detail: text.range(summary.dateRange))
        )
        if let week = athleteWeeks.last {
            figures.append(
                DigestFigure(
                    text("workouts.digest.latestWeek"), text.volume(week.volume, unit: unit),
                    detail: text("workouts.digest.weekOf", ["date": text.date(week.monday)])))
        }
        var sections: [DigestSection] = []
        for (index, exercise) in exercises.prefix(whole ? exercises.count : Self.digestExercises).enumerated() {
            guard let best = exercise.best, let latest = exercise.latest else {
                sections.append(
                    DigestSection(
                        title: exercise.name,
                        lines: [
                            text("workouts.digest.noEstimate", ["limit": String(summary.maxReps + 1)])
                        ]))
                continue
            }
            let line = text.count(
                "workouts.digest.line", exercise.days.count,
                [
                    "best": text.oneRepMax(best.oneRepMax, unit: unit), "bestDate": text.date(best.date),
                    "latest": text.oneRepMax(latest.oneRepMax, unit: unit), "latestDate": text.date(latest.date)
                ])
            let rows = exercise.days.suffix(whole ? exercise.days.count : Self.digestDays).reversed().map { day in
                TableRow(
                    header: text.date(day.date),
                    cells: [
                        text.set(day.bestSet, unit: loggedUnit(day.bestSet)), text.whole(day.oneRepMax)
                    ])
            }
            let table = DataTable(
                caption: text(
                    whole ? "workouts.digest.everyDay" : "workouts.digest.latestDays", ["name": exercise.name]),
                headers: [
                    text("workouts.digest.date"), text("workouts.digest.bestSet"),
                    unit.isEmpty ? "1RM" : "1RM (\(unit))"
                ],
                rows: Array(rows))
            let stall = stalls[exercise.name].map { WorkoutsStalls.sentence(exercise.name, $0, text) }
            sections.append(
                DigestSection(
                    title: exercise.name, lines: [line] + (stall.map { [$0] } ?? []), chart: charts[index], table: table
                ))
        }
        let left = exercises.count - sections.count
        return ReportDigest(
            figures: figures, sections: sections,
            more: left > 0 ? text.count("workouts.digest.more", left) : nil)
    }

    // MARK: The report page

    /// Days with at least one estimate, of any exercise: counted once, as a long log has many.
    private let trainingDays: Int

    package func overview(_ cards: [ExerciseCard]) -> WorkoutsPage {
        let exercises = summary.exercises
        var lede = text("workouts.noSets")
        if !exercises.isEmpty {
            let counted = text.count("workouts.lede.exercises", exercises.count)
            let sets = text.count("workouts.lede.sets", summary.setCount)
            let days = text.count("workouts.lede.days", trainingDays)
            if let range = summary.dateRange {
                lede = text(
                    "workouts.lede.withDates",
                    [
                        "exercises": counted, "sets": sets, "days": days, "first": text.date(range.lowerBound),
                        "last": text.date(range.upperBound)
                    ])
            } else {
                lede = text("workouts.lede.withoutDates", ["exercises": counted, "sets": sets, "days": days])
            }
        }
        return WorkoutsPage(
            title: title, lede: lede,
            formula: summary.formula.displayName, unit: unit,
            note: text("workouts.note", ["formula": summary.formula.displayName, "unit": unit]),
            exerciseCount: text.grouped(exercises.count),
            trainingDays: text.grouped(trainingDays),
            setCount: text.grouped(summary.setCount),
            dateRange: text.range(summary.dateRange),
            exercises: cards, hasExercises: !cards.isEmpty,
            sources: sources,
            change: change.note?.line,
            volumeTitle: volume.title, volumeNote: volume.note
        )
    }

    package func reportCard(thumbnail: ChartRef?) -> ReportCard {
        let stalled = summary.exercises.map(\.name).filter { stalls[$0] != nil }
        let detail = text.count(
            "workouts.cardDetail", trainingDays,
            [
                "caption": WorkoutsSummary.bestLiftsCaption(summary, featured: options.featuredLifts, text),
                "dates": text.range(summary.dateRange), "formula": summary.formula.displayName
            ])
        return ReportCard(
            headline: WorkoutsSummary.bestLifts(summary, unit: unit, featured: options.featuredLifts, text)
                ?? text("workouts.noEstimates"),
            detail: stalled.isEmpty
                ? detail
                : detail + " · "
                    + text.count(
                        "workouts.cardStalled", stalled.count,
                        ["list": stalled.joined(separator: text("workouts.newBestSeparator"))]),
            thumbnail: thumbnail,
            change: change.note?.line
        )
    }

    package func card(_ exercise: ExerciseRecord, href: String, chart: ExerciseCharts?) -> ExerciseCard {
        ExerciseCard(
            name: exercise.name,
            href: href,
            best: exercise.best.map { text.oneRepMax($0.oneRepMax, unit: unit) } ?? NumberText.missing,
            bestDate: exercise.best.map { text.date($0.date) } ?? text("workouts.noEstimate"),
            latest: exercise.latest.map { text.oneRepMax($0.oneRepMax, unit: unit) } ?? NumberText.missing,
            latestDate: exercise.latest.map { text.date($0.date) } ?? text("workouts.noEstimate"),
            days: text.grouped(exercise.days.count),
            dateRange: text.range(exercise.dateRange),
            thumbnail: chart.map { ChartImage($0.narrow) },
            stall: stalls[exercise.name].map { WorkoutsStalls.short($0, text) }
        )
    }

    // MARK: An exercise's page

    /// The days that set a new best since the build compared with: each passed the exercise's
    /// best of that build and every day before it (as the pages show them, in whole units).
    package func newBestDays(_ exercise: ExerciseRecord) -> Set<CivilDate> {
        guard let before = change.bestsBefore[exercise.name] else { return [] }
        var best = WorkoutsHistory.shown(before)
        var days = Set<CivilDate>()
        for day in exercise.days {
            let shown = WorkoutsHistory.shown(day.oneRepMax)
            guard shown > best else { continue }
            best = shown
            days.insert(day.date)
        }
        return days
    }

    /// A set is shown as it was logged: in its own unit where that is not the report's.
    package func loggedUnit(_ set: SetRecord) -> String {
        set.unit?.label ?? unit
    }

    /// The daily-1RM chart of an exercise, wide and narrow; nil when no set gave an estimate.
    package func charts(_ exercise: ExerciseRecord, slug: String) -> ExerciseCharts? {
        guard let best = exercise.best else { return nil }
        let points = exercise.days.map { DatedValue(day: $0.date.dayNumber, value: $0.oneRepMax) }
        func chart(_ size: Size) -> LineChart {
            LineChart(
                title: text("exercise.chartTitle", ["name": exercise.name]), seriesName: exercise.name, unit: unit,
                points: points, highlight: DatedValue(day: best.date.dayNumber, value: best.oneRepMax), size: size,
                axisName: text("charts.line.oneRepMax"), quantity: text("charts.line.estimatedOneRepMax"),
                conventions: text.conventions)
        }
        return ExerciseCharts(
            wide: ChartSpec(name: slug, chart: chart(Self.wideSize)),
            narrow: ChartSpec(name: slug + Self.narrowSuffix, chart: chart(Self.narrowSize), layoutOf: slug))
    }

    package func page(
        _ exercise: ExerciseRecord, chart: ExerciseCharts?, volume volumeCharts: ExerciseCharts? = nil,
        previous: ExerciseLink?,
        next: ExerciseLink?
    ) -> ExercisePage {
        let card = card(exercise, href: "", chart: chart)
        let lede: String
        if let range = exercise.dateRange {
            let formula = summary.formula.displayName
            lede =
                range.lowerBound == range.upperBound
                ? text.count(
                    "exercise.lede.oneDay", exercise.days.count,
                    ["date": text.date(range.lowerBound), "formula": formula])
                : text.count(
                    "exercise.lede.range", exercise.days.count,
                    ["first": text.date(range.lowerBound), "last": text.date(range.upperBound), "formula": formula])
        } else {
            lede = text("exercise.lede.noEstimate", ["limit": String(summary.maxReps + 1)])
        }
        let newBests = newBestDays(exercise)
        let records = exercise.days.reversed().map { day in
            DailyRecordRow(
                date: text.date(day.date), iso: day.date.isoText,
                reps: text.reps(day.bestSet),
                load: text.load(day.bestSet, unit: loggedUnit(day.bestSet)),
                effort: text.effort(day.bestSet),
                oneRepMax: text.whole(day.oneRepMax),
                isBest: day.date == exercise.best?.date,
                isNewBest: newBests.contains(day.date))
        }
        let booked = change.repMaxesBefore[exercise.name]
        let book = exercise.repMaxes.map { record in
            let index = record.reps - RepMax.counts.lowerBound
            return RepMaxRow(
                reps: text.grouped(record.reps), weight: text.weight(record.weight, unit: unit),
                date: text.date(record.date), iso: record.date.isoText,
                estimate: summary.formula.estimate(weight: record.weight, reps: record.reps).map(text.whole)
                    ?? NumberText.missing,
                isNew: booked.map { record.weight > (index < $0.count ? $0[index] : 0) } ?? false)
        }
        var page = ExercisePage(
            name: exercise.name, lede: lede,
            best: card.best, bestDate: card.bestDate, latest: card.latest, latestDate: card.latestDate,
            days: card.days, sets: text.grouped(exercise.setCount), dateRange: card.dateRange,
            unit: unit,
            chart: chart.map { ResponsiveChart(wide: ChartImage($0.wide), narrow: ChartImage($0.narrow)) },
            recordsCaption: unit.isEmpty
                ? text("exercise.recordsCaptionNoUnit", ["name": exercise.name])
                : text("exercise.recordsCaption", ["name": exercise.name, "unit": unit]),
            records: records,
            hasRecords: !records.isEmpty,
            recordCount: text.count("exercise.recordCount", records.count),
            previous: previous, next: next
        )
        page.recordBook = book
        page.hasRecordBook = !book.isEmpty
        page.stall = card.stall
        page.volume = volumeCharts.map { self.volume.page($0, weeks: exercise.weeklyVolume, name: exercise.name) }
        page.volumeTitle = self.volume.title
        if let working = exercise.lastWorkingSet {
            let weight = text.weight(working.weight, unit: unit)
            page.repsToBeat =
                exercise.repsToBeat(formula: summary.formula, maxReps: summary.maxReps).map {
                    text("exercise.repsToBeat", ["weight": weight, "reps": text.grouped($0)])
                } ?? text("exercise.repsToBeatNone", ["weight": weight])
        }
        return page
    }
}
