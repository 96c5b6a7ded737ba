import Canvas
import Charts

extension Chart {
    /// Draws the chart through its kind's renderer; the background is already painted. What does
    /// not depend on the theme (a line chart's layout) is kept in `sketch`, so the same chart
    /// drawn at the same size and format in another theme works it out once.
    public func draw(in context: DrawingContext, theme: Theme, sketch: ChartSketch = ChartSketch()) {
        switch figure {
        case .line(let chart):
            LineChartRenderer(chart: chart, context: context, theme: theme, sketch: sketch).draw()
        case .market(let chart):
            MarketChartRenderer(chart: chart, context: context, theme: theme).draw()
        case .scoreGauge(let chart):
            ScoreGaugeRenderer(chart: chart, context: context, theme: theme).draw()
        case .halfGauge(let chart):
            HalfGaugeRenderer(chart: chart, context: context, theme: theme).draw()
        case .bandBar(let chart):
            BandBarRenderer(chart: chart, context: context, theme: theme).draw()
        case .weeklyBars(let chart):
            WeeklyBarRenderer(chart: chart, context: context, theme: theme).draw()
        }
    }
}
