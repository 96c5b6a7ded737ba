import Canvas
import Charts
import Graphics

/// The geometry of one `WeeklyBarChart` at its size: the plot and its axes, each bar's rectangle
/// and where the latest week's label goes. Margins, fonts and the header are the line chart's, so
/// the two read as siblings. Pure: text is measured through the function given.
struct WeeklyBarLayout {
    typealias Measure = LineChartLayout.Measure

    /// The axis spans at least this many periods (weeks, months, years), so one bar or a few do
    /// not fill the whole plot.
    static let minimumWeeks = 8.0
    /// The bars are kept this far inside the plot's left and right edges.
    static let dataInset = 6.0
    /// Below this width of a week there is no gap: the bars touch, or they would be too thin to see.
    static let narrowestWeekWithGap = 4.0
    /// The gap between bars: this share of a week's width, at most `widestGap`.
    static let gapShare = 0.2
    static let widestGap = 10.0
    /// Space between the latest bar's top and its label.
    static let labelClearance = 6.0
    /// How far the label keeps from every other bar.
    static let labelMargin = 4.0
    /// The small bar drawn before the label's text when it sits in the header, away from its bar.
    static let markerSide = 9.0

    /// Where the latest week's label sits: over its bar when the bars beside it leave room,
    /// otherwise right-aligned in the header on the title's line or the axis label's.
    enum LabelSpot: Equatable {
        case plot, titleLine, axisLabelLine

        var isInHeader: Bool { self != .plot }
    }

    let title: String
    let axes: PlotAxes
    /// Each bar's rectangle, in the order of the chart's bars.
    let bars: [Rect]
    let latestLabel: String?
    /// nil when the label fits nowhere: the bar is then drawn unlabelled.
    let latestLabelRect: Rect?
    /// nil exactly when `latestLabelRect` is.
    let latestLabelSpot: LabelSpot?

    var plot: Rect { axes.plot }

    init(chart: WeeklyBarChart, measure: Measure) {
        self.init(chart: chart, measure: measure, bottomInset: LineChartLayout.plotBottomInset)
        // A years axis has no second line: give its space back to the plot, unless the taller
        // plot would choose ticks that need it after all.
        if !axes.dateAxis.ticks.contains(where: { $0.yearLabel != nil }) {
            let taller = Self(chart: chart, measure: measure, bottomInset: LineChartLayout.plotBottomInsetOneLine)
            if !taller.axes.dateAxis.ticks.contains(where: { $0.yearLabel != nil }) { self = taller }
        }
    }

    private init(chart: WeeklyBarChart, measure: Measure, bottomInset: Double) {
        let size = chart.size
        let side = LineChartLayout.sideMargin
        title = TextFitting.truncate(chart.title, toWidth: size.width - side - LineChartLayout.rightMargin) {
            measure($0, LineChartLayout.titleFontSize, .bold)
        }
        let top = LineChartLayout.plotTopInset
        let bottom = max(top + 40, size.height - bottomInset)
        let scale = Self.valueScale(chart, height: bottom - top)
        let labelWidth =
            scale.ticks.map {
                measure(scale.label($0, chart.conventions.numbers), LineChartLayout.labelFontSize, .regular)
            }.max() ?? 0
        let left = side + labelWidth + LineChartLayout.yLabelGap
        let right = max(left + 40, size.width - LineChartLayout.rightMargin)
        let plot = Rect(x: left, y: top, width: right - left, height: bottom - top)
        let domain = Self.weekDomain(chart.bars.map(\.day), period: chart.period, plotWidth: plot.width)
        let dateAxis = DateAxis(
            domain: domain, width: plot.width, overhang: (left: plot.minX - side, right: size.width - plot.maxX - 6),
            gap: 18, conventions: chart.conventions
        ) { measure($0, LineChartLayout.labelFontSize, .regular) }
        axes = PlotAxes(plot: plot, yScale: scale, xDomain: domain, dateAxis: dateAxis)
        bars = Self.barRects(chart.bars, period: chart.period, axes: axes)

        latestLabel = chart.latestLabel
        if let label = chart.latestLabel {
            let placed = Self.placeLabel(label, chart: chart, title: title, bars: bars, plot: plot, measure: measure)
            latestLabelRect = placed?.rect
            latestLabelSpot = placed?.spot
        } else {
            latestLabelRect = nil
            latestLabelSpot = nil
        }
    }

    /// The value axis from zero over every bar. It makes room above the latest bar for its label
    /// when that stretches the domain by at most a quarter, as the line chart does for its highlight.
    private static func valueScale(_ chart: WeeklyBarChart, height: Double) -> NiceScale {
        var values = chart.bars.map(\.value) + [0]
        // Only zeros would give a scale around zero, half of it below: keep it from zero up.
        if !values.contains(where: { $0 != 0 }) { values.append(1) }
        let intervals = max(2, Int(height / LineChartLayout.minimumIntervalHeight))
        let scale = NiceScale(covering: values, maximumIntervals: intervals)
        guard let latest = chart.bars.last?.value, latest > 0 else { return scale }
        let needed = LineChartLayout.highlightLabelHeight + labelClearance - LineChartLayout.highlightLabelRise
        let room = (scale.upper - latest) / (scale.upper - scale.lower) * height
        guard room < needed, needed < height / 2 else { return scale }
        let reach = (latest - scale.lower) * needed / (height - needed)
        let roomier = NiceScale(covering: values + [latest + reach], maximumIntervals: intervals)
        return roomier.upper - roomier.lower <= (scale.upper - scale.lower) * 1.25 ? roomier : scale
    }

