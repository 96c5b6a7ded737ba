import Canvas
import Charts
import Graphics

/// Draws a `ScoreGauge`: the track, the filled arc in the band's colour, and the score in words
/// and figures in the middle.
struct ScoreGaugeRenderer {
    let chart: ScoreGauge
    let context: DrawingContext
    let theme: Theme

    func draw() {
        let size = chart.size
        let thickness = min(size.width, size.height) * 0.075
        let radius = min(size.width, size.height * 1.05) / 2 - thickness
        let center = Point(x: size.width / 2, y: size.height / 2 + thickness * 0.3)
        let (start, end, fillEnd) = chart.angles
        let colour = chart.band.map { theme.bands[min(max($0, 0), theme.bands.count - 1)] } ?? theme.accent

        context.setLineCap(.round)
        context.setLineWidth(thickness)
        context.setColor(theme.track)
        context.newPath()
        context.arc(center: center, radius: radius, start: start, end: end)
        context.stroke()
        if chart.fill > 0 {
            context.setColor(colour)
            context.newPath()
            context.arc(center: center, radius: radius, start: start, end: fillEnd)
            context.stroke()
        }

        context.setColor(theme.mutedText)
        context.setFont(size: radius * 0.13)
        context.drawText(
            chart.conventions.words["charts.scoreGauge.yourScore"], at: Point(x: center.x, y: center.y - radius * 0.38),
            anchor: .middle, baseline: .middle)
        context.setColor(colour)
        context.setFont(size: radius * 0.5, weight: .bold)
        context.drawText(
            String(chart.score), at: Point(x: center.x, y: center.y + radius * 0.02), anchor: .middle,
            baseline: .middle)
        context.setColor(theme.mutedText)
        context.setFont(size: radius * 0.13)
        context.drawText(
            chart.conventions.words.text("charts.scoreGauge.outOf", ["maximum": String(chart.maximum)]),
            at: Point(x: center.x, y: center.y + radius * 0.42),
            anchor: .middle, baseline: .middle)
    }
}
