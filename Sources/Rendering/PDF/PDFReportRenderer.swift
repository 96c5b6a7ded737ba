import Deterministic
import ReportFacts
import Localization
import Canvas
import ChartDrawing
import Charts
import Foundation
import GazetteCore
import Graphics
import Reports

/// A report as a printable PDF, drawn with Cairo from the report's document (its figures and
/// sections): a title block, the headline figures, a linked list of contents, then each section
/// with its sentences, its chart as vector drawing with the chart's describing sentence, and its
/// table, broken across pages with the header row repeated. Every page has a footer with the page
/// number; the sections are the PDF's outline.
///
/// The layout runs twice through the same code: once to count the pages (nothing drawn), once to
/// draw them with "page N of M".
package struct PDFReportRenderer: Sendable {
    package let paper: Paper
    package let siteTitle: String
    package let now: Date
    /// The readers' locale and time zone: the subtitle's time.
    package let conventions: TextConventions

    package init(paper: Paper, siteTitle: String, now: Date, conventions: TextConventions) {
        self.paper = paper
        self.siteTitle = siteTitle
        self.now = now
        self.conventions = conventions
    }

    package func render(_ content: ReportContent, title: String, sources: [String]) throws(BuildError) -> [UInt8] {
        let document = content.document()
        let charts = Dictionary(content.charts.map { ($0.ref, $0.chart) }, uniquingKeysWith: { first, _ in first })
        do {
            let iso = UTCTime.iso(now)
            let pdf = try PDFDocument(
                paper: paper,
                info: PDFInfo(
                    title: title, subject: "\(title) — \(siteTitle)", creator: "Gazette",
                    creationDate: String(iso.prefix(19))))
            var counting = PDFPen(
                pdf: pdf, words: conventions.words, drawing: false, footer: title, pages: 0, targets: [:])
            try counting.lay(document, title: title, subtitle: subtitle, sources: sources, charts: charts)
            var pen = PDFPen(
                pdf: pdf, words: conventions.words, drawing: true, footer: title, pages: counting.page,
                targets: counting.found)
            try pen.lay(document, title: title, subtitle: subtitle, sources: sources, charts: charts)
            return try pdf.finish()
        } catch let error as BuildError {
            throw error
        } catch {
            throw BuildError(.io, .none, "cannot draw the report's PDF: \(error)")
        }
    }

    private var subtitle: String {
        conventions.words.text("pdf.subtitle", ["time": conventions.longTime(now), "site": siteTitle])
    }
}

/// Lays the document out page by page; draws only when `drawing`.
private struct PDFPen {
    let pdf: PDFDocument
    /// The readers' words: the contents, the page numbers, the footer.
    let words: Words
    let drawing: Bool
    let footer: String
    /// The page count from the counting pass (0 while counting).
    let pages: Int
    /// Where each section starts, from the counting pass: the contents show its page.
    let targets: [String: (page: Int, point: Point)]
    /// Where each section starts, found by this pass.
    var found: [String: (page: Int, point: Point)] = [:]
    var page = 1
    var y: Double

    private var context: DrawingContext { pdf.context }
    private let margin = 54.0
    private var width: Double { pdf.pageSize.width - 2 * margin }
    private var bottom: Double { pdf.pageSize.height - margin }

    private static let text = Color(hex: 0x1B1F24)
    private static let muted = Color(hex: 0x57606A)
    private static let accent = Color(hex: 0x0B63CE)
    private static let rule = Color(hex: 0xD0D7DE)
    private static let headerFill = Color(hex: 0xEEF1F5)
    private static let zebra = Color(hex: 0xF7F8FA)

    init(
        pdf: PDFDocument, words: Words, drawing: Bool, footer: String, pages: Int,
        targets: [String: (page: Int, point: Point)]
    ) {
        self.pdf = pdf
        self.words = words
        self.drawing = drawing
        self.footer = footer
        self.pages = pages
        self.targets = targets
        y = 54
    }

