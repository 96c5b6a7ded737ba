import Charts
import Deterministic
import Graphics
import Workouts

/// The weekly volume of an exercise or of the athlete as the pages show it: a bar chart drawn
/// wide and narrow, with the table of its weeks, newest first, as its data.
package struct WorkoutsVolume {
    let text: WorkoutsText
    let unit: String

    /// The athlete's chart: a name no exercise can take (`weekly-volume` is a reserved slug).
    package static let athleteName = "weekly-volume"
    /// Appended to an exercise's slug for its volume chart; slugs never contain `--`.
    package static let exerciseSuffix = "--volume"

    /// The bar chart of `weeks`, for `name` (an exercise's, or all exercises'), drawn wide and
    /// narrow into `chartName` and `chartName--phone`; nil without a week.
    package func charts(_ weeks: [WeekVolume], name: String, chartName: String) -> WorkoutsPresenter.ExerciseCharts? {
        guard !weeks.isEmpty else { return nil }
        let bars = weeks.map { WeekBar(day: $0.mondayNumber, value: $0.volume, sets: $0.sets) }
        func chart(_ size: Size) -> WeeklyBarChart {
            WeeklyBarChart(
                title: text("workouts.volume.chartTitle", ["name": name]), seriesName: name, unit: unit, bars: bars,
                size: size, axisName: text("charts.weeklyBars.volume"),
                quantity: text("charts.weeklyBars.weeklyVolume"), conventions: text.conventions)
        }
        return WorkoutsPresenter.ExerciseCharts(
            wide: ChartSpec(name: chartName, chart: chart(WorkoutsPresenter.wideSize)),
            narrow: ChartSpec(
                name: chartName + WorkoutsPresenter.narrowSuffix, chart: chart(WorkoutsPresenter.narrowSize)))
    }

    /// The charts as the page shows them, the table of every week under the wide one: made when
    /// the page is rendered, so a long log's tables are held one page at a time.
    package func page(_ charts: WorkoutsPresenter.ExerciseCharts, weeks: [WeekVolume], name: String) -> ResponsiveChart
    {
        ResponsiveChart(
            wide: ChartImage(charts.wide, table: table(weeks, name: name)), narrow: ChartImage(charts.narrow))
    }

    /// Every week, newest first: `2024-W03 · 15 Jan 2024`, its volume, its sets.
    func table(_ weeks: [WeekVolume], name: String) -> DataTable {
        DataTable(
            caption: text("workouts.volume.caption", ["name": name]),
            headers: [
                text("workouts.volume.week"), text("workouts.volume.column", ["unit": unit]),
                text("workouts.volume.sets")
            ],
            rows: weeks.reversed().map { week in
                TableRow(
                    header: text(
                        "workouts.volume.weekRow", ["week": week.monday.isoWeekText, "date": text.date(week.monday)]),
                    cells: [text.volume(week.volume, unit: ""), text.grouped(week.sets)])
            })
    }
}
