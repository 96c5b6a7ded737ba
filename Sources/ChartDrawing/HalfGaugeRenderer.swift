import Canvas
import Charts
import Graphics
import Localization

/// Draws a `HalfGauge`: the track, the arc filled by the percentage in a colour that says how
/// healthy it is, and the figure with its caption under the arc's middle.
struct HalfGaugeRenderer {
    let chart: HalfGauge
    let context: DrawingContext
    let theme: Theme

    /// Low use reads as healthy, heavy use as a warning sign.
    var colour: Color {
        guard let percent = chart.percent else { return theme.track }
        if percent < 30 { return theme.good }
        if percent < 75 { return theme.warning }
        return theme.bad
    }

    func draw() {
        let size = chart.size
        let thickness = size.height * 0.13
        let center = Point(x: size.width / 2, y: size.height - thickness / 2 - 4)
        let radius = min(size.width / 2 - thickness / 2 - 4, center.y - thickness / 2 - 4)

        context.setLineCap(.round)
        context.setLineWidth(thickness)
        context.setColor(theme.track)
        context.newPath()
        context.arc(center: center, radius: radius, start: .pi, end: 2 * .pi)
        context.stroke()
        if chart.fill > 0 {
            context.setColor(colour)
            context.newPath()
            context.arc(center: center, radius: radius, start: .pi, end: .pi + .pi * chart.fill)
            context.stroke()
        }

        context.setColor(theme.text)
        context.setFont(size: radius * 0.42, weight: .bold)
        let figure =
            chart.percent.map {
                chart.conventions.numbers.withPercentSign(HalfGauge.format($0, chart.conventions.numbers))
            } ?? NumberText.missing
        context.drawText(
            figure, at: Point(x: center.x, y: center.y - radius * 0.28), anchor: .middle, baseline: .alphabetic)
        context.setColor(theme.mutedText)
        context.setFont(size: radius * 0.17)
        context.drawText(
            chart.percent == nil ? chart.conventions.words["charts.halfGauge.noData"] : chart.caption,
            at: Point(x: center.x, y: center.y), anchor: .middle,
            baseline: .alphabetic)
    }
}
