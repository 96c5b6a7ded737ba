import Canvas
import Charts
import GazetteCore

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
                chart.draw(in: context, theme: theme, sketch: sketch)
            }
        }
    }

    /// One chart in one theme drawn to pixels at `scale`, not yet encoded (for measuring encoders).
    public static func raster(_ chart: any Chart, theme: Theme, scale: Double) throws -> RasterImage {
        try Canvas.raster(size: chart.size, scale: scale) { context in
            context.paint(theme.background)
            chart.draw(in: context, theme: theme)
        }
    }
}

extension ChartRenderer {
    /// Changes whenever drawing code changes what any chart's files contain: cached files drawn
    /// by older code then no longer match any key. Raise it with every change under Charts/,
    /// ChartDrawing/ or Canvas/ that moves a pixel or a byte.
    public static let drawingVersion = "2026-11-28.1"

    /// The bytes that, with the theme and format, decide a chart's files: its type, the readers'
    /// conventions its labels follow, and its spec.
    public static func keyBytes(_ chart: any Chart) throws -> [UInt8] {
        // The default conventions add no line, so the default's keys stay as they were.
        let conventions =
            chart.conventions == .standard ? "" : CanonicalKey.text("conventions", chart.conventions) + "\n"
        return Array("\(drawingVersion) \(chart.figure.tag)\n\(conventions)".utf8) + (try ChartKeyEncoder.bytes(chart))
    }
}
