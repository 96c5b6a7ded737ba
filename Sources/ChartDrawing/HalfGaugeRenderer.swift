import Canvas
import Charts
import Foundation
import Graphics
import Localization

/// Draws a `HalfGauge`: the track, the arc filled by the percentage in a colour that says how
/// healthy it is, the marks with their labels outside the ring, and the figure with its caption
/// under the arc's middle.
struct HalfGaugeRenderer {
    let chart: HalfGauge
    let context: DrawingContext
    let theme: Theme

    /// How far a mark's tick reaches past the ring, and the gap between it and its label.
    static let tickReach = 4.0
    static let labelGap = 2.0
    /// The least space kept between a label and the chart's edge.
    static let edge = 2.0

    /// Low use reads as healthy, heavy use as a warning sign. 30 % itself meets the usual
    /// guideline (`UtilisationGuideline`), so it is drawn as healthy.
    var colour: Color {
        guard let percent = chart.percent else { return theme.track }
        if percent <= 30 { return theme.good }
        if percent < 75 { return theme.warning }
        return theme.bad
    }

    /// The marks' label size: small beside the figure, never under 10 px.
    var markFontSize: Double { max(10, chart.size.height * 0.075) }

    func draw() {
        let size = chart.size
        let thickness = size.height * 0.13
        let center = Point(x: size.width / 2, y: size.height - thickness / 2 - 4)
        let fullRadius = min(size.width / 2 - thickness / 2 - 4, center.y - thickness / 2 - 4)
        let radius = min(fullRadius, markedRadius(center: center, thickness: thickness))

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
        drawMarks(center: center, radius: radius, thickness: thickness)

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

    /// A mark's direction from the centre: left at 0 %, up at 50 %, right at 100 %.
    private static func direction(_ mark: GaugeMark) -> (x: Double, y: Double) {
        let angle = Double.pi + Double.pi * min(max(mark.percent / 100, 0), 1)
        return (cos(angle), sin(angle))
    }

    /// The label's size as drawn.
    private func labelSize(_ mark: GaugeMark) -> Size {
        context.setFont(size: markFontSize, weight: mark.isMain ? .bold : .regular)
        return Size(width: context.measure(mark.label).advance, height: markFontSize * 0.75)
    }

    /// How far from the ring's outer edge a label's centre sits so its box clears the tick.
    private func labelDistance(_ mark: GaugeMark, _ label: Size) -> Double {
        let (dx, dy) = Self.direction(mark)
        return Self.tickReach + Self.labelGap + label.width / 2 * abs(dx) + label.height / 2 * abs(dy)
    }

    /// The largest radius at which every mark's label stays inside the chart.
    private func markedRadius(center: Point, thickness: Double) -> Double {
        var radius = Double.infinity
        for mark in chart.marks ?? [] {
            let label = labelSize(mark)
            let (dx, dy) = Self.direction(mark)
            let reach = labelDistance(mark, label) + thickness / 2
            if abs(dx) > 0.01 {
                radius = min(radius, (center.x - Self.edge - label.width / 2) / abs(dx) - reach)
            }
            if abs(dy) > 0.01 {
                radius = min(radius, (center.y - Self.edge - label.height / 2) / abs(dy) - reach)
            }
        }
        return radius
    }

    /// Each mark: a tick across the ring and a little past it, and its label outside.
    private func drawMarks(center: Point, radius: Double, thickness: Double) {
        context.setLineCap(.butt)
        for mark in chart.marks ?? [] {
            let (dx, dy) = Self.direction(mark)
            let inner = radius - thickness / 2
            let outer = radius + thickness / 2 + Self.tickReach
            let ink = mark.isMain ? theme.text : theme.mutedText
            context.setColor(ink)
            context.setLineWidth(mark.isMain ? 2 : 1.25)
            context.newPath()
            context.move(to: Point(x: center.x + inner * dx, y: center.y + inner * dy))
            context.line(to: Point(x: center.x + outer * dx, y: center.y + outer * dy))
            context.stroke()
            let label = labelSize(mark)
            let distance = radius + thickness / 2 + labelDistance(mark, label)
            context.drawText(
                mark.label, at: Point(x: center.x + distance * dx, y: center.y + distance * dy), anchor: .middle,
                baseline: .middle)
        }
    }
}
