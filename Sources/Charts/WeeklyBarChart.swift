import Graphics
import Localization
import Deterministic

/// One ISO week's total, such as the week's training volume and the sets it came from.
public struct WeekBar: Equatable, Sendable, Encodable {
    /// The day number of the week's Monday (days since 1970-01-01, as `DatedValue.day`).
    public var day: Int
    public var value: Double
    /// The sets the value adds up.
    public var sets: Int

    public init(day: Int, value: Double, sets: Int) {
        self.day = day
        self.value = value
        self.sets = sets
    }
}

/// Bars over a date axis, one per week with training: workouts' weekly volume.
///
/// Each bar stands on zero and spans its week; weeks without training get no bar and no invented
/// value. The latest week's bar is marked and labelled with its value. The y-axis is a
/// `NiceScale` from zero; the x-axis a `DateAxis`, as the line chart's.
public struct WeeklyBarChart: Chart {
    public var title: String
    /// What the values are of, such as the exercise name or all exercises: starts the summary.
    public var seriesName: String
    /// The unit after values, such as `kg`.
    public var unit: String
    /// One bar per week in week order: days moved to their week's Monday, bars of one week added
    /// together, non-finite values left out.
    public let bars: [WeekBar]
    public var size: Size
    /// The short name of the values on the axis label: `Volume (kg)`.
    public var axisName: String
    /// The values in words, after the series name in the summary: "weekly volume".
    public var quantity: String
    /// The readers' conventions its numbers, days and words are written in (its cache key holds them).
    public var conventions: TextConventions

    /// `axisName` and `quantity` are in the readers' language: the catalog's
    /// `charts.weeklyBars.volume` and `charts.weeklyBars.weeklyVolume`, say.
    public init(
        title: String, seriesName: String, unit: String, bars: [WeekBar],
        size: Size = Size(width: 720, height: 360), axisName: String, quantity: String,
        conventions: TextConventions = .standard
    ) {
        self.title = title
        self.seriesName = seriesName
        self.unit = unit
        self.bars = Self.weekly(bars)
        self.size = size
        self.axisName = axisName
        self.quantity = quantity
        self.conventions = conventions
    }

    /// The bars on their weeks' Mondays, in order, one per week.
    private static func weekly(_ bars: [WeekBar]) -> [WeekBar] {
        let mondays = bars.filter { $0.value.isFinite }.map {
            WeekBar(day: $0.day - CivilDate.weekday(ofDayNumber: $0.day), value: $0.value, sets: $0.sets)
        }
        var weeks: [WeekBar] = []
        for bar in mondays.sorted(by: { ($0.day, $0.value) < ($1.day, $1.value) }) {
            if let last = weeks.last, last.day == bar.day {
                weeks[weeks.count - 1].value += bar.value
                weeks[weeks.count - 1].sets += bar.sets
            } else {
                weeks.append(bar)
            }
        }
        return weeks
    }

    public var figure: ChartFigure { .weeklyBars(self) }

    /// The axis label: `Volume (kg)`, or just the name when there is no unit.
    public var axisLabel: String {
        unit.isEmpty ? axisName : "\(axisName) (\(unit))"
    }

    /// The bar with the highest value, the earliest on ties.
    public var highest: WeekBar? {
        bars.max { ($0.value, -$0.day) < ($1.value, -$1.day) }
    }

    /// The latest bar's label: its value truncated to whole units, with the unit: `12,340 kg`.
    public var latestLabel: String? {
        bars.last.map { amount($0.value) }
    }

    public var summary: String {
        guard let first = bars.first, let last = bars.last, let highest else {
            return words["charts.weeklyBars.noWeeks"]
        }
        if bars.count == 1 {
            return words.text(
                "charts.weeklyBars.oneWeek", ["subject": subject, "value": amount(first.value), "date": week(first)])
                + words["charts.weeklyBars.end"]
        }
        let parts = [
            words.count(
                "charts.weeklyBars.weeks", bars.count, conventions.numbers.integer(bars.count),
                ["subject": subject, "first": week(first), "last": week(last)]),
            words.text("charts.weeklyBars.highestIn", ["value": amount(highest.value), "date": week(highest)]),
            words.text("charts.weeklyBars.latestIn", ["value": amount(last.value), "date": week(last)])
        ]
        return parts.joined(separator: words["charts.weeklyBars.separator"]) + words["charts.weeklyBars.end"]
    }

    private var words: Words { conventions.words }

    private var subject: String {
        guard !seriesName.isEmpty, !quantity.isEmpty else { return seriesName + quantity }
        return words.text("charts.weeklyBars.subject", ["series": seriesName, "quantity": quantity])
    }

    /// The day a week is named by in words: its Monday, `8 Jan 2024`.
    private func week(_ bar: WeekBar) -> String {
        conventions.longDay(CivilDate(dayNumber: bar.day))
    }

    /// A value truncated to whole units, with the unit: `12,340 kg`.
    private func amount(_ value: Double) -> String {
        let number = conventions.numbers.whole(value)
        return unit.isEmpty ? number : "\(number) \(unit)"
    }
}
