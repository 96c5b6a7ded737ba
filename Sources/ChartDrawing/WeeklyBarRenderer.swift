import Canvas
import Charts
import Graphics

/// Draws a `WeeklyBarChart` from its layout: title, axis label, grid, date axis, one bar per week
/// with training and the latest week's label. Bars are in the colour the line chart draws its
/// series in; the latest in the colour it marks its highlighted point with, so the two agree.
struct WeeklyBarRenderer {
    let chart: WeeklyBarChart
    let context: DrawingContext
    let theme: Theme

    func draw() {
        let layout = WeeklyBarLayout(chart: chart) { text, size, weight in
            context.setFont(size: size, weight: weight)
            return context.measure(text).advance
        }
        PlotFrame.drawHeader(title: layout.title, axisLabel: chart.axisLabel, in: context, theme: theme)
        // Callers make no chart without bars; one drawn anyway says so instead of an empty grid.
        guard !chart.bars.isEmpty else {
            return PlotFrame.drawEmpty(
                layout.plot, saying: chart.conventions.words["charts.weeklyBars.noWeeksDrawn"], in: context,
                theme: theme)
        }
        layout.axes.drawGrid(in: context, theme: theme, numbers: chart.conventions.numbers)
        layout.axes.drawDateAxis(in: context, theme: theme)
        drawBars(layout)
        drawLatestLabel(layout)
    }

    /// The bars in one path, so bars that touch (five years on a phone) fill as one area with no
    /// seams where their antialiased edges meet; the latest on top in the highlight colour.
    private func drawBars(_ layout: WeeklyBarLayout) {
        context.setColor(theme.accent)
        context.newPath()
        for rect in layout.bars.dropLast() { context.rectangle(rect) }
        context.fill()
        guard let latest = layout.bars.last else { return }
        context.setColor(theme.highlight)
        context.newPath()
        context.rectangle(latest)
        context.fill()
    }

    /// The latest week's value in a box like the line chart's highlight label: over its bar, or in
    /// the header led by a small bar that ties it to the marked one.
    private func drawLatestLabel(_ layout: WeeklyBarLayout) {
        guard let label = layout.latestLabel, let rect = layout.latestLabelRect, let spot = layout.latestLabelSpot
        else { return }
        PlotFrame.drawLabelBox(rect, in: context, theme: theme)
        guard spot.isInHeader else {
            context.drawText(label, at: Point(x: rect.midX, y: rect.midY), anchor: .middle, baseline: .middle)
            return
        }
        let side = WeeklyBarLayout.markerSide
        context.newPath()
        context.rectangle(
            Rect(
                x: rect.minX + LineChartLayout.highlightLabelPadding, y: rect.midY - side / 2, width: side, height: side
            ))
        context.fill()
        context.drawText(
            label,
            at: Point(
                x: rect.minX + LineChartLayout.highlightLabelPadding + LineChartLayout.highlightMarkerWidth,
                y: rect.midY), anchor: .start, baseline: .middle)
    }
}
