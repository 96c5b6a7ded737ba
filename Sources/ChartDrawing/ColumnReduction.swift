import Graphics

/// Reduces a dense line to the points that decide its pixels, before it is drawn.
///
/// The rule (M4, Jugel et al., "M4: A Visualization-Oriented Time Series Data Aggregation",
/// VLDB 2014): points are grouped by the device-pixel column their x falls in, and each column
/// keeps only its first and last point and the points with the lowest and highest y, in their
/// original order. A line through those points crosses every column at the same first, last,
/// lowest and highest rows as the line through all of them, so the rasterised line is the same
/// up to anti-aliasing at the joins. It applies only when there are more points than columns;
/// the data tables and `report.json` keep every point.
enum ColumnReduction {
    /// `points` in x order; `columnsPerUnit` device pixels per chart pixel (1 for SVG).
    static func reduce(_ points: [Point], columnsPerUnit: Double) -> [Point] {
        guard let first = points.first, let last = points.last, columnsPerUnit > 0 else { return points }
        let columns = ((last.x - first.x) * columnsPerUnit).rounded(.up) + 1
        guard Double(points.count) > columns else { return points }
        var kept: [Point] = []
        kept.reserveCapacity(Int(columns) * 4)
        var start = 0
        while start < points.count {
            let column = (points[start].x * columnsPerUnit).rounded(.down)
            var end = start
            var lowest = start, highest = start
            while end + 1 < points.count, (points[end + 1].x * columnsPerUnit).rounded(.down) == column {
                end += 1
                if points[end].y < points[lowest].y { lowest = end }
                if points[end].y > points[highest].y { highest = end }
            }
            // The four indices in order, each once (no array per column: this runs for every
            // column of every chart).
            var previous = -1
            func keep(_ index: Int) {
                guard index > previous else { return }
                kept.append(points[index])
                previous = index
            }
            keep(start)
            keep(min(lowest, highest))
            keep(max(lowest, highest))
            keep(end)
            start = end + 1
        }
        return kept
    }
}
