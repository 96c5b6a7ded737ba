import Canvas
import Charts
import Graphics

/// Draws a `LineChart` from its layout: title, axis label, grid, axes, the line, its dots and
/// the highlighted point with its label.
struct LineChartRenderer {
    let chart: LineChart
    let context: DrawingContext
    let theme: Theme
    /// The layout and the reduced line, from an earlier drawing of this chart in this format.
    let sketch: ChartSketch

    func draw() {
        if !sketch.holds(scale: context.deviceScale) {
            sketch.deviceScale = context.deviceScale
            sketch.lineLayout = nil
            sketch.reducedLine = nil
        }
        let layout =
            sketch.lineLayout
            ?? LineChartLayout(chart: chart) { text, size, weight in
                context.setFont(size: size, weight: weight)
                return context.measure(text).advance
            }
        sketch.lineLayout = layout
        PlotFrame.drawHeader(title: layout.title, axisLabel: chart.axisLabel, in: context, theme: theme)
        guard !chart.points.isEmpty else {
            return PlotFrame.drawEmpty(
                layout.plot, saying: chart.conventions.words["charts.line.noDaysDrawn"], in: context, theme: theme)
        }
        drawBands(layout)
        drawGrid(layout)
        drawDateAxis(layout)
        drawMarkerLines(layout)
        drawSeries(layout)
        drawMarkerLabels(layout)
        drawHighlight(layout)
    }

    /// The bands behind the line, each from halfway after the span before to halfway before the
    /// next, faint enough that grid and line read over them.
    private func drawBands(_ layout: LineChartLayout) {
        guard let spans = chart.bands?.sorted(by: { $0.day < $1.day }), !spans.isEmpty else { return }
        let plot = layout.plot
        let domain = layout.xDomain
        func x(_ day: Double) -> Double {
            plot.minX + (day - domain.lowerBound) / (domain.upperBound - domain.lowerBound) * plot.width
        }
        // Spans of one band side by side are one stretch: shaded and named once.
        var stretches: [(band: Int, name: String, left: Double, right: Double)] = []
        for (index, span) in spans.enumerated() {
            let left = index == 0 ? plot.minX : x((Double(spans[index - 1].day) + Double(span.day)) / 2)
            let right = index == spans.count - 1 ? plot.maxX : x((Double(span.day) + Double(spans[index + 1].day)) / 2)
            if let last = stretches.last, last.band == span.band {
                stretches[stretches.count - 1].right = right
            } else {
                stretches.append((span.band, span.name, left, right))
            }
        }
        context.setFont(size: LineChartLayout.labelFontSize - 2, weight: .bold)
        for stretch in stretches where theme.bands.indices.contains(stretch.band) && stretch.right > stretch.left {
            let colour = theme.bands[stretch.band]
            context.setColor(theme.bandShades[stretch.band])
            context.newPath()
            context.rectangle(
                Rect(x: stretch.left, y: plot.minY, width: stretch.right - stretch.left, height: plot.height))
            context.fill()
            guard context.measure(stretch.name).advance + 12 <= stretch.right - stretch.left else { continue }
            context.setColor(colour)
            context.drawText(stretch.name, at: Point(x: stretch.left + 6, y: plot.minY + 16))
        }
    }

    /// Horizontal grid lines at the y ticks with their labels, and the baseline.
    private func drawGrid(_ layout: LineChartLayout) {
        layout.axes.drawGrid(in: context, theme: theme, numbers: chart.conventions.numbers)
    }

    /// Short tick marks under the baseline and the date labels.
    private func drawDateAxis(_ layout: LineChartLayout) {
        layout.axes.drawDateAxis(in: context, theme: theme)
    }

    /// The line through consecutive recorded days, then a dot on each when there is room.
    private func drawSeries(_ layout: LineChartLayout) {
        let positions = layout.positions
        guard let first = positions.first else { return }
        context.setColor(theme.accent)
        if positions.count > 1 {
            let line =
                chart.reducesDenseLines
                ? sketch.reducedLine ?? ColumnReduction.reduce(positions, columnsPerUnit: context.deviceScale)
                : positions
            if chart.reducesDenseLines { sketch.reducedLine = line }
            context.setLineWidth(layout.lineWidth)
            context.setLineJoin(.round)
            context.setLineCap(.round)
            context.newPath()
            context.move(to: first)
            for point in line.dropFirst() { context.line(to: point) }
            context.stroke()
        }
        // A lone point always gets a dot: without one it would not show at all.
        let radius = positions.count == 1 ? 5 : layout.dotRadius
        guard radius > 0 else { return }
        context.setLineWidth(1.5)
        for point in positions {
            context.newPath()
            context.circle(center: point, radius: radius)
            context.setColor(theme.accent)
            context.fillPreserve()
            context.setColor(theme.background)
            context.stroke()
        }
    }

    /// A ring around the highlighted point, and its label: beside the point in a gap in the
    /// data, or in the header led by a small copy of the ring. The label never covers the line.
    private func drawHighlight(_ layout: LineChartLayout) {
        guard let point = layout.highlightPoint, let label = layout.highlightLabel,
            let rect = layout.highlightLabelRect,
            let spot = layout.highlightLabelSpot
        else { return }
        context.newPath()
        context.circle(center: point, radius: LineChartLayout.highlightRadius + 2)
        context.setColor(theme.background)
        context.fill()
        context.newPath()
        context.circle(center: point, radius: LineChartLayout.highlightRadius)
        context.setColor(theme.highlight)
        context.setLineWidth(2.5)
        context.stroke()
        context.circle(center: point, radius: 3.5)
        context.fill()

        PlotFrame.drawLabelBox(rect, in: context, theme: theme)
        guard spot.isInHeader else {
            context.drawText(label, at: Point(x: rect.midX, y: rect.midY), anchor: .middle, baseline: .middle)
            return
        }
        let marker = Point(
            x: rect.minX + LineChartLayout.highlightLabelPadding + LineChartLayout.highlightMarkerRadius,
            y: rect.midY)
        context.newPath()
        context.circle(center: marker, radius: LineChartLayout.highlightMarkerRadius)
        context.setLineWidth(2)
        context.stroke()
        context.newPath()
        context.circle(center: marker, radius: 1.75)
        context.fill()
        context.drawText(
            label,
            at: Point(
                x: rect.minX + LineChartLayout.highlightLabelPadding + LineChartLayout.highlightMarkerWidth,
                y: rect.midY), anchor: .start, baseline: .middle)
    }

    /// The centre of a pixel row or column, so 1 px lines are sharp at 1× and 2×.
    static func crisp(_ value: Double) -> Double {
        value.rounded(.down) + 0.5
    }
}
