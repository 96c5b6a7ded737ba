import Canvas
import Charts
import Foundation
import GazetteCore
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

    package init(paper: Paper, siteTitle: String, now: Date) {
        self.paper = paper
        self.siteTitle = siteTitle
        self.now = now
    }

    package func render(_ content: ReportContent, title: String, sources: [String]) throws(BuildError) -> [UInt8] {
        let document = content.document()
        let charts = Dictionary(content.charts.map { ($0.name, $0.chart) }, uniquingKeysWith: { first, _ in first })
        do {
            let iso = UTCTime.iso(now)
            let pdf = try PDFDocument(paper: paper, info: PDFInfo(
                title: title, subject: "\(title) — \(siteTitle)", creator: "Gazette",
                creationDate: String(iso.prefix(19))))
            var counting = PDFPen(pdf: pdf, drawing: false, footer: title, pages: 0, targets: [:])
            try counting.lay(document, title: title, subtitle: subtitle, sources: sources, charts: charts)
            var pen = PDFPen(pdf: pdf, drawing: true, footer: title, pages: counting.page, targets: counting.found)
            try pen.lay(document, title: title, subtitle: subtitle, sources: sources, charts: charts)
            return try pdf.finish()
        } catch let error as BuildError {
            throw error
        } catch {
            throw BuildError(.io, .none, "cannot draw the report's PDF: \(error)")
        }
    }

    private var subtitle: String { "\(siteTitle) · built \(ReaderTime.long(now))" }
}

/// Lays the document out page by page; draws only when `drawing`.
private struct PDFPen {
    let pdf: PDFDocument
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

    init(pdf: PDFDocument, drawing: Bool, footer: String, pages: Int, targets: [String: (page: Int, point: Point)]) {
        self.pdf = pdf
        self.drawing = drawing
        self.footer = footer
        self.pages = pages
        self.targets = targets
        y = 54
    }

    mutating func lay(_ document: ReportDigest, title: String, subtitle: String, sources: [String],
                      charts: [String: any Chart]) throws {
        // Title block.
        paragraph(title, size: 22, weight: .bold, color: Self.text, lineHeight: 27)
        y += 2
        paragraph(subtitle, size: 10, color: Self.muted, lineHeight: 14)
        if !sources.isEmpty { paragraph("From " + sources.joined(separator: ", "), size: 9, color: Self.muted, lineHeight: 12) }
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

    private mutating func figures(_ figures: [DigestFigure]) {
        guard !figures.isEmpty else { return }
        let columns = min(3, figures.count)
        let gap = 10.0
        let boxWidth = (width - gap * Double(columns - 1)) / Double(columns)
        for start in stride(from: 0, to: figures.count, by: columns) {
            let row = Array(figures[start..<min(figures.count, start + columns)])
            // A value wider than its box wraps (a featured race's name); a word too wide for it is set
            // smaller, down to 11 pt.
            let sizes = row.map { figure -> Double in
                let widest = figure.value.split(separator: " ").map { measure(String($0), size: 18, weight: .bold) }.max() ?? 0
                return widest > boxWidth - 20 ? max(11, 18 * (boxWidth - 20) / widest) : 18
            }
            let values = zip(row, sizes).map { lines($0.value, size: $1, weight: .bold, width: boxWidth - 20) }
            let details = row.map { figure in figure.detail.map { lines($0, size: 8.5, weight: .regular, width: boxWidth - 20) } ?? [] }
            let height = zip(values, details).map { 18 + Double($0.count) * 22 + Double($1.count) * 11 + 12 }.max() ?? 60
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
                var line = y + 18
                draw(figure.label, x: x + 10, baseline: line, size: 9, weight: .regular, color: Self.muted)
                for value in values[index] {
                    line += 22
                    draw(value, x: x + 10, baseline: line, size: sizes[index], weight: .bold, color: Self.text)
                }
                for detail in details[index] {
                    line += 11
                    draw(detail, x: x + 10, baseline: line, size: 8.5, weight: .regular, color: Self.muted)
                }
            }
            y += height + gap
        }
        y += 6
    }

    /// The sections with the page each starts on, each line a link to its section; each section
    /// links back here.
    private mutating func contents(_ sections: [(name: String, section: DigestSection)]) {
        ensure(18 + 14 * Double(min(sections.count, 4)))
        found[Self.contentsTarget] = (page, Point(x: margin, y: y))
        paragraph("Contents", size: 12, weight: .bold, color: Self.text, lineHeight: 18)
        for (name, section) in sections {
            ensure(14)
            let baseline = y + 10.5
            draw(fitted(section.title, size: 10, weight: .regular, width: width - 60), x: margin + 8, baseline: baseline,
                 size: 10, weight: .regular, color: Self.text)
            if drawing, let target = targets[name] {
                context.setColor(Self.muted)
                context.setFont(size: 10)
                context.drawText("page \(target.page)", at: Point(x: margin + width, y: baseline), anchor: .end)
                pdf.link(to: name, rect: Rect(x: margin + 6, y: y, width: width - 6, height: 14))
            }
            y += 14
        }
        y += 10
    }

