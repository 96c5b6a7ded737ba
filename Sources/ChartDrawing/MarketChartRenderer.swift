import Canvas
import Charts
import Graphics
import Localization

/// Lays out and draws a `MarketChart`: runner labels in a measured column, bars on a shared
/// percentage scale, the percentage and odds at each bar's end.
struct MarketChartRenderer {
    let chart: MarketChart
    let context: DrawingContext
    let theme: Theme

    static let titleFontSize = 18.0
    static let labelFontSize = 15.0
    static let valueFontSize = 14.0
    static let scaleFontSize = 13.0
    static let leftMargin = 16.0
    static let rightMargin = 20.0
    static let titleBaseline = 30.0
    static let barHeight = 20.0
    /// The runner column never takes more than this share of the width.
    static let labelColumnShare = 0.38

    private func measure(_ text: String, _ size: Double, _ weight: FontWeight = .regular) -> Double {
        context.setFont(size: size, weight: weight)
        return context.measure(text).advance
    }

    func draw() {
        let width = chart.size.width
        context.setColor(theme.text)
        context.setFont(size: Self.titleFontSize, weight: .bold)
        let title = TextFitting.truncate(chart.title, toWidth: width - Self.leftMargin - Self.rightMargin) {
            measure($0, Self.titleFontSize, .bold)
        }
        context.setColor(theme.text)
        context.setFont(size: Self.titleFontSize, weight: .bold)
        context.drawText(title, at: Point(x: Self.leftMargin, y: Self.titleBaseline))

        let rowsTop = MarketChart.headerHeight
        guard !chart.entries.isEmpty else {
            context.setColor(theme.mutedText)
            context.setFont(size: Self.labelFontSize)
            context.drawText(
                chart.conventions.words["market.noneDrawn"],
                at: Point(x: Self.leftMargin, y: rowsTop + MarketChart.rowHeight / 2), baseline: .middle)
            return
        }

        // Columns: runner labels, then bars, then room for the widest value text.
        let favourite = chart.favouriteIndex
        let widestLabel =
            chart.entries.indices.map {
                measure(chart.entries[$0].label, Self.labelFontSize, $0 == favourite ? .bold : .regular)
            }.max() ?? 0
        let labelColumn = min(widestLabel, (width * Self.labelColumnShare).rounded())
        let barStart = Self.leftMargin + labelColumn + 16
        let widestValue =
            chart.entries.map { entry in
                entry.shownProbability.map { valueWidth(entry, $0) } ?? 0
            }.max() ?? 0
        let barSpace = max(40, width - Self.rightMargin - barStart - widestValue - 10)

        let largest = chart.entries.flatMap { [$0.shownProbability, $0.movedOpening].compactMap { $0 } }.max() ?? 0
        let scale = NiceScale(
            covering: [0, max(largest, 0.01)], maximumIntervals: max(2, Int(barSpace / 90)), headroom: 0)
        let barLength = { (share: Double) in share / scale.upper * barSpace }
        let rowsBottom = rowsTop + Double(chart.entries.count) * MarketChart.rowHeight

        drawScale(scale, barStart: barStart, barLength: barLength, top: rowsTop, bottom: rowsBottom)
        if chart.showsOpening { drawOpeningKey(room: barStart - Self.leftMargin - 16) }

        for (index, entry) in chart.entries.enumerated() {
            let middle = rowsTop + (Double(index) + 0.5) * MarketChart.rowHeight
            let isFavourite = index == favourite
            let label = TextFitting.truncate(entry.label, toWidth: labelColumn) {
                measure($0, Self.labelFontSize, isFavourite ? .bold : .regular)
            }
            context.setColor(entry.shownProbability == nil ? theme.mutedText : theme.text)
            context.setFont(size: Self.labelFontSize, weight: isFavourite ? .bold : .regular)
            context.drawText(label, at: Point(x: Self.leftMargin, y: middle), baseline: .middle)

            guard let share = entry.shownProbability else {
                drawUnpriced(entry, start: barStart + 8, middle: middle, width: width)
                continue
            }
            let length = share > 0 ? max(3, barLength(share)) : 0
            if length > 0 {
                context.setColor(isFavourite ? theme.accent : theme.accent.withAlpha(0.5))
                context.roundedRectangle(
                    Rect(x: barStart, y: middle - Self.barHeight / 2, width: length, height: Self.barHeight),
                    radius: 3)
                context.fill()
            }
            var valueStart = barStart + length + 8
            if let opening = entry.movedOpening {
                let x = barStart + barLength(opening)
                drawOpeningMark(x: x, middle: middle)
                valueStart = max(valueStart, x + 10)
            }
            drawValue(entry, share, at: Point(x: valueStart, y: middle))
        }
    }

