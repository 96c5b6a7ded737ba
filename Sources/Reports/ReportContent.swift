import Charts
import Foundation
import GazetteCore
import ReportFacts

/// What one report's builder hands to the renderer: pages, charts and figures, all pre-formatted.
///
/// A value: its pages' contexts and its whole document are made on demand by pure functions of
/// immutable values (so a long log's pages are never all held at once), and two contents are
/// equal when everything they hold or make is equal.
package struct ReportContent: Sendable, Equatable {
    /// Pages of the report; the first is its `index.html`.
    package var pages: [PageSpec]
    package var charts: [ChartSpec]
    /// The kind's own keys of `report.json`.
    package var data: ReportData
    package var warnings: [ReportWarning]
    /// What the front page shows of the report.
    package var card: ReportCard
    /// The report in a few lines of plain text: the e-mail's text part and `--summary`.
    package var summary: [String] = []
    /// The report as a short document, for the e-mail.
    package var digest: ReportDigest = ReportDigest(figures: [], sections: [])
    /// The report as a whole document, for the PDF, when it is more than the digest (every
    /// exercise with every day); made only when a PDF is drawn.
    package var makeDocument: (@Sendable () -> ReportDigest)? = nil
    /// The figures the report's history keeps of this build; nil for a kind that keeps none.
    package var figures: HeadlineFigures? = nil
    /// What changed since an earlier build, in words; nil when there is nothing to say.
    package var change: ChangeNote? = nil
    /// How old the data is and the cadence it is due at, as the kind reads them from its input.
    package var freshness = FreshnessBasis()

    package func document() -> ReportDigest { makeDocument?() ?? digest }

    package static func == (lhs: ReportContent, rhs: ReportContent) -> Bool {
        lhs.pages == rhs.pages && lhs.charts == rhs.charts && lhs.data == rhs.data && lhs.warnings == rhs.warnings
            && lhs.card == rhs.card && lhs.summary == rhs.summary && lhs.digest == rhs.digest
            && (lhs.makeDocument == nil) == (rhs.makeDocument == nil) && lhs.document() == rhs.document()
            && lhs.figures == rhs.figures && lhs.change == rhs.change && lhs.freshness == rhs.freshness
    }
}

/// One HTML page: the values it shows (a context whose type says its template) and where it goes
/// inside the report's folder.
package struct PageSpec: Sendable, Equatable {
    package var path: String
    package var title: String
    /// Makes the page's context when the page is rendered, so a report's pages are never all
    /// held in memory at once.
    package var makeContext: @Sendable () -> PageContext
    /// Breadcrumbs between the site's front page and this page (the report's own page for sub-pages).
    package var trail: [Crumb] = []
    /// A script from `assets/` the page loads (`countdown.js`); most pages need none.
    package var script: String? = nil

    package init(
        path: String, title: String, context: @autoclosure @escaping @Sendable () -> PageContext, trail: [Crumb] = [],
        script: String? = nil
    ) {
        self.path = path
        self.title = title
        self.makeContext = context
        self.trail = trail
        self.script = script
    }
}

extension PageSpec {
    /// Equal pages: the same place, title, trail and script, and equal contexts when made.
    package static func == (lhs: PageSpec, rhs: PageSpec) -> Bool {
        lhs.path == rhs.path && lhs.title == rhs.title && lhs.trail == rhs.trail && lhs.script == rhs.script
            && lhs.makeContext() == rhs.makeContext()
    }
}

/// A report page's context: one case per page template, so a page and its template cannot disagree
/// (each context type is compiled with its template, see `Rendering.CompiledPageContext`).
package enum PageContext: Sendable, Equatable {
    case workouts(WorkoutsPage)
    case exercise(ExercisePage)
    case creditScore(CreditScorePage)
    case raceCard(RaceCardPage)
    case race(RacePage)
    case nextToGo(NextToGoPage)
}

