import Canvas
import Charts
import Graphics

/// What the line chart and the weekly bar chart draw alike around their plot: the title and the
/// axis label above it, and, for a chart with nothing to plot, the plot's outline dashed with
/// the words that say so.
enum PlotFrame {
    static func drawHeader(title: String, axisLabel: String, in context: DrawingContext, theme: Theme) {
        context.setColor(theme.text)
        context.setFont(size: LineChartLayout.titleFontSize, weight: .bold)
        context.drawText(title, at: Point(x: LineChartLayout.sideMargin, y: LineChartLayout.titleBaseline))
        context.setColor(theme.mutedText)
        context.setFont(size: LineChartLayout.labelFontSize)
        context.drawText(axisLabel, at: Point(x: LineChartLayout.sideMargin, y: LineChartLayout.axisLabelBaseline))
    }

    static func drawEmpty(_ plot: Rect, saying words: String, in context: DrawingContext, theme: Theme) {
        context.setColor(theme.grid)
        context.setLineWidth(1)
        context.setDash([4, 4])
        context.roundedRectangle(
            Rect(
                x: LineChartRenderer.crisp(plot.minX), y: LineChartRenderer.crisp(plot.minY),
                width: plot.width.rounded(), height: plot.height.rounded()), radius: 6)
        context.stroke()
        context.setDash([])
        context.setColor(theme.mutedText)
        context.setFont(size: LineChartLayout.labelFontSize + 1)
        context.drawText(words, at: Point(x: plot.midX, y: plot.midY), anchor: .middle, baseline: .middle)
    }

    /// A highlight label's box (the line chart's best, the bars' latest week): rounded, the grid
    /// lines under it showing faintly, and the highlight's colour and font set for its text.
    static func drawLabelBox(_ rect: Rect, in context: DrawingContext, theme: Theme) {
        context.newPath()
        context.roundedRectangle(rect, radius: 5)
        context.setColor(theme.background.withAlpha(0.92))
        context.fillPreserve()
        context.setColor(theme.highlight.withAlpha(0.6))
        context.setLineWidth(1)
        context.stroke()
        context.setColor(theme.highlight)
        context.setFont(size: LineChartLayout.highlightFontSize, weight: .bold)
    }
}