    mutating func lay(
        _ document: ReportDigest, title: String, subtitle: String, sources: [String],
        charts: [ChartRef: any Chart]
    ) throws {
        // Title block.
        paragraph(title, size: 22, weight: .bold, color: Self.text, lineHeight: 27)
        y += 2
        paragraph(subtitle, size: 10, color: Self.muted, lineHeight: 14)
        if !sources.isEmpty {
            paragraph(
                words.text("pdf.from", ["sources": sources.joined(separator: ", ")]), size: 9, color: Self.muted,
                lineHeight: 12)
        }
        y += 8
        horizontalRule()
        y += 14
        figures(document.figures)
        let sections = document.sections.enumerated().map { (name: "section-\($0.offset + 1)", section: $0.element) }
        if sections.count > 1 { contents(sections) }
        for (name, section) in sections {
            try lay(section, destination: name, charts: charts)
        }
        if let more = document.more {
            y += 6
            paragraph(more, size: 10, color: Self.muted, lineHeight: 14)
        }
        drawFooter()
    }

    // MARK: Blocks

    /// The headline figures as tiles, three to a row. Each value is set at the largest size
    /// (18 pt down to 11 pt) at which it takes at most two lines with no word cut; the tiles of a
    /// row share the height of the tallest, which is measured from its text, so nothing touches
    /// or crosses a tile's edge.
    private mutating func figures(_ figures: [DigestFigure]) {
        guard !figures.isEmpty else { return }
        let columns = min(3, figures.count)
        let gap = 10.0
        let padding = 12.0
        let boxWidth = (width - gap * Double(columns - 1)) / Double(columns)
        let inner = boxWidth - 2 * padding
        for start in stride(from: 0, to: figures.count, by: columns) {
            let row = Array(figures[start..<min(figures.count, start + columns)])
            let sizes = row.map { valueSize($0.value, width: inner) }
            let values = zip(row, sizes).map { lines($0.value, size: $1, weight: .bold, width: inner) }
            let details = row.map { figure in
                figure.detail.map { lines($0, size: 8.5, weight: .regular, width: inner) } ?? []
            }
            let heights = row.indices.map { index in
                Self.tileHeight(valueLines: values[index].count, size: sizes[index], detailLines: details[index].count)
            }
            let height = heights.max() ?? 60
            ensure(height + gap)
            for (index, figure) in row.enumerated() {
                let x = margin + Double(index) * (boxWidth + gap)
                if drawing {
                    context.newPath()
                    context.roundedRectangle(Rect(x: x, y: y, width: boxWidth, height: height), radius: 6)
                    context.setColor(Self.rule)
                    context.setLineWidth(0.8)
                    context.stroke()
                }
                var cursor = y + Self.tileTop
                draw(
                    fitted(figure.label, size: 9, weight: .regular, width: inner), x: x + padding, baseline: cursor + 9,
                    size: 9, weight: .regular, color: Self.muted)
                cursor += Self.tileLabel
                for value in values[index] {
                    draw(
                        value, x: x + padding, baseline: cursor + sizes[index] * 0.93, size: sizes[index],
                        weight: .bold, color: Self.text)
                    cursor += sizes[index] * Self.tileLeading
                }
                if !details[index].isEmpty { cursor += Self.tileDetailGap }
                for detail in details[index] {
                    draw(
                        detail, x: x + padding, baseline: cursor + 8.5 * 0.93, size: 8.5, weight: .regular,
                        color: Self.muted)
                    cursor += Self.tileDetailLine
                }
            }
            y += height + gap
        }
        y += 6
    }

    private static let tileTop = 10.0
    private static let tileLabel = 15.0
    private static let tileLeading = 1.22
    private static let tileDetailGap = 3.0
    private static let tileDetailLine = 11.0
    private static let tileBottom = 10.0

    /// A tile's height for its text: padding, the label, the value's lines, the detail's lines.
    static func tileHeight(valueLines: Int, size: Double, detailLines: Int) -> Double {
        tileTop + tileLabel + Double(valueLines) * size * tileLeading
            + (detailLines == 0 ? 0 : tileDetailGap + Double(detailLines) * tileDetailLine) + tileBottom
    }

