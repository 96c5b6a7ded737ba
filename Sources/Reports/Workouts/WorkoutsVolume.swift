import Charts
import Deterministic
import Graphics
import Workouts

/// The volume of an exercise or of the athlete as the pages show it: a bar chart drawn wide and
/// narrow, with the table of its bars, newest first, as its data. Week by week, or by month or
/// year for a long log (`VolumePeriod`): a bar a week over centuries would be thinner than a pixel,
/// and its table longer than anyone reads. Each volume chart is shown on one page only (an
/// exercise's on its page, the athlete's on the report's), so it is written into that page.
package struct WorkoutsVolume {
    let text: WorkoutsText
    let unit: String
    /// One for the whole report, from the athlete's first week to the last, so every chart of the
    /// report adds up the same periods.
    let period: VolumePeriod

    /// The athlete's chart: a name no exercise can take (`weekly-volume` is a reserved slug).
    package static let athleteName = "weekly-volume"
    /// Appended to an exercise's slug for its volume chart; slugs never contain `--`.
    package static let exerciseSuffix = "--volume"

    /// The words of this period's panel: `workouts.volume.title` for weeks, `….month.title`.
    private func key(_ name: String) -> String {
        period == .week ? "workouts.volume." + name : "workouts.volume.\(period.rawValue).\(name)"
    }

    /// The panel's heading: "Weekly volume", "Monthly volume", "Yearly volume".
    package var title: String { text(key("title")) }

    /// How the volume is counted and, for a long log, how weeks are added up.
    package var note: String { text(key("note"), ["unit": unit]) }

    /// The bar chart of `weeks`, for `name` (an exercise's, or all exercises'), drawn wide and
    /// narrow into `chartName` and `chartName--phone`; nil without a week.
    package func charts(_ weeks: [WeekVolume], name: String, chartName: String) -> WorkoutsPresenter.ExerciseCharts? {
        guard !weeks.isEmpty else { return nil }
        let bars = period.grouped(weeks).map { WeekBar(day: $0.startNumber, value: $0.volume, sets: $0.sets) }
        let quantity = period == .week ? "weeklyVolume" : period == .month ? "monthlyVolume" : "yearlyVolume"
        func chart(_ size: Size) -> WeeklyBarChart {
            WeeklyBarChart(
                title: text(key("chartTitle"), ["name": name]), seriesName: name, unit: unit, bars: bars,
                period: barPeriod, size: size, axisName: text("charts.weeklyBars.volume"),
                quantity: text("charts.weeklyBars." + quantity), conventions: text.conventions)
        }
        return WorkoutsPresenter.ExerciseCharts(
            wide: ChartSpec(name: chartName, chart: chart(WorkoutsPresenter.wideSize), inline: true),
            narrow: ChartSpec(
                name: chartName + WorkoutsPresenter.narrowSuffix, chart: chart(WorkoutsPresenter.narrowSize),
                layoutOf: chartName))
    }

    /// The charts as the page shows them, the table of every bar under the wide one: made when
    /// the page is rendered, so a long log's tables are held one page at a time.
    package func page(_ charts: WorkoutsPresenter.ExerciseCharts, weeks: [WeekVolume], name: String) -> ResponsiveChart
    {
        ResponsiveChart(
            wide: ChartImage(charts.wide, table: table(weeks, name: name)), narrow: ChartImage(charts.narrow))
    }

    /// Every bar, newest first: `2024-W03 · 15 Jan 2024` (or `Jan 2024`, `2024`), its volume, its sets.
    func table(_ weeks: [WeekVolume], name: String) -> DataTable {
        DataTable(
            caption: text(key("caption"), ["name": name]),
            headers: [
                text(period == .week ? "workouts.volume.week" : key("period")),
                text("workouts.volume.column", ["unit": unit]), text("workouts.volume.sets")
            ],
            rows: period.grouped(weeks).reversed().map { bar in
                TableRow(header: header(bar), cells: [text.volume(bar.volume, unit: ""), text.grouped(bar.sets)])
            })
    }

    private func header(_ bar: PeriodVolume) -> String {
        guard period == .week else { return barPeriod.name(startingOn: bar.startNumber, text.conventions) }
        return text("workouts.volume.weekRow", ["week": bar.start.isoWeekText, "date": text.date(bar.start)])
    }

    private var barPeriod: BarPeriod { BarPeriod(rawValue: period.rawValue) ?? .week }
}
