import Graphics
import Localization
import Deterministic

/// One ISO week's total (or a month's, a year's), such as its training volume and the sets it came from.
public struct WeekBar: Equatable, Sendable, Encodable {
    /// The day number of the period's first day: the week's Monday (days since 1970-01-01, as
    /// `DatedValue.day`), or the 1st of the month or of January.
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

/// How long one bar of a `WeeklyBarChart` is: a week, or a calendar month or year for a long log.
public enum BarPeriod: String, Sendable, Encodable, CaseIterable {
    case week, month, year

    /// The first day of the period holding `day`: its Monday, the 1st of its month, 1 January.
    public func start(ofDayNumber day: Int) -> Int {
        switch self {
        case .week: return day - CivilDate.weekday(ofDayNumber: day)
        case .month, .year:
            let date = CivilDate(dayNumber: day)
            return CivilDate(year: date.year, month: self == .month ? date.month : 1, day: 1).dayNumber
        }
    }

    /// The days of the period starting on `start`.
    public func days(from start: Int) -> Int {
        switch self {
        case .week: return 7
        case .month:
            let date = CivilDate(dayNumber: start)
            return CivilDate.daysIn(month: date.month, year: date.year)
        case .year: return CivilDate.isLeap(year: CivilDate(dayNumber: start).year) ? 366 : 365
        }
    }

    /// The period starting on `start` in the readers' words: its Monday's day (`8 Jan 2024`), its
    /// month (`Jan 2024`, the catalog's `charts.weeklyBars.monthOf`) or its year (`2024`).
    public func name(startingOn start: Int, _ conventions: TextConventions) -> String {
        let date = CivilDate(dayNumber: start)
        switch self {
        case .week: return conventions.longDay(date)
        case .month:
            let words = conventions.words
            return words.text(
                "charts.weeklyBars.monthOf", ["month": words.shortMonth(date.month), "year": String(date.year)])
        case .year: return String(date.year)
        }
    }

    /// The average days of a period, for spans counted in periods.
    public var averageDays: Double {
        switch self {
        case .week: 7
        case .month: 365.2425 / 12
        case .year: 365.2425
        }
    }
}

/// Bars over a date axis, one per week with training: workouts' weekly volume. A log too long
/// for a bar a week has one per month or per year (`period`), its words saying so.
///
/// Each bar stands on zero and spans its period; periods without training get no bar and no
/// invented value. The latest week's bar is marked and labelled with its value. The y-axis is a
/// `NiceScale` from zero; the x-axis a `DateAxis`, as the line chart's.
public struct WeeklyBarChart: Chart {
    public var title: String
    /// What the values are of, such as the exercise name or all exercises: starts the summary.
    public var seriesName: String
    /// The unit after values, such as `kg`.
    public var unit: String
    /// One bar per period in order: days moved to their period's first day, bars of one period
    /// added together, non-finite values left out.
    public let bars: [WeekBar]
    /// What one bar adds up: a week unless the log is long.
    public let period: BarPeriod
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
        period: BarPeriod = .week, size: Size = Size(width: 720, height: 360), axisName: String, quantity: String,
        conventions: TextConventions = .standard
    ) {
        self.title = title
        self.seriesName = seriesName
        self.unit = unit
        self.period = period
        self.bars = Self.grouped(bars, by: period)
        self.size = size
        self.axisName = axisName
        self.quantity = quantity
        self.conventions = conventions
    }

    /// The bars on their periods' first days, in order, one per period.
    private static func grouped(_ bars: [WeekBar], by period: BarPeriod) -> [WeekBar] {
        let starts = bars.filter { $0.value.isFinite }.map {
            WeekBar(day: period.start(ofDayNumber: $0.day), value: $0.value, sets: $0.sets)
        }
        var weeks: [WeekBar] = []
        for bar in starts.sorted(by: { ($0.day, $0.value) < ($1.day, $1.value) }) {
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
        // The week's keys are the first ones; a month's and a year's end in their name.
        let (key, name) = ("charts.weeklyBars.", period == .week ? "" : period == .month ? "Month" : "Year")
        if bars.count == 1 {
            return words.text(
                key + "one" + (name.isEmpty ? "Week" : name),
                ["subject": subject, "value": amount(first.value), "date": named(first)])
                + words["charts.weeklyBars.end"]
        }
        let parts = [
            words.count(
                key + (name.isEmpty ? "weeks" : name.lowercased() + "s"), bars.count,
                conventions.numbers.integer(bars.count),
                ["subject": subject, "first": named(first), "last": named(last)]),
            words.text(key + "highestIn" + name, ["value": amount(highest.value), "date": named(highest)]),
            words.text(key + "latestIn" + name, ["value": amount(last.value), "date": named(last)])
        ]
        return parts.joined(separator: words["charts.weeklyBars.separator"]) + words["charts.weeklyBars.end"]
    }

    /// A bar's period in words: its week's Monday (`8 Jan 2024`), its month (`Jan 2024`) or its year.
    public func named(_ bar: WeekBar) -> String { period.name(startingOn: bar.day, conventions) }

    private var words: Words { conventions.words }

    private var subject: String {
        guard !seriesName.isEmpty, !quantity.isEmpty else { return seriesName + quantity }
        return words.text("charts.weeklyBars.subject", ["series": seriesName, "quantity": quantity])
    }

    /// A value truncated to whole units, with the unit: `12,340 kg`.
    private func amount(_ value: Double) -> String {
        let number = conventions.numbers.whole(value)
        return unit.isEmpty ? number : "\(number) \(unit)"
    }
}
