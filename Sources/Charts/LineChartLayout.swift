import Canvas

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
    /// Distance from the highlighted point to its label's nearer edge.
    static let highlightClearance = 12.0
    /// How far the highlight label may rise above the plot's top edge (into the space under
    /// the axis label, which it cannot reach).
    static let highlightLabelRise = 12.0

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

    init(chart: LineChart, measure: Measure) {
        self.init(chart: chart, measure: measure, bottomInset: Self.plotBottomInset)
        // A years axis has no second line: give its space back to the plot, unless the taller
        // plot would choose ticks that need it after all.
        if !dateAxis.ticks.contains(where: { $0.yearLabel != nil }) {
            let taller = Self(chart: chart, measure: measure, bottomInset: Self.plotBottomInsetOneLine)
            if !taller.dateAxis.ticks.contains(where: { $0.yearLabel != nil }) { self = taller }
        }
    }

    private init(chart: LineChart, measure: Measure, bottomInset: Double) {
        let size = chart.size
        title = TextFitting.truncate(chart.title, toWidth: size.width - Self.sideMargin - Self.rightMargin) {
            measure($0, Self.titleFontSize, .bold)
        }
        let top = Self.plotTopInset
        let bottom = max(top + 40, size.height - bottomInset)

        var values = chart.points.map(\.value)
        var days = chart.points.map(\.day)
        if let highlight = chart.highlight {
            values.append(highlight.value)
            days.append(highlight.day)
        }
        let intervals = max(2, Int((bottom - top) / Self.minimumIntervalHeight))
        var scale = NiceScale(covering: values, maximumIntervals: intervals)
        // Make room above the highlight for its label, so it need not cover the line, when that
        // stretches the domain by at most a quarter; otherwise the label goes below or beside.
        if let highlight = chart.highlight {
            let needed = Self.highlightLabelHeight + Self.highlightClearance - Self.highlightLabelRise
            let height = bottom - top
            let room = (scale.upper - highlight.value) / (scale.upper - scale.lower) * height
            if room < needed, needed < height / 2 {
                let reach = (highlight.value - scale.lower) * needed / (height - needed)
                let roomier = NiceScale(covering: values + [highlight.value + reach], maximumIntervals: intervals)
                if roomier.upper - roomier.lower <= (scale.upper - scale.lower) * 1.25 {
                    scale = roomier
                }
            }
        }
        yScale = scale

        let labelWidth = scale.ticks.map { measure(scale.label($0), Self.labelFontSize, .regular) }.max() ?? 0
        let left = Self.sideMargin + labelWidth + Self.yLabelGap
        let right = max(left + 40, size.width - Self.rightMargin)
        let plotRect = Rect(x: left, y: top, width: right - left, height: bottom - top)
        plot = plotRect

        let domain = Self.dayDomain(days, plotWidth: plotRect.width)
        xDomain = domain
        dateAxis = DateAxis(domain: domain, width: plotRect.width,
                            overhang: (left: plotRect.minX - Self.sideMargin, right: size.width - plotRect.maxX - 6),
                            gap: 18) { measure($0, Self.labelFontSize, .regular) }

        func position(_ point: DatedValue) -> Point {
            let x = plotRect.minX + (Double(point.day) - domain.lowerBound) / (domain.upperBound - domain.lowerBound) * plotRect.width
            let y = plotRect.maxY - (point.value - scale.lower) / (scale.upper - scale.lower) * plotRect.height
            return Point(x: x, y: y)
        }
        positions = chart.points.map(position)

        let spacing = plotRect.width / Double(max(1, Set(chart.points.map(\.day)).count))
        if chart.points.count > Self.maximumDottedPoints || spacing < 5 {
            dotRadius = 0
        } else {
            dotRadius = spacing >= 16 ? 4 : (spacing >= 9 ? 3.25 : 2.5)
        }
        lineWidth = chart.points.count > 400 ? 1.75 : 2.5

        if let highlight = chart.highlight, let label = chart.highlightLabel {
            let point = position(highlight)
            let width = measure(label, Self.highlightFontSize, .bold) + 16
            highlightPoint = point
            highlightLabel = label
            highlightLabelRect = LabelPlacement.place(Size(width: width, height: Self.highlightLabelHeight), near: point,
                                                      clearance: Self.highlightClearance,
                                                      within: plotRect.inset(top: -Self.highlightLabelRise, left: 3, bottom: 3, right: 3),
                                                      avoiding: positions)
        } else {
            highlightPoint = nil
            highlightLabel = nil
            highlightLabelRect = nil
        }
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
