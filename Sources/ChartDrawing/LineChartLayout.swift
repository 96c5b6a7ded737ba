import Canvas
import Charts
import Graphics

/// The geometry of one `LineChart` at its size: where the plot, ticks, points and the highlight
/// label go. Pure: text is measured through the function given, so tests can use an estimate.
struct LineChartLayout {
    /// Font sizes at the 720 px design width: the chart is shown down to ~340 px wide on a
    /// phone, where 14 px text still reads as ~7 pt.
    static let titleFontSize = 18.0
    static let labelFontSize = 14.0
    static let highlightFontSize = 14.0

    static let sideMargin = 16.0
    static let rightMargin = 20.0
    static let titleBaseline = 30.0
    static let axisLabelBaseline = 56.0
    static let plotTopInset = 74.0
    /// Space under the plot for two lines of date labels, or one when no tick names a year.
    static let plotBottomInset = 58.0
    static let plotBottomInsetOneLine = 40.0
    /// Baselines of the date labels' first and second (year) lines, below the plot.
    static let dateLabelOffset = 24.0
    static let yearLabelOffset = 42.0
    /// Space between the y tick labels and the plot.
    static let yLabelGap = 10.0
    /// Data is kept this far inside the plot's left and right edges.
    static let dataInset = 12.0
    /// The least vertical space per y interval.
    static let minimumIntervalHeight = 38.0
    /// Above this many points the dots are left out and the line alone shows the series.
    static let maximumDottedPoints = 120
    static let highlightRadius = 7.0
    static let highlightLabelHeight = 24.0
    /// Space inside the highlight label either side of its text.
    static let highlightLabelPadding = 8.0
    /// The ring drawn before the label's text when the label sits in the header, away from its
    /// point: its radius, and the width it takes with the gap after it.
    static let highlightMarkerRadius = 4.5
    static let highlightMarkerWidth = 14.0
    /// Distance from the highlighted point to its label's nearer edge.
    static let highlightClearance = 12.0
    /// How far the highlight label may rise above the plot's top edge (into the space under
    /// the axis label, which it cannot reach).
    static let highlightLabelRise = 12.0
    /// How far the highlight label keeps from every point and segment of the line: a dot's
    /// radius and outline, or half the line's width, and a little air.
    static let highlightLabelMargin = 6.0
    /// The least space between the title or axis label and a highlight label on its line.
    static let headerGap = 16.0
    /// The extra header line given to the highlight label when it fits nowhere else.
    static let headerRowHeight = 28.0
    /// Top of the highlight label on that extra line, under the axis label.
    static let headerRowTop = 66.0

    /// Where the highlight label sits. It never hides the data: beside its point when there is
    /// a clear spot inside the plot, otherwise in the header above the plot, right-aligned on
    /// the title's line or the axis label's, or on a line of its own under them.
    enum HighlightLabelSpot: Equatable {
        case plot, titleLine, axisLabelLine, ownLine

        var isInHeader: Bool { self != .plot }
    }

    /// Measures a text's advance at a font size and weight.
    typealias Measure = (_ text: String, _ size: Double, _ weight: FontWeight) -> Double

    let title: String
    let plot: Rect
    let yScale: NiceScale
    /// Days at the plot's left and right edges.
    let xDomain: ClosedRange<Double>
    let dateAxis: DateAxis
    /// Each point's position, in day order.
    let positions: [Point]
    /// 0 when the points are too dense for dots.
    let dotRadius: Double
    let lineWidth: Double
    let highlightPoint: Point?
    let highlightLabel: String?
    let highlightLabelRect: Rect?
    /// nil exactly when `highlightLabelRect` is.
    let highlightLabelSpot: HighlightLabelSpot?

    /// The grid and date axis of the plot.
    var axes: PlotAxes { PlotAxes(plot: plot, yScale: yScale, xDomain: xDomain, dateAxis: dateAxis) }

