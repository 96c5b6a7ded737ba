import Canvas
import Charts
import Graphics

/// Draws a `BandBar`: one rounded segment per band, named under it, the current band in full
/// colour and bold with a "You" marker above it.
struct BandBarRenderer {
    let chart: BandBar
    let context: DrawingContext
    let theme: Theme

    func draw() {
        let bandNames = chart.bandNames
        let current = chart.current
        let size = chart.size
        guard !bandNames.isEmpty else { return }
        let margin = 8.0
        let gap = 4.0
        let barTop = size.height * 0.36
        let barHeight = size.height * 0.2
        let segment = (size.width - 2 * margin - gap * Double(bandNames.count - 1)) / Double(bandNames.count)
        var labelSize = min(15, segment / 5.6)
        // A name too wide for its segment (another language's, such as "Ausgezeichnet") makes every
        // name smaller, so none runs into its neighbour or off the chart.
        let room = segment + gap
        let widest =
            bandNames.map { name -> Double in
                context.setFont(size: labelSize, weight: .bold)
                return context.measure(name).advance
            }.max() ?? 0
        if widest > room { labelSize *= room / widest }

        for (index, name) in bandNames.enumerated() {
            let x = margin + Double(index) * (segment + gap)
            let isCurrent = index == current
            context.setColor(theme.bands[index % theme.bands.count].withAlpha(current == nil || isCurrent ? 1 : 0.45))
            context.roundedRectangle(Rect(x: x, y: barTop, width: segment, height: barHeight), radius: barHeight / 2)
            context.fill()
            context.setColor(isCurrent ? theme.text : theme.mutedText)
            context.setFont(size: labelSize, weight: isCurrent ? .bold : .regular)
            context.drawText(
                name, at: Point(x: x + segment / 2, y: barTop + barHeight + labelSize * 1.5), anchor: .middle)
        }

        guard let current, bandNames.indices.contains(current) else { return }
        let markerX = margin + Double(current) * (segment + gap) + segment / 2
        let tip = barTop - 4
        context.setColor(theme.text)
        context.newPath()
        context.move(to: Point(x: markerX, y: tip))
        context.line(to: Point(x: markerX - 7, y: tip - 10))
        context.line(to: Point(x: markerX + 7, y: tip - 10))
        context.closePath()
        context.fill()
        context.setFont(size: labelSize, weight: .bold)
        context.drawText(
            chart.conventions.words["charts.bandBar.you"], at: Point(x: markerX, y: tip - 14), anchor: .middle)
    }
}
