import Charts
import Foundation
import GazetteCore

/// What one report's builder hands to the renderer: pages, charts and figures, all pre-formatted.
struct ReportContent {
    /// Pages of the report; the first is its `index.html`.
    var pages: [PageSpec]
    var charts: [ChartSpec]
    /// The kind-specific keys of `report.json`.
    var data: [String: JSONValue]
    var warnings: [String]
    /// What the front page shows of the report.
    var card: ReportCard
    /// The report in a few lines of plain text: the e-mail's text part and `--summary`.
    var summary: [String] = []
}

/// One HTML page: a template, the values it shows, and where it goes inside the report's folder.
struct PageSpec {
    var path: String
    var title: String
    var template: String
    /// Makes the page's context when the page is rendered, so a report's pages are never all
    /// held in memory at once.
    var makeContext: () -> any Encodable
    /// Breadcrumbs between the site's front page and this page (the report's own page for sub-pages).
    var trail: [Crumb] = []
    /// A script from `assets/` the page loads (`countdown.js`); most pages need none.
    var script: String? = nil

    init(path: String, title: String, template: String, context: @autoclosure @escaping () -> any Encodable,
         trail: [Crumb] = [], script: String? = nil) {
        self.path = path
        self.title = title
        self.template = template
        self.makeContext = context
        self.trail = trail
        self.script = script
    }
}

/// One step of a page's breadcrumb trail; the current page has no link.
struct Crumb: Encodable, Sendable {
    var title: String
    var href: String?
}

/// A chart to draw into the report's `charts/` folder under the file stem `name`.
struct ChartSpec {
    var name: String
    var chart: any Chart
}

/// The front page's card for a report.
struct ReportCard: Sendable {
    var headline: String
    var detail: String
    /// The chart shown as the card's thumbnail.
    var thumbnail: String?
}

/// Everything a page needs to show one chart: picture sources per theme and density, the SVGs,
/// the alternative text, and the data as a table.
struct ChartImage: Encodable, Sendable {
    var alt: String
    var width: Int
    var height: Int
    var light: String
    var light2x: String
    var dark: String
    var dark2x: String
    var svgLight: String
    var svgDark: String
    var table: DataTable?

    /// File names of a chart called `name`, as written by the renderer.
    static func files(_ name: String) -> [(file: String, theme: Theme, format: ChartFormat)] {
        [
            ("\(name)-light.png", .light, .png1x), ("\(name)-light@2x.png", .light, .png2x),
            ("\(name)-dark.png", .dark, .png1x), ("\(name)-dark@2x.png", .dark, .png2x),
            ("\(name)-light.svg", .light, .svg), ("\(name)-dark.svg", .dark, .svg),
        ]
    }

    init(_ spec: ChartSpec, folder: String = "charts/", table: DataTable? = nil) {
        let base = folder + spec.name
        alt = spec.chart.summary
        width = Int(spec.chart.size.width.rounded())
        height = Int(spec.chart.size.height.rounded())
        light = base + "-light.png"
        light2x = base + "-light@2x.png"
        dark = base + "-dark.png"
        dark2x = base + "-dark@2x.png"
        svgLight = base + "-light.svg"
        svgDark = base + "-dark.svg"
        self.table = table
    }
}

enum ChartFormat { case png1x, png2x, svg }

/// A chart's data as an HTML table (shown collapsed under the chart).
struct DataTable: Encodable, Sendable {
    var caption: String
    var headers: [String]
    var rows: [TableRow]
}

struct TableRow: Encodable, Sendable {
    /// The row's first cell, marked up as a row header.
    var header: String
    var cells: [String]
}
