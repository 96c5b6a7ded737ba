import Canvas
import Reports

/// How a report page writes in a chart it alone shows (`ChartSpec.inline`): the drawing already
/// made into the build's scratch area, as an `<svg>` element with ids and classes of its own.
enum ChartInlining {
    /// Where an `<img>` of a two-layout chart takes its phone layout's shape: the media query of
    /// the `<source>` in `exercise-chart.mustache`, so the inline drawing switches where the file did.
    static let layoutMedia = ["(max-width: 40rem)"]

    /// Each inline chart's prefix by the path its pages name it by: `i1`, `i2`, … in the
    /// report's order of charts, so no two charts of a page share one, and short, since every id,
    /// class and reference of the drawing carries it.
    static func prefixes(_ charts: [ChartSpec]) -> [String: String] {
        var prefixes: [String: String] = [:]
        for chart in charts where chart.inline {
            let path = ChartImage(chart).src.path
            if prefixes[path] == nil { prefixes[path] = "i\(prefixes.count + 1)" }
        }
        return prefixes
    }

    /// The `<svg>` element for the drawing at `path` under `folder`, read through `read`; nil when
    /// there is no such drawing.
    static func markup(_ path: String, folder: String, prefix: String, read: (String) -> [UInt8]?) -> String? {
        guard let file = SitePath.resolve(path, from: folder), file.hasSuffix(".svg"), let bytes = read(file) else {
            return nil
        }
        return SVGInlining.element(bytes, prefix: prefix, layoutMedia: layoutMedia)
    }
}