/// One step of a page's breadcrumb trail; the current page has no link.
package struct Crumb: Codable, Sendable, Equatable {
    package var title: String
    package var href: String?

    package init(title: String, href: String?) {
        self.title = title
        self.href = href
    }
}

/// A chart called `name` in the report, drawn into the report's `charts/` folder as the SVG
/// `file`: its own name, or the name of the chart it is another layout of (an exercise's phone
/// drawing is in its wide drawing's file, shown where the picture is narrow).
package struct ChartSpec: Sendable, Equatable {
    package var name: String
    package var chart: any Chart
    package var file: String
    /// Shown on one page only, so written into that page as an `<svg>` rather than as a file of
    /// its own (a file would cost the site a file for no reuse); set on a file's widest layout.
    package var inline: Bool

    package init(name: String, chart: any Chart, layoutOf file: String? = nil, inline: Bool = false) {
        self.name = name
        self.chart = chart
        self.file = file ?? name
        self.inline = inline
    }

    /// How the channels name this chart.
    package var ref: ChartRef { ChartRef(drawn: name) }

    package static func == (lhs: ChartSpec, rhs: ChartSpec) -> Bool {
        lhs.name == rhs.name && lhs.file == rhs.file && lhs.inline == rhs.inline
            && lhs.chart.figure == rhs.chart.figure
    }
}

/// Everything a page needs to show one chart: its SVG (both colour schemes, every layout), the
/// alternative text, the size it is shown at and the data as a table.
package struct ChartImage: Codable, Sendable, Equatable {
    /// The path all of a chart's files share (`charts/back-squat`); each file's path is made from
    /// it when asked, so a chart kept for the front page holds one string.
    package var stem: String
    package var alt: String
    package var width: Int
    package var height: Int
    package var table: DataTable?
    /// Written into the page (`ChartSpec.inline`): the page shows `inlined` in place of its file.
    package var isInline = false

    /// The endings of a chart's file names after its stem.
    package static let svgEnding = ".svg", emailEnding = "-light@2x.png"

    /// The picture a page shows: one SVG for every size, pixel density and colour scheme.
    package var src: ChartPicture { ChartPicture(path: stem + Self.svgEnding) }
    /// The picture a message carries: light, at twice the size, as PNG (mail programs show no SVG).
    package var emailPicture: String { stem + Self.emailEnding }

    /// The file a page's chart whose file is `file` is drawn to.
    package static func pageFile(_ file: String) -> String { file + svgEnding }

    /// The file a message's chart called `name` is drawn to.
    package static func emailFile(_ name: String) -> String { name + emailEnding }

    package init(_ spec: ChartSpec, folder: String = "charts/", table: DataTable? = nil) {
        self.init(
            stem: folder + spec.file, alt: spec.chart.summary, width: Int(spec.chart.size.width.rounded()),
            height: Int(spec.chart.size.height.rounded()), table: table)
        isInline = spec.inline
    }

    /// The chart as its page writes it in, when it is inline; nil when the page shows its file.
    package var inlined: InlineChart? {
        isInline ? InlineChart(path: src.path, alt: alt, width: width, height: height) : nil
    }

    /// A chart's files by their common stem (`charts/back-squat`), as a later build knows them.
    package init(stem base: String, alt: String, width: Int, height: Int, table: DataTable? = nil) {
        stem = base
        self.alt = alt
        self.width = width
        self.height = height
        self.table = table
    }

    /// A drawn chart as a record keeps it.
    package init(_ drawn: DrawnChart) {
        self.init(stem: drawn.stem, alt: drawn.alt, width: drawn.width, height: drawn.height)
    }

    /// What a record keeps of the chart: its stem, alternative text and size, not its table.
    package var drawn: DrawnChart { DrawnChart(stem: stem, alt: alt, width: width, height: height) }

    private enum CodingKeys: String, CodingKey {
        case alt, width, height, src, table, inlined
    }

    /// Read back from its fields (the stem from the picture's path), for tests that make
    /// contexts of every shape.
    package init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let src = try container.decode(String.self, forKey: .src)
        stem = src.hasSuffix(Self.svgEnding) ? String(src.dropLast(Self.svgEnding.count)) : src
        alt = try container.decode(String.self, forKey: .alt)
        width = try container.decode(Int.self, forKey: .width)
        height = try container.decode(Int.self, forKey: .height)
        table = try container.decodeIfPresent(DataTable.self, forKey: .table)
    }

    /// Pages that link their files get the paths; a channel that embeds pictures (through
    /// `ChartEmbedding` in the encoder's user info) gets them in the embedded form.
    package func encode(to encoder: Encoder) throws {
        let embedding = encoder.userInfo[ChartEmbedding.key] as? ChartEmbedding
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(alt, forKey: .alt)
        try container.encode(width, forKey: .width)
        try container.encode(height, forKey: .height)
        try container.encode(embedding?.source(src.path) ?? src.path, forKey: .src)
        try container.encodeIfPresent(table, forKey: .table)
        try container.encodeIfPresent(inlined, forKey: .inlined)
    }
}