    /// The days shown: the first period's first day to the day after the last period, kept
    /// `dataInset` px inside the plot; at least `minimumWeeks` periods, centred on the bars.
    static func weekDomain(_ days: [Int], period: BarPeriod = .week, plotWidth: Double) -> ClosedRange<Double> {
        let minimumSpan = minimumWeeks * period.averageDays
        guard let first = days.min(), let last = days.max() else { return 0...minimumSpan }
        var low = Double(first)
        var high = Double(last + period.days(from: last))
        if high - low < minimumSpan {
            let middle = (low + high) / 2
            (low, high) = (middle - minimumSpan / 2, middle + minimumSpan / 2)
        }
        let inner = max(1, plotWidth - 2 * dataInset)
        let pad = (high - low) * dataInset / inner
        return (low - pad)...(high + pad)
    }

    /// Each bar centred on its period, standing on the baseline: its width the period's less a
    /// gap when there is room for one, at least 1 px, and at least 1 px tall so a period with
    /// training always shows. With a gap the edges fall on whole pixels, so bars are sharp and
    /// even. Months are as wide as their average, so February's bar is not thinner than March's.
    static func barRects(_ bars: [WeekBar], period: BarPeriod = .week, axes: PlotAxes) -> [Rect] {
        let week = axes.x(period.averageDays) - axes.x(0)
        let gap = week >= narrowestWeekWithGap ? min(widestGap, max(1, week * gapShare)) : 0
        let width = max(1, week - gap)
        // The baseline is a 1 px line on the pixel row of zero: bars stand on its top edge.
        let base = axes.y(0).rounded(.down)
        return bars.map { bar in
            let centre = axes.x(Double(bar.day) + Double(period.days(from: bar.day)) / 2)
            var left = centre - width / 2
            var across = width
            if gap > 0 {
                left = left.rounded()
                across = max(1, (centre + width / 2).rounded() - left)
            }
            let end = gap > 0 ? axes.y(bar.value).rounded() : axes.y(bar.value)
            if bar.value < 0 {
                let top = base + 1
                return Rect(x: left, y: top, width: across, height: max(1, end - top))
            }
            let top = min(end, base - 1)
            return Rect(x: left, y: top, width: across, height: base - top)
        }
    }

    /// The latest bar's label and where it is, by the rule of `LabelSpot`: in the plot it covers
    /// no bar, and keeps `labelMargin` from the bars beside.
    private static func placeLabel(
        _ label: String, chart: WeeklyBarChart, title: String, bars: [Rect], plot: Rect, measure: Measure
    ) -> (rect: Rect, spot: LabelSpot)? {
        guard let bar = bars.last else { return nil }
        let textWidth = measure(label, LineChartLayout.highlightFontSize, .bold)
        let padding = LineChartLayout.highlightLabelPadding
        let height = LineChartLayout.highlightLabelHeight
        let width = textWidth + 2 * padding
        let bounds = plot.inset(top: -LineChartLayout.highlightLabelRise, left: 3, bottom: 3, right: 3)
        // Centred over the bar, moved left as far as the plot's edge asks.
        let x = min(max(bar.midX - width / 2, bounds.minX), bounds.maxX - width)
        let inPlot = Rect(x: x, y: bar.minY - labelClearance - height, width: width, height: height)
        let clearance = inPlot.inset(
            top: -labelMargin, left: -labelMargin, bottom: -labelMargin, right: -labelMargin)
        if LabelPlacement.contains(bounds, inPlot), !bars.dropLast().contains(where: { overlap($0, clearance) }) {
            return (inPlot, .plot)
        }
        let headerWidth = width + LineChartLayout.highlightMarkerWidth
        let right = chart.size.width - LineChartLayout.rightMargin
        func header(centredOn y: Double) -> Rect {
            Rect(x: right - headerWidth, y: y - height / 2, width: headerWidth, height: height)
        }
        // Centred on the middle of the line's lower-case letters, a little above the baseline.
        let titleEnd = LineChartLayout.sideMargin + measure(title, LineChartLayout.titleFontSize, .bold)
        if titleEnd + LineChartLayout.headerGap <= right - headerWidth {
            return (header(centredOn: LineChartLayout.titleBaseline - 6), .titleLine)
        }
        let axisLabelEnd =
            LineChartLayout.sideMargin + measure(chart.axisLabel, LineChartLayout.labelFontSize, .regular)
        if axisLabelEnd + LineChartLayout.headerGap <= right - headerWidth {
            return (header(centredOn: LineChartLayout.axisLabelBaseline - 5), .axisLabelLine)
        }
        return nil
    }

    /// Whether two rectangles share more than an edge.
    static func overlap(_ a: Rect, _ b: Rect) -> Bool {
        a.minX < b.maxX && b.minX < a.maxX && a.minY < b.maxY && b.minY < a.maxY
    }
}