    static let contentsTarget = "contents"

    private mutating func lay(_ section: DigestSection, destination: String, charts: [String: any Chart]) throws {
        // A heading is never left alone at the foot of a page.
        ensure(section.chart == nil ? 60 : 160)
        found[destination] = (page, Point(x: margin, y: y))
        if drawing {
            pdf.destination(destination, at: Point(x: margin, y: y))
            pdf.outline(section.title, page: page, at: Point(x: margin, y: y))
        }
        if drawing, let contents = targets[Self.contentsTarget] {
            // A link back to the contents, at the heading's right.
            let label = "↑ Contents"
            context.setColor(Self.accent)
            context.setFont(size: 8.5)
            let labelWidth = context.measure(label).advance
            context.drawText(label, at: Point(x: margin + width, y: y + 14), anchor: .end)
            pdf.link(toPage: contents.page, at: contents.point, rect: Rect(x: margin + width - labelWidth, y: y + 3, width: labelWidth, height: 14))
        }
        let headingWidth = targets[Self.contentsTarget] == nil ? width : width - 70
        for line in lines(section.title, size: 14, weight: .bold, width: headingWidth) {
            ensure(20)
            draw(line, x: margin, baseline: y + 20 * 0.78, size: 14, weight: .bold, color: Self.text)
            y += 20
        }
        y += 2
        for line in section.lines { paragraph(line, size: 10.5, color: Self.text, lineHeight: 14.5) }
        if let name = section.chart, let chart = charts[name] {
            let scale = min(1, width / chart.size.width, 0.72)
            let size = Size(width: chart.size.width * scale, height: chart.size.height * scale)
            let caption = lines(chart.summary, size: 8.5, weight: .regular, width: width)
            ensure(size.height + 10 + Double(caption.count) * 11.5)
            y += 6
            if drawing {
                try pdf.place(size: chart.size, in: Rect(x: margin, y: y, width: size.width, height: size.height)) { context in
                    context.paint(Theme.light.background)
                    try chart.draw(in: context, theme: .light)
                }
            }
            y += size.height + 4
            paragraph(chart.summary, size: 8.5, color: Self.muted, lineHeight: 11.5)
        }
        if let table = section.table { self.table(table) }
        y += 14
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
        let rowHeight = 14.0

        ensure(12 + 3 * rowHeight)
        y += 4
        paragraph(table.caption, size: 9, weight: .bold, color: Self.text, lineHeight: 13)
        header(table.headers, widths: widths, height: rowHeight)
        for (index, row) in table.rows.enumerated() {
            if y + rowHeight > bottom {
                newPage()
                paragraph("\(table.caption) (continued)", size: 9, weight: .bold, color: Self.muted, lineHeight: 13)
                header(table.headers, widths: widths, height: rowHeight)
            }
            if drawing, index % 2 == 1 {
                context.setColor(Self.zebra)
                context.rectangle(Rect(x: margin, y: y, width: width, height: rowHeight))
                context.fill()
            }
            var x = margin
            for (column, cell) in ([row.header] + row.cells).enumerated() where column < widths.count {
                draw(fitted(cell, size: 8.5, weight: column == 0 ? .bold : .regular, width: widths[column] - 10),
                     x: x + 5, baseline: y + 10, size: 8.5, weight: column == 0 ? .bold : .regular, color: Self.text)
                x += widths[column]
            }
            y += rowHeight
        }
    }

    private mutating func header(_ headers: [String], widths: [Double], height: Double) {
        if drawing {
            context.setColor(Self.headerFill)
            context.rectangle(Rect(x: margin, y: y, width: width, height: height))
            context.fill()
        }
        var x = margin
        for (index, header) in headers.enumerated() where index < widths.count {
            draw(fitted(header, size: 8.5, weight: .bold, width: widths[index] - 10), x: x + 5, baseline: y + 10,
                 size: 8.5, weight: .bold, color: Self.text)
            x += widths[index]
        }
        y += height
    }

    // MARK: Text and pages

    /// Wrapped text at the cursor, breaking the page between lines where needed.
    private mutating func paragraph(_ text: String, size: Double, weight: FontWeight = .regular, color: Color, lineHeight: Double) {
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
            current = measure(word, size: size, weight: weight) <= width ? word : fitted(word, size: size, weight: weight, width: width)
        }
        if !current.isEmpty { result.append(current) }
        return result.isEmpty ? [""] : result
    }

    /// `text`, shortened with an ellipsis when it is wider than `width`.
    private func fitted(_ text: String, size: Double, weight: FontWeight, width: Double) -> String {
        guard measure(text, size: size, weight: weight) > width else { return text }
        var characters = Array(text)
        while !characters.isEmpty, measure(String(characters) + "…", size: size, weight: weight) > width { characters.removeLast() }
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
        let text = "\(footer) · page \(page) of \(pages)"
        context.setColor(Self.muted)
        context.setFont(size: 8.5)
        context.drawText(text, at: Point(x: pdf.pageSize.width / 2, y: pdf.pageSize.height - 28), anchor: .middle)
    }
}
