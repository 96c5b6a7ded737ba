import Canvas
import Charts
import Graphics
import Localization

/// A plot's value grid and date axis, drawn alike under every chart over dates (the line chart
/// and the weekly bars), so they read as one family: grid lines at the value ticks with their
/// labels, the baseline, and the date ticks with their labels.
struct PlotAxes {
    let plot: Rect
    let yScale: NiceScale
    /// Days at the plot's left and right edges.
    let xDomain: ClosedRange<Double>
    let dateAxis: DateAxis

    /// The x of a day (fractions allowed).
    func x(_ day: Double) -> Double {
        plot.minX + (day - xDomain.lowerBound) / (xDomain.upperBound - xDomain.lowerBound) * plot.width
    }

    /// The y of a value.
    func y(_ value: Double) -> Double {
        plot.maxY - (value - yScale.lower) / (yScale.upper - yScale.lower) * plot.height
    }

    /// Horizontal grid lines at the y ticks with their labels, and the baseline.
    func drawGrid(in context: DrawingContext, theme: Theme, numbers: NumberText) {
        context.setLineWidth(1)
        context.setFont(size: LineChartLayout.labelFontSize)
        for tick in yScale.ticks {
            let y = y(tick)
            let isBaseline = tick == yScale.ticks.first
            context.setColor(isBaseline ? theme.mutedText.withAlpha(0.55) : theme.grid)
            context.newPath()
            context.move(to: Point(x: plot.minX, y: LineChartRenderer.crisp(y)))
            context.line(to: Point(x: plot.maxX, y: LineChartRenderer.crisp(y)))
            context.stroke()
            context.setColor(theme.mutedText)
            context.drawText(
                yScale.label(tick, numbers), at: Point(x: plot.minX - LineChartLayout.yLabelGap, y: y),
                anchor: .end, baseline: .middle)
        }
    }

    /// Short tick marks under the baseline and the date labels.
    func drawDateAxis(in context: DrawingContext, theme: Theme) {
        context.setFont(size: LineChartLayout.labelFontSize)
        context.setLineWidth(1)
        for tick in dateAxis.ticks {
            let x = x(Double(tick.day))
            context.setColor(theme.mutedText.withAlpha(0.55))
            context.newPath()
            context.move(to: Point(x: LineChartRenderer.crisp(x), y: plot.maxY.rounded(.down)))
            context.line(to: Point(x: LineChartRenderer.crisp(x), y: plot.maxY.rounded(.down) + 6))
            context.stroke()
            context.setColor(theme.mutedText)
            context.drawText(
                tick.label, at: Point(x: x, y: plot.maxY + LineChartLayout.dateLabelOffset), anchor: .middle)
            if let year = tick.yearLabel {
                context.drawText(year, at: Point(x: x, y: plot.maxY + LineChartLayout.yearLabelOffset), anchor: .middle)
            }
        }
    }
}