    /// An unpriced runner's row: its odds, muted, where its bar would start.
    private func drawUnpriced(_ entry: MarketEntry, start: Double, middle: Double, width: Double) {
        let text = TextFitting.truncate(
            entry.odds.isEmpty
                ? chart.conventions.words["market.unpriced"]
                : chart.conventions.words.text("market.unpricedOdds", ["odds": entry.odds]),
            toWidth: width - Self.rightMargin - start
        ) { measure($0, Self.valueFontSize) }
        knockOut(x: start, width: measure(text, Self.valueFontSize), middle: middle)
        context.setColor(theme.mutedText)
        context.setFont(size: Self.valueFontSize)
        context.drawText(text, at: Point(x: start, y: middle), baseline: .middle)
    }

    /// The opening price's mark: a short upright line across the bar's row (`reach` above and
    /// below its middle).
    private func drawOpeningMark(x: Double, middle: Double, reach: Double = Self.barHeight / 2 + 4) {
        context.setColor(theme.text)
        context.setLineWidth(2)
        context.newPath()
        context.move(to: Point(x: LineChartRenderer.crisp(x), y: middle - reach))
        context.line(to: Point(x: LineChartRenderer.crisp(x), y: middle + reach))
        context.stroke()
    }

    /// `| opening price` under the title, above the runners' labels (`room` wide, so it never
    /// meets the scale's labels), saying what the marks are.
    private func drawOpeningKey(room: Double) {
        let text = chart.conventions.words["market.openingKey"]
        drawOpeningMark(x: Self.leftMargin + 1, middle: 52, reach: 6)
        let shown = TextFitting.truncate(text, toWidth: max(0, room - 8)) { measure($0, Self.scaleFontSize) }
        context.setColor(theme.mutedText)
        context.setFont(size: Self.scaleFontSize)
        context.drawText(shown, at: Point(x: Self.leftMargin + 8, y: 52), baseline: .middle)
    }

    /// Faint vertical lines at the scale's ticks, labelled in percent above the first row.
    private func drawScale(
        _ scale: NiceScale, barStart: Double, barLength: (Double) -> Double, top: Double, bottom: Double
    ) {
        context.setLineWidth(1)
        context.setFont(size: Self.scaleFontSize)
        for tick in scale.ticks {
            let x = LineChartRenderer.crisp(barStart + barLength(tick))
            context.setColor(tick == 0 ? theme.mutedText.withAlpha(0.55) : theme.grid)
            context.newPath()
            context.move(to: Point(x: x, y: top - 4))
            context.line(to: Point(x: x, y: bottom))
            context.stroke()
            context.setColor(theme.mutedText)
            context.drawText(
                chart.conventions.numbers.percent(share: tick), at: Point(x: x, y: top - 12),
                anchor: tick == 0 ? .start : .middle)
        }
    }

    /// `38.1%` in bold, then the odds in muted text.
    private func valueWidth(_ entry: MarketEntry, _ share: Double) -> Double {
        let percent = measure(chart.conventions.numbers.percent(share: share), Self.valueFontSize, .bold)
        return entry.odds.isEmpty ? percent : percent + 8 + measure(entry.odds, Self.valueFontSize)
    }

    /// Clears the grid behind a text so lines never run through it.
    private func knockOut(x: Double, width: Double, middle: Double) {
        context.setColor(theme.background)
        context.rectangle(Rect(x: x - 4, y: middle - 10, width: width + 8, height: 20))
        context.fill()
    }

    private func drawValue(_ entry: MarketEntry, _ share: Double, at point: Point) {
        let percent = chart.conventions.numbers.percent(share: share)
        knockOut(x: point.x, width: valueWidth(entry, share), middle: point.y)
        context.setColor(theme.text)
        context.setFont(size: Self.valueFontSize, weight: .bold)
        context.drawText(percent, at: point, baseline: .middle)
        guard !entry.odds.isEmpty else { return }
        let offset = context.measure(percent).advance + 8
        context.setColor(theme.mutedText)
        context.setFont(size: Self.valueFontSize)
        context.drawText(entry.odds, at: Point(x: point.x + offset, y: point.y), baseline: .middle)
    }
}