/// The path of a chart's picture, which a page that stands alone carries inside itself.
// gazette:text (compiled templates show it through `HTMLOutput`, not field by field)
package struct ChartPicture: Codable, Sendable, Equatable {
    package var path: String
}

/// A chart a page carries inside itself as an `<svg>` element (`ChartSpec.inline`), by the path
/// its drawing was written to in the build's scratch area. Where no drawing can be read (a page
/// rendered outside a build), the page shows an `<img>` of the path instead.
// gazette:text (compiled templates write its markup through `HTMLOutput`)
package struct InlineChart: Encodable, Sendable, Equatable {
    package var path: String
    package var alt: String
    package var width: Int
    package var height: Int

    /// The markup a page writes: the drawing made inline by `embedding`, else the `<img>`.
    package func markup(_ embedding: ChartEmbedding?) -> String {
        if let inline = embedding?.markup(path) { return inline }
        var alt = ""
        for character in self.alt {
            switch character {
            case "&": alt += "&amp;"
            case "\"": alt += "&quot;"
            case "<": alt += "&lt;"
            case ">": alt += "&gt;"
            default: alt.append(character)
            }
        }
        return "<img src=\"\(path)\" width=\"\(width)\" height=\"\(height)\" alt=\"\(alt)\">"
    }

    /// Lowered for swift-mustache as the markup itself, made as the compiled renderer makes it.
    package func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(markup(encoder.userInfo[ChartEmbedding.key] as? ChartEmbedding))
    }
}

/// How a channel's pages carry charts: `source` turns the path of a chart's SVG, as the page names
/// it, into what the page shows instead (a `data:` URI in pages that stand alone; nil keeps the
/// path); `markup` turns the path of an inline chart's drawing into the page's `<svg>` element.
package struct ChartEmbedding: Sendable {
    package static let key = CodingUserInfoKey(rawValue: "gazette.chartEmbedding")!
    package let source: @Sendable (String) -> String?
    package let markup: @Sendable (String) -> String?

    package init(
        source: @escaping @Sendable (String) -> String?, markup: @escaping @Sendable (String) -> String? = { _ in nil }
    ) {
        self.source = source
        self.markup = markup
    }
}

/// A chart file's format: the message's PNG, light at twice the size, or the pages' SVG with both
/// colour schemes.
package enum ChartFormat { case png2x, svg }

/// A chart's data as an HTML table (shown collapsed under the chart).
package struct DataTable: Codable, Sendable, Equatable {
    package var caption: String
    package var headers: [String]
    package var rows: [TableRow]
}

package struct TableRow: Codable, Sendable, Equatable {
    /// The row's first cell, marked up as a row header.
    package var header: String
    package var cells: [String]
}