    /// The largest size, 18 pt down to 11 pt, at which `value` takes at most two lines of `width`
    /// with every word whole; 11 pt when none does (a word too wide even then is cut).
    private func valueSize(_ value: String, width: Double) -> Double {
        let words = value.split(separator: " ").map(String.init)
        for size in stride(from: 18.0, through: 11.0, by: -1.0) {
            let whole = words.allSatisfy { measure($0, size: size, weight: .bold) <= width }
            if whole, lines(value, size: size, weight: .bold, width: width).count <= 2 { return size }
        }
        return 11
    }

    /// The sections with the page each starts on, each line a link to its section; each section
    /// links back here.
    private mutating func contents(_ sections: [(name: String, section: DigestSection)]) {
        ensure(18 + 14 * Double(min(sections.count, 4)))
        found[Self.contentsTarget] = (page, Point(x: margin, y: y))
        paragraph(words["pdf.contents"], size: 12, weight: .bold, color: Self.text, lineHeight: 18)
        for (name, section) in sections {
            ensure(14)
            let baseline = y + 10.5
            draw(
                fitted(section.title, size: 10, weight: .regular, width: width - 60), x: margin + 8, baseline: baseline,
                size: 10, weight: .regular, color: Self.text)
            if drawing, let target = targets[name] {
                context.setColor(Self.muted)
                context.setFont(size: 10)
                context.drawText(
                    words.text("pdf.page", ["page": "\(target.page)"]), at: Point(x: margin + width, y: baseline),
                    anchor: .end)
                pdf.link(to: name, rect: Rect(x: margin + 6, y: y, width: width - 6, height: 14))
            }
            y += 14
        }
        y += 10
    }

    static let contentsTarget = "contents"

    private mutating func lay(_ section: DigestSection, destination: String, charts: [ChartRef: any Chart]) throws {
        // A heading is never left alone at the foot of a page: it goes with the section's
        // sentences and, when the table follows them directly, the table's first rows.
        let headingWidth = targets[Self.contentsTarget] == nil ? width : width - 70
        var keep = Double(lines(section.title, size: 14, weight: .bold, width: headingWidth).count) * 20 + 2
        keep += section.lines.reduce(0) {
            $0 + Double(lines($1, size: 10.5, weight: .regular, width: width).count) * 14.5
        }
        if let name = section.chart, let chart = charts[name] {
            // As the chart asks for below: the drawing and its describing sentence.
            keep +=
                chart.size.height * chartScale(chart) + 10 + Double(
                    lines(chart.summary, size: 8.5, weight: .regular, width: width).count) * 11.5
        } else if let table = section.table {
            keep += Self.tableHead + Double(Self.firstRun(table.rows.count)) * Self.rowHeight
        }
        ensure(max(section.chart == nil ? 60 : 160, keep))
        found[destination] = (page, Point(x: margin, y: y))
        if drawing {
            pdf.destination(destination, at: Point(x: margin, y: y))
            pdf.outline(section.title, page: page, at: Point(x: margin, y: y))
        }
        if drawing, let contents = targets[Self.contentsTarget] {
            // A link back to the contents, at the heading's right.
            let label = words["pdf.backToContents"]
            context.setColor(Self.accent)
            context.setFont(size: 8.5)
            let labelWidth = context.measure(label).advance
            context.drawText(label, at: Point(x: margin + width, y: y + 14), anchor: .end)
            pdf.link(
                toPage: contents.page, at: contents.point,
                rect: Rect(x: margin + width - labelWidth, y: y + 3, width: labelWidth, height: 14))
        }
        for line in lines(section.title, size: 14, weight: .bold, width: headingWidth) {
            ensure(20)
            draw(line, x: margin, baseline: y + 20 * 0.78, size: 14, weight: .bold, color: Self.text)
            y += 20
        }
        y += 2
        for line in section.lines { paragraph(line, size: 10.5, color: Self.text, lineHeight: 14.5) }
        if let name = section.chart, let chart = charts[name] {
            let scale = chartScale(chart)
            let size = Size(width: chart.size.width * scale, height: chart.size.height * scale)
            let caption = lines(chart.summary, size: 8.5, weight: .regular, width: width)
            ensure(size.height + 10 + Double(caption.count) * 11.5)
            y += 6
            if drawing {
                try pdf.place(size: chart.size, in: Rect(x: margin, y: y, width: size.width, height: size.height)) {
                    context in
                    context.paint(Theme.light.background)
                    chart.draw(in: context, theme: .light)
                }
            }
            y += size.height + 4
            paragraph(chart.summary, size: 8.5, color: Self.muted, lineHeight: 11.5)
        }
        if let table = section.table { self.table(table) }
        y += 14
    }