    init(chart: LineChart, measure: Measure) {
        self.init(chart: chart, measure: measure, ownLabelLine: false)
        if highlightLabel != nil, highlightLabelRect == nil {
            self.init(chart: chart, measure: measure, ownLabelLine: true)
        }
    }

    private init(chart: LineChart, measure: Measure, ownLabelLine: Bool) {
        self.init(chart: chart, measure: measure, bottomInset: Self.plotBottomInset, ownLabelLine: ownLabelLine)
        // A years axis has no second line: give its space back to the plot, unless the taller
        // plot would choose ticks that need it after all.
        if !dateAxis.ticks.contains(where: { $0.yearLabel != nil }) {
            let taller = Self(
                chart: chart, measure: measure, bottomInset: Self.plotBottomInsetOneLine,
                ownLabelLine: ownLabelLine)
            if !taller.dateAxis.ticks.contains(where: { $0.yearLabel != nil }) { self = taller }
        }
    }

    /// With `ownLabelLine` the header grows a line for the highlight label and it goes there;
    /// without, the label goes in the plot or on the title's or axis label's line, and when it
    /// fits none of them `highlightLabelRect` is nil.
    private init(chart: LineChart, measure: Measure, bottomInset: Double, ownLabelLine: Bool) {
        let size = chart.size
        title = TextFitting.truncate(chart.title, toWidth: size.width - Self.sideMargin - Self.rightMargin) {
            measure($0, Self.titleFontSize, .bold)
        }
        let top = Self.plotTopInset + (ownLabelLine ? Self.headerRowHeight : 0)
        let bottom = max(top + 40, size.height - bottomInset)

        var days = chart.points.map(\.day)
        if let highlight = chart.highlight { days.append(highlight.day) }
        let scale = Self.valueScale(chart, height: bottom - top)
        yScale = scale

        let labelWidth =
            scale.ticks.map { measure(scale.label($0, chart.conventions.numbers), Self.labelFontSize, .regular) }.max()
            ?? 0
        let left = Self.sideMargin + labelWidth + Self.yLabelGap
        let right = max(left + 40, size.width - Self.rightMargin)
        let plotRect = Rect(x: left, y: top, width: right - left, height: bottom - top)
        plot = plotRect

        let domain = Self.dayDomain(days, plotWidth: plotRect.width)
        xDomain = domain
        dateAxis = DateAxis(
            domain: domain, width: plotRect.width,
            overhang: (left: plotRect.minX - Self.sideMargin, right: size.width - plotRect.maxX - 6),
            gap: 18, conventions: chart.conventions
        ) { measure($0, Self.labelFontSize, .regular) }

        func position(_ point: DatedValue) -> Point {
            let x =
                plotRect.minX + (Double(point.day) - domain.lowerBound) / (domain.upperBound - domain.lowerBound)
                * plotRect.width
            let y = plotRect.maxY - (point.value - scale.lower) / (scale.upper - scale.lower) * plotRect.height
            return Point(x: x, y: y)
        }
        positions = chart.points.map(position)

        let spacing = plotRect.width / Double(max(1, chart.distinctDayCount))
        if chart.points.count > Self.maximumDottedPoints || spacing < 5 {
            dotRadius = 0
        } else {
            dotRadius = spacing >= 16 ? 4 : (spacing >= 9 ? 3.25 : 2.5)
        }
        lineWidth = chart.points.count > 400 ? 1.75 : 2.5

        if let highlight = chart.highlight, let label = chart.highlightLabel {
            let point = position(highlight)
            highlightPoint = point
            highlightLabel = label
            let placed = Self.placeHighlightLabel(
                label, of: point, chart: chart, title: title, plot: plotRect,
                positions: positions, ownLine: ownLabelLine, measure: measure)
            highlightLabelRect = placed?.rect
            highlightLabelSpot = placed?.spot
        } else {
            highlightPoint = nil
            highlightLabel = nil
            highlightLabelRect = nil
            highlightLabelSpot = nil
        }
    }

