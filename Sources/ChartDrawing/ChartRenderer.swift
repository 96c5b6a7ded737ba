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

    /// One SVG of a chart in both colour schemes (`Theme.themed`), holding each of `layouts` (the
    /// same chart at other sizes, widest shape first) for the box it is shown in. Title and
    /// description are the first layout's.
    public static func themedSVG(_ layouts: [any Chart]) throws -> [UInt8] {
        guard let first = layouts.first else { return [] }
        let info = DocumentInfo(title: first.title, description: first.summary)
        return try Canvas.themedSVG(layouts: layouts.map { $0.size }, info: info, palette: Theme.themedColors) {
            index, context in
            context.paint(Theme.themed.background)
            layouts[index].draw(in: context, theme: .themed)
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
    public static let drawingVersion = "2026-12-02.t1"

    /// The bytes that, with the theme and format, decide a chart's files: its type, the readers'
    /// conventions its labels follow, and its spec.
    /// `version`: the drawing code's (`drawingVersion`; a test gives another to stand for an upgrade).
    public static func keyBytes(_ chart: any Chart, drawingVersion version: String = drawingVersion) throws -> [UInt8] {
        // The default conventions add no line, so the default's keys stay as they were.
        let conventions =
            chart.conventions == .standard ? "" : CanonicalKey.text("conventions", chart.conventions) + "\n"
        return Array("\(version) \(chart.figure.tag)\n\(conventions)".utf8) + (try ChartKeyEncoder.bytes(chart))
    }

    /// The bytes that say what a chart shows, for a message's identity: its type, the locale, time
    /// zone and language its labels follow, and its spec with every point. Unlike `keyBytes`,
    /// nothing of the code that draws it (`drawingVersion`) or of where its words came from (a
    /// theme's catalog, which `keyBytes` names by digest): an upgrade or a theme that gives back
    /// the built-in words leaves them as they are. Laid out as `keyBytes` was when messages were
    /// first named by their charts' data (`identityFormat` where the version stood), so the
    /// messages of that release keep their identities.
    public static func identityBytes(_ chart: any Chart) throws -> [UInt8] {
        let readers = chart.conventions
        let named = IdentityReaders(
            locale: readers.locale, timeZone: readers.timeZone,
            language: readers.words.language == "en" ? nil : readers.words.language)
        let standard = type(of: readers).standard
        let conventions =
            named == IdentityReaders(locale: standard.locale, timeZone: standard.timeZone, language: nil)
            ? "" : CanonicalKey.text("conventions", named) + "\n"
        return Array("\(identityFormat) \(chart.figure.tag)\n\(conventions)".utf8) + (try ChartKeyEncoder.bytes(chart))
    }

    /// Fixed for good: a message's identity never changes with the drawing code.
    static let identityFormat = "2026-11-28.1"

    /// The readers' conventions as a chart's identity names them: what `TextConventions` encodes,
    /// but the digest of a theme's own catalog.
    private struct IdentityReaders: Encodable, Equatable {
        var locale: String
        var timeZone: String
        var language: String?
    }
}