    /// How much a chart is scaled to sit in the page's column.
    private func chartScale(_ chart: any Chart) -> Double {
        min(1, width / chart.size.width, 0.72)
    }

    private mutating func table(_ table: DataTable) {
        let columns = [table.headers.first ?? ""] + Array(table.headers.dropFirst())
        let count = max(columns.count, 1 + (table.rows.first?.cells.count ?? 0))
        // Column widths from the widest text of a sample of rows, scaled to the page.
        var widths = [Double](repeating: 30, count: count)
        let sample = table.rows.prefix(200)
        for (index, header) in table.headers.enumerated() where index < count {
            widths[index] = max(widths[index], measure(header, size: 8.5, weight: .bold) + 14)
        }
        for row in sample {
            for (index, cell) in ([row.header] + row.cells).enumerated() where index < count {
                widths[index] = max(widths[index], measure(cell, size: 8.5, weight: index == 0 ? .bold : .regular) + 14)
            }
        }
        let total = widths.reduce(0, +)
        widths = widths.map { $0 * width / total }
        let rowHeight = Self.rowHeight

        // The caption and header go with the table's first rows: to the next page if those
        // cannot start here.
        if !table.rows.isEmpty,
            Self.rowsOnPage(fit: rowsFitting(below: y + Self.tableHead), remaining: table.rows.count) == 0
        {
            ensure(.infinity)
        }
        y += 4
        paragraph(table.caption, size: 9, weight: .bold, color: Self.text, lineHeight: 13)
        header(table.headers, widths: widths, height: rowHeight)
        var index = 0
        var freshPage = false
        while index < table.rows.count {
            var take = Self.rowsOnPage(fit: rowsFitting(below: y), remaining: table.rows.count - index)
            if take == 0, freshPage { take = max(1, min(rowsFitting(below: y), table.rows.count - index)) }
            for row in table.rows[index..<index + take] {
                if drawing, index % 2 == 1 {
                    context.setColor(Self.zebra)
                    context.rectangle(Rect(x: margin, y: y, width: width, height: rowHeight))
                    context.fill()
                }
                var x = margin
                for (column, cell) in ([row.header] + row.cells).enumerated() where column < widths.count {
                    draw(
                        fitted(cell, size: 8.5, weight: column == 0 ? .bold : .regular, width: widths[column] - 10),
                        x: x + 5, baseline: y + 10, size: 8.5, weight: column == 0 ? .bold : .regular, color: Self.text)
                    x += widths[column]
                }
                y += rowHeight
                index += 1
            }
            if index < table.rows.count {
                newPage()
                freshPage = true
                paragraph(
                    words.text("pdf.continued", ["caption": table.caption]), size: 9, weight: .bold, color: Self.muted,
                    lineHeight: 13)
                header(table.headers, widths: widths, height: rowHeight)
            }
        }
    }

    static let rowHeight = 14.0
    /// The gap, caption and header row above a table's rows.
    static let tableHead = 4 + 13 + rowHeight
    /// The fewest rows of a table a page may end or start with: a page break never leaves one or
    /// two rows of a table (a race's runners, say) alone at a page's foot or head.
    static let minimumRun = 3

    /// How many of a table's `remaining` rows go on this page when `fit` rows fit in its space:
    /// all when they fit; otherwise as many as fit while leaving at least `minimumRun` for the
    /// next page, and 0 (break before them) when that leaves fewer than `minimumRun` here.
    static func rowsOnPage(fit: Int, remaining: Int) -> Int {
        if remaining <= fit { return remaining }
        let take = min(fit, remaining - minimumRun)
        return take >= minimumRun ? take : 0
    }

