import Graphics

/// What a chart works out before it draws that no theme changes, for one format at one device
/// scale: kept between the drawings of one chart in several themes.
public final class ChartSketch: @unchecked Sendable {
    var deviceScale: Double?
    var lineLayout: LineChartLayout?
    var reducedLine: [Point]?

    public init() {}

    /// Whether what is kept was worked out at `scale` (a sketch serves one format only).
    func holds(scale: Double) -> Bool { deviceScale == scale }
}
