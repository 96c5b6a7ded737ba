import TextStyle
import Foundation
import Canvas

/// A chart as a value: everything needed to draw it, and the sentence that says what it shows.
///
/// Specs are plain data so the presenter can build them without Cairo, and the renderer can draw
/// any chart in any theme and format, in any order, with the same bytes out.
public protocol Chart: Sendable, Encodable {
    /// The drawing size in chart pixels (CSS pixels on the page).
    var size: Size { get }
    /// A short title, used for the SVG `<title>`.
    var title: String { get }
    /// The data in words, used for the SVG `<desc>` and the `<img alt>`.
    var summary: String { get }
    /// Draws the chart; the background is already painted.
    func draw(in context: DrawingContext, theme: Theme) throws
    /// Draws the chart keeping in `sketch` what does not depend on the theme (its layout), so
    /// the same chart drawn at the same size and format in another theme works it out once.
    func draw(in context: DrawingContext, theme: Theme, sketch: ChartSketch) throws
}

extension Chart {
    public func draw(in context: DrawingContext, theme: Theme, sketch: ChartSketch) throws {
        try draw(in: context, theme: theme)
    }
}

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

/// Renders chart specs to files.
public enum ChartRenderer {
    /// One chart in one theme and format, with the theme's background painted first.
    public static func render(
        _ chart: any Chart, theme: Theme, format: OutputFormat,
        encoder: PNGEncoder = .standard
    ) throws -> [UInt8] {
        try render(chart, themes: [theme], format: format, encoder: encoder)[0]
    }

    /// One chart in each of `themes`, in one format: the layout is worked out once, for the first.
    public static func render(
        _ chart: any Chart, themes: [Theme], format: OutputFormat,
        encoder: PNGEncoder = .standard
    ) throws -> [[UInt8]] {
        // Only vector files carry a title and description; a PNG needs no sentence made for it.
        let info: DocumentInfo
        if case .png = format {
            info = DocumentInfo(title: chart.title, description: "")
        } else {
            info = DocumentInfo(title: chart.title, description: chart.summary)
        }
        let sketch = ChartSketch()
        return try themes.map { theme in
            try Canvas.render(size: chart.size, format: format, info: info, encoder: encoder) { context in
                context.paint(theme.background)
                try chart.draw(in: context, theme: theme, sketch: sketch)
            }
        }
    }

    /// One chart in one theme drawn to pixels at `scale`, not yet encoded (for measuring encoders).
    public static func raster(_ chart: any Chart, theme: Theme, scale: Double) throws -> RasterImage {
        try Canvas.raster(size: chart.size, scale: scale) { context in
            context.paint(theme.background)
            try chart.draw(in: context, theme: theme)
        }
    }
}

extension ChartRenderer {
    /// Changes whenever drawing code changes what any chart's files contain: cached files drawn
    /// by older code then no longer match any key. Raise it with every change under Charts/ or
    /// Canvas/ that moves a pixel or a byte.
    public static let drawingVersion = "2026-11-24.2"

    /// The bytes that, with the theme and format, decide a chart's files: its type and its spec.
    public static func keyBytes(_ chart: any Chart) throws -> [UInt8] {
        // The labels follow the readers' conventions; the default's keys stay as they were.
        let conventions = TextConventions.current == .standard ? "" : "conventions \(TextConventions.current)\n"
        return Array("\(drawingVersion) \(type(of: chart))\n\(conventions)".utf8) + (try ChartKeyEncoder.bytes(chart))
    }
}
