import Canvas
import Charts
import Graphics

/// The day markers of a `LineChart`: a dashed line across the plot at each marked day, and its
/// label in a small box beside it, clear of the line where there is room.
extension LineChartRenderer {
    static let markerFontSize = LineChartLayout.labelFontSize - 2
    static let markerLabelHeight = 20.0
    static let markerLabelPadding = 6.0
    /// The band names sit in the plot's top row; marker labels go under them or at the bottom.
    static let markerTopRow = 26.0

    func drawMarkerLines(_ layout: LineChartLayout) {
        guard let markers = chart.markers, !markers.isEmpty else { return }
        context.setColor(theme.mutedText)
        context.setLineWidth(1.5)
        context.setDash([5, 4])
        for marker in markers {
            let x = Self.crisp(layout.x(ofDay: Double(marker.day)))
            context.newPath()
            context.move(to: Point(x: x, y: layout.plot.minY))
            context.line(to: Point(x: x, y: layout.plot.maxY))
            context.stroke()
        }
        context.setDash([])
    }

    func drawMarkerLabels(_ layout: LineChartLayout) {
        guard let markers = chart.markers, !markers.isEmpty else { return }
        context.setFont(size: Self.markerFontSize, weight: .bold)
        for marker in markers {
            let x = layout.x(ofDay: Double(marker.day))
            let size = Size(
                width: context.measure(marker.label).advance + 2 * Self.markerLabelPadding,
                height: Self.markerLabelHeight)
            guard let rect = Self.markerLabelRect(size, at: x, plot: layout.plot, avoiding: layout.positions)
            else { continue }
            context.newPath()
            context.roundedRectangle(rect, radius: 4)
            context.setColor(theme.background.withAlpha(0.92))
            context.fillPreserve()
            context.setColor(theme.mutedText.withAlpha(0.6))
            context.setLineWidth(1)
            context.stroke()
            context.setColor(theme.text)
            context.drawText(
                marker.label, at: Point(x: rect.midX, y: rect.midY), anchor: .middle, baseline: .middle)
        }
    }

    /// The label's box: right of the line, else left of it, under the band names, else at the
    /// bottom of the plot; the first inside the plot and clear of the line, else the first inside
    /// it; nil when it fits nowhere.
    static func markerLabelRect(_ size: Size, at x: Double, plot: Rect, avoiding line: [Point]) -> Rect? {
        let lefts = [x + 5, x - 5 - size.width]
        let tops = [plot.minY + markerTopRow, plot.maxY - 6 - size.height]
        let candidates = tops.flatMap { y in lefts.map { Rect(x: $0, y: y, width: size.width, height: size.height) } }
            .filter { LabelPlacement.contains(plot, $0) }
        return candidates.first { LabelPlacement.isClear($0, of: line, margin: 4) } ?? candidates.first
    }
}

extension LineChartLayout {
    /// Where a day falls across the plot.
    func x(ofDay day: Double) -> Double {
        plot.minX + (day - xDomain.lowerBound) / (xDomain.upperBound - xDomain.lowerBound) * plot.width
    }
}