    /// The rows a table of `count` rows starts with on its first page: all of a table too short to
    /// be split (fewer than twice `minimumRun`), else `minimumRun`.
    static func firstRun(_ count: Int) -> Int {
        count < 2 * minimumRun ? count : minimumRun
    }

    /// How many table rows fit between `top` and the page's bottom margin.
    private func rowsFitting(below top: Double) -> Int {
        max(0, Int(((bottom - top) / Self.rowHeight + 1e-9).rounded(.down)))
    }

    private mutating func header(_ headers: [String], widths: [Double], height: Double) {
        if drawing {
            context.setColor(Self.headerFill)
            context.rectangle(Rect(x: margin, y: y, width: width, height: height))
            context.fill()
        }
        var x = margin
        for (index, header) in headers.enumerated() where index < widths.count {
            draw(
                fitted(header, size: 8.5, weight: .bold, width: widths[index] - 10), x: x + 5, baseline: y + 10,
                size: 8.5, weight: .bold, color: Self.text)
            x += widths[index]
        }
        y += height
    }

    // MARK: Text and pages

    /// Wrapped text at the cursor, breaking the page between lines where needed.
    private mutating func paragraph(
        _ text: String, size: Double, weight: FontWeight = .regular, color: Color, lineHeight: Double
    ) {
        for line in lines(text, size: size, weight: weight, width: width) {
            ensure(lineHeight)
            draw(line, x: margin, baseline: y + lineHeight * 0.78, size: size, weight: weight, color: color)
            y += lineHeight
        }
    }

    private func draw(_ text: String, x: Double, baseline: Double, size: Double, weight: FontWeight, color: Color) {
        guard drawing, !text.isEmpty else { return }
        context.setColor(color)
        context.setFont(size: size, weight: weight)
        context.drawText(text, at: Point(x: x, y: baseline))
    }

    private func measure(_ text: String, size: Double, weight: FontWeight) -> Double {
        context.setFont(size: size, weight: weight)
        return context.measure(text).advance
    }

    /// Words filled into lines no wider than `width`; a word wider than a line is cut.
    private func lines(_ text: String, size: Double, weight: FontWeight, width: Double) -> [String] {
        var result: [String] = []
        var current = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: true).map(String.init) {
            let candidate = current.isEmpty ? word : current + " " + word
            if measure(candidate, size: size, weight: weight) <= width {
                current = candidate
                continue
            }
            if !current.isEmpty { result.append(current) }
            current =
                measure(word, size: size, weight: weight) <= width
                ? word : fitted(word, size: size, weight: weight, width: width)
        }
        if !current.isEmpty { result.append(current) }
        return result.isEmpty ? [""] : result
    }

    /// `text`, shortened with an ellipsis when it is wider than `width`.
    private func fitted(_ text: String, size: Double, weight: FontWeight, width: Double) -> String {
        guard measure(text, size: size, weight: weight) > width else { return text }
        var characters = Array(text)
        while !characters.isEmpty, measure(String(characters) + "…", size: size, weight: weight) > width {
            characters.removeLast()
        }
        return String(characters) + "…"
    }

    private mutating func horizontalRule() {
        guard drawing else { return }
        context.setColor(Self.rule)
        context.setLineWidth(0.8)
        context.newPath()
        context.move(to: Point(x: margin, y: y))
        context.line(to: Point(x: margin + width, y: y))
        context.stroke()
    }

    /// Starts a new page unless `height` more points fit on this one.
    private mutating func ensure(_ height: Double) {
        if y + height > bottom, y > margin + 1 { newPage() }
    }

    private mutating func newPage() {
        drawFooter()
        if drawing { pdf.nextPage() }
        page += 1
        y = margin
    }

    private func drawFooter() {
        guard drawing else { return }
        let text = words.text("pdf.footer", ["page": "\(page)", "pages": "\(pages)", "title": footer])
        context.setColor(Self.muted)
        context.setFont(size: 8.5)
        context.drawText(text, at: Point(x: pdf.pageSize.width / 2, y: pdf.pageSize.height - 28), anchor: .middle)
    }
}
