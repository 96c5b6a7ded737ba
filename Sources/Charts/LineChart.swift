import Graphics
import Localization
import Deterministic

/// From `day` on, the line's values lie in band `band` (0 very poor … 4 excellent).
public struct BandSpan: Equatable, Sendable, Encodable {
    public var day: Int
    public var band: Int
    /// The band's name, written at the top of its span where it fits.
    public var name: String

    public init(day: Int, band: Int, name: String) {
        self.day = day
        self.band = band
        self.name = name
    }
}

/// A day marked across the plot by a dashed line with a short label beside it, such as the first
/// build of a credit score on a new scale ("Scale 0–1000").
public struct DayMarker: Equatable, Sendable, Encodable {
    public var day: Int
    public var label: String

    public init(day: Int, label: String) {
        self.day = day
        self.label = label
    }
}

/// A line over a date axis: one exercise's daily 1RM over time, its best day marked and labelled.
///
/// Consecutive recorded days are joined by straight segments; days without a value get neither a
/// point nor an invented value. The y-axis is a `NiceScale` (not forced to zero); the x-axis a
/// `DateAxis` whose step is chosen from the span and the plot width.
public struct LineChart: Chart {
    public var title: String
    /// What the values are of, such as the exercise name: starts the summary.
    public var seriesName: String
    /// The unit after values, such as `lb`.
    public var unit: String
    /// The points in day order (ties by value), non-finite values left out.
    public let points: [DatedValue]
    /// The point marked with a ring and labelled, usually the best day.
    public var highlight: DatedValue?
    public var size: Size
    /// The short name of the values on the axis label: `1RM (lb)`.
    public var axisName: String
    /// The values in words, after the series name in the summary: "estimated one-rep max".
    public var quantity: String
    /// Whether a line with more points than pixel columns is drawn through each column's first,
    /// lowest, highest and last point only (`ColumnReduction`); off only to compare with the whole line.
    public var reducesDenseLines = true
    /// The readers' conventions its numbers, days and words are written in (its cache key holds them).
    public var conventions: TextConventions
    /// Bands shaded behind the line, in the gauge's band colours: from each span's day to the
    /// next's, halfway between their points (a credit score's band at each build); nil for none.
    public var bands: [BandSpan]? = nil
    /// Days marked across the plot, each said in the summary; nil for none.
    public var markers: [DayMarker]? = nil

    public init(
        title: String, seriesName: String, unit: String, points: [DatedValue], highlight: DatedValue?,
        size: Size = Size(width: 720, height: 360), axisName: String = "1RM",
        quantity: String = "estimated one-rep max", conventions: TextConventions = .standard
    ) {
        self.title = title
        self.seriesName = seriesName
        self.unit = unit
        self.points = points.filter { $0.value.isFinite }.sorted { ($0.day, $0.value) < ($1.day, $1.value) }
        self.highlight = highlight.flatMap { $0.value.isFinite ? $0 : nil }
        self.size = size
        self.axisName = axisName
        self.quantity = quantity
        self.conventions = conventions
    }

    /// How many different days the points fall on: the points are in day order, so each change of day counts.
    public var distinctDayCount: Int {
        guard var previous = points.first?.day else { return 0 }
        var count = 1
        for point in points.dropFirst() where point.day != previous {
            count += 1
            previous = point.day
        }
        return count
    }

    /// The axis label: `1RM (lb)`, or just the name when there is no unit.
    public var axisLabel: String {
        unit.isEmpty ? axisName : "\(axisName) (\(unit))"
    }

    /// The highlight's label: `Best 310 lb · 12 Oct 2017` (value truncated to whole units).
    public var highlightLabel: String? {
        highlight.map {
            words.text(
                "charts.line.best",
                ["value": amount($0.value), "date": conventions.longDay(CivilDate(dayNumber: $0.day))])
        }
    }

    public var figure: ChartFigure { .line(self) }

    public var summary: String {
        guard let first = points.first, let last = points.last else { return words["charts.line.noDays"] }
        let dayCount = distinctDayCount
        var parts: [String] = []
        let firstDate = conventions.longDay(CivilDate(dayNumber: first.day))
        if dayCount == 1 {
            parts.append(words.text("charts.line.oneDay", ["subject": subject, "date": firstDate]))
        } else {
            parts.append(
                words.count(
                    "charts.line.days", dayCount, conventions.numbers.decimal(Double(dayCount), fractionDigits: 0),
                    [
                        "subject": subject, "first": firstDate,
                        "last": conventions.longDay(CivilDate(dayNumber: last.day))
                    ]))
        }
        if let highlight {
            parts.append(
                words.text(
                    "charts.line.bestOn",
                    [
                        "value": amount(highlight.value),
                        "date": conventions.longDay(CivilDate(dayNumber: highlight.day))
                    ]))
        }
        parts.append(
            words.text(
                "charts.line.latestOn",
                ["value": amount(last.value), "date": conventions.longDay(CivilDate(dayNumber: last.day))]))
        for marker in markers ?? [] {
            parts.append(
                words.text(
                    "charts.line.marked",
                    ["label": marker.label, "date": conventions.longDay(CivilDate(dayNumber: marker.day))]))
        }
        if points.count > 1 {
            var lowest = points[0].value, highest = lowest
            for point in points {
                lowest = min(lowest, point.value)
                highest = max(highest, point.value)
            }
            let low = conventions.numbers.whole(lowest)
            let high = conventions.numbers.whole(highest)
            parts.append(
                low == high
                    ? words.text("charts.line.steady", ["value": withUnit(low)])
                    : words.text("charts.line.range", ["low": low, "high": withUnit(high)]))
        }
        return parts.joined(separator: words["charts.line.separator"]) + words["charts.line.end"]
    }

    private var words: Words { conventions.words }

    private var subject: String {
        guard !seriesName.isEmpty, !quantity.isEmpty else { return seriesName + quantity }
        return words.text("charts.line.subject", ["series": seriesName, "quantity": quantity])
    }

    /// A value truncated to whole units, with the unit: `310 lb`.
    private func amount(_ value: Double) -> String {
        withUnit(conventions.numbers.whole(value))
    }

    private func withUnit(_ number: String) -> String {
        unit.isEmpty ? number : "\(number) \(unit)"
    }
}