    /// The value axis over every point and the highlight. It makes room above the highlight for
    /// its label, so it can sit by its point clear of the line, when that stretches the domain by
    /// at most a quarter; otherwise the label goes below or beside, or up into the header.
    private static func valueScale(_ chart: LineChart, height: Double) -> NiceScale {
        var values = chart.points.map(\.value)
        if let highlight = chart.highlight { values.append(highlight.value) }
        let intervals = max(2, Int(height / minimumIntervalHeight))
        let scale = NiceScale(covering: values, maximumIntervals: intervals)
        guard let highlight = chart.highlight else { return scale }
        let needed = highlightLabelHeight + highlightClearance - highlightLabelRise
        let room = (scale.upper - highlight.value) / (scale.upper - scale.lower) * height
        guard room < needed, needed < height / 2 else { return scale }
        let reach = (highlight.value - scale.lower) * needed / (height - needed)
        let roomier = NiceScale(covering: values + [highlight.value + reach], maximumIntervals: intervals)
        return roomier.upper - roomier.lower <= (scale.upper - scale.lower) * 1.25 ? roomier : scale
    }

    /// The highlight label's rectangle and where it is, by the rule of `HighlightLabelSpot`:
    /// none of them covers a point or a segment of the line, or the highlight's ring.
    private static func placeHighlightLabel(
        _ label: String, of point: Point, chart: LineChart, title: String,
        plot: Rect, positions: [Point], ownLine: Bool,
        measure: Measure
    ) -> (rect: Rect, spot: HighlightLabelSpot)? {
        let textWidth = measure(label, highlightFontSize, .bold)
        let height = highlightLabelHeight
        // In the header, right-aligned with the plot, a ring before the text ties it to the point.
        let headerWidth = textWidth + 2 * highlightLabelPadding + highlightMarkerWidth
        let right = chart.size.width - rightMargin
        func header(centredOn y: Double) -> Rect {
            Rect(x: right - headerWidth, y: y - height / 2, width: headerWidth, height: height)
        }
        if ownLine {
            return (
                Rect(x: max(sideMargin, right - headerWidth), y: headerRowTop, width: headerWidth, height: height),
                .ownLine
            )
        }
        let inPlot = Size(width: textWidth + 2 * highlightLabelPadding, height: height)
        if let rect = LabelPlacement.clearSpot(
            inPlot, near: point, clearance: highlightClearance,
            within: plot.inset(top: -highlightLabelRise, left: 3, bottom: 3, right: 3),
            avoiding: positions, margin: highlightLabelMargin)
        {
            return (rect, .plot)
        }
        // Centred on the middle of the line's lower-case letters, a little above the baseline.
        let titleEnd = sideMargin + measure(title, titleFontSize, .bold)
        if titleEnd + headerGap <= right - headerWidth {
            return (header(centredOn: titleBaseline - 6), .titleLine)
        }
        let axisLabelEnd = sideMargin + measure(chart.axisLabel, labelFontSize, .regular)
        if axisLabelEnd + headerGap <= right - headerWidth {
            return (header(centredOn: axisLabelBaseline - 5), .axisLabelLine)
        }
        return nil
    }

    /// The days shown: the data's first to last day, kept `dataInset` px inside the plot; at least
    /// a week, centred on the data, so one day or a few close days do not fill the whole width.
    static func dayDomain(_ days: [Int], plotWidth: Double) -> ClosedRange<Double> {
        guard let first = days.min(), let last = days.max() else { return 0...7 }
        var low = Double(first)
        var high = Double(last)
        let minimumSpan = 6.0
        if high - low < minimumSpan {
            let middle = (low + high) / 2
            return (middle - minimumSpan / 2)...(middle + minimumSpan / 2)
        }
        let inner = max(1, plotWidth - 2 * dataInset)
        let pad = (high - low) * dataInset / inner
        low -= pad
        high += pad
        return low...high
    }
}
