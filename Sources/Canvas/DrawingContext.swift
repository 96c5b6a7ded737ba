import CCairo
import Foundation
import GazetteCore
import Graphics

/// A drawing context over one surface: paths, fills, strokes and text.
///
/// Coordinates are chart pixels; a 2× PNG is drawn through the same calls with a scaled matrix.
/// The context is only used inside `Canvas.render`, which owns the surface and checks every status.
///
/// An SVG is written by `SVGDocument`, not by Cairo: Cairo still holds the state, builds the
/// paths (arcs become the Béziers it would draw) and lays out and measures the text, on a
/// one-pixel surface; each fill, stroke, clip and run of text goes to the document instead.
public final class DrawingContext {
    let cr: OpaquePointer
    /// The size of the drawing area in chart pixels.
    public let size: Size
    private var fontSize: Double = 12
    private var fontWeight: FontWeight = .regular
    /// Where an SVG's elements go; nil when Cairo's surface is the output.
    let svg: SVGDocument?

    init(cr: OpaquePointer, size: Size, svg: SVGDocument? = nil) {
        self.cr = cr
        self.size = size
        self.svg = svg
        let options = FontLibrary.makeOptions()
        cairo_set_font_options(cr, options)
        cairo_font_options_destroy(options)
        setFont(size: 12)
    }

    // MARK: State

    /// Device pixels per chart pixel along x: 2 for a 2× PNG, 1 for a 1× PNG and for SVG and PDF.
    public var deviceScale: Double {
        var dx = 1.0, dy = 0.0
        cairo_user_to_device_distance(cr, &dx, &dy)
        return (dx * dx + dy * dy).squareRoot()
    }

    public func save() {
        cairo_save(cr)
        svg?.save()
    }

    public func restore() {
        svg?.restore()
        cairo_restore(cr)
    }

    /// Runs `body` with the graphics state saved before and restored after.
    public func withSavedState<T>(_ body: () throws -> T) rethrows -> T {
        save()
        defer { restore() }
        return try body()
    }

    public func translate(x: Double, y: Double) { cairo_translate(cr, x, y) }
    public func rotate(radians: Double) { cairo_rotate(cr, radians) }

    public func setColor(_ color: Color) {
        cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha)
    }

    public func setLineWidth(_ width: Double) { cairo_set_line_width(cr, width) }

    public func setLineCap(_ cap: LineCap) {
        switch cap {
        case .butt: cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT)
        case .round: cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        case .square: cairo_set_line_cap(cr, CAIRO_LINE_CAP_SQUARE)
        }
    }

    public func setLineJoin(_ join: LineJoin) {
        switch join {
        case .miter: cairo_set_line_join(cr, CAIRO_LINE_JOIN_MITER)
        case .round: cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
        case .bevel: cairo_set_line_join(cr, CAIRO_LINE_JOIN_BEVEL)
        }
    }

    /// Dashed strokes; an empty pattern turns dashing off.
    public func setDash(_ pattern: [Double], offset: Double = 0) {
        pattern.withUnsafeBufferPointer { cairo_set_dash(cr, $0.baseAddress, Int32($0.count), offset) }
    }

    // MARK: Paths

    public func newPath() { cairo_new_path(cr) }
    public func newSubPath() { cairo_new_sub_path(cr) }
    public func closePath() { cairo_close_path(cr) }
    public func move(to point: Point) { cairo_move_to(cr, point.x, point.y) }
    public func line(to point: Point) { cairo_line_to(cr, point.x, point.y) }

    public func curve(to point: Point, control1: Point, control2: Point) {
        cairo_curve_to(cr, control1.x, control1.y, control2.x, control2.y, point.x, point.y)
    }

    /// A clockwise arc (in screen coordinates, y down) from `start` to `end` radians; 0 points right.
    public func arc(center: Point, radius: Double, start: Double, end: Double) {
        cairo_arc(cr, center.x, center.y, radius, start, end)
    }

    /// A counter-clockwise arc.
    public func arcNegative(center: Point, radius: Double, start: Double, end: Double) {
        cairo_arc_negative(cr, center.x, center.y, radius, start, end)
    }

    public func rectangle(_ rect: Rect) {
        cairo_rectangle(cr, rect.x, rect.y, rect.width, rect.height)
    }

    /// A rectangle with circular corners of `radius` (clamped to half the shorter side).
    public func roundedRectangle(_ rect: Rect, radius: Double) {
        let r = max(0, min(radius, rect.width / 2, rect.height / 2))
        guard r > 0 else { return rectangle(rect) }
        newSubPath()
        arc(center: Point(x: rect.maxX - r, y: rect.minY + r), radius: r, start: -.pi / 2, end: 0)
        arc(center: Point(x: rect.maxX - r, y: rect.maxY - r), radius: r, start: 0, end: .pi / 2)
        arc(center: Point(x: rect.minX + r, y: rect.maxY - r), radius: r, start: .pi / 2, end: .pi)
        arc(center: Point(x: rect.minX + r, y: rect.minY + r), radius: r, start: .pi, end: 3 * .pi / 2)
        closePath()
    }

    public func circle(center: Point, radius: Double) {
        newSubPath()
        arc(center: center, radius: radius, start: 0, end: 2 * .pi)
        closePath()
    }

    public func fill() {
        guard let svg else { return cairo_fill(cr) }
        svg.fill(currentPath(), color: sourceColor(), transform: transform())
        cairo_new_path(cr)
    }

    public func fillPreserve() {
        guard let svg else { return cairo_fill_preserve(cr) }
        svg.fill(currentPath(), color: sourceColor(), transform: transform())
    }

    public func stroke() {
        guard let svg else { return cairo_stroke(cr) }
        svg.stroke(currentPath(), color: sourceColor(), style: strokeStyle(), transform: transform())
        cairo_new_path(cr)
    }

    public func strokePreserve() {
        guard let svg else { return cairo_stroke_preserve(cr) }
        svg.stroke(currentPath(), color: sourceColor(), style: strokeStyle(), transform: transform())
    }

    public func clip() {
        svg?.clip(currentPath(), transform: transform())
        cairo_clip(cr)
    }

    /// Fills the whole surface with a colour.
    public func paint(_ color: Color) {
        setColor(color)
        guard let svg else { return cairo_paint(cr) }
        svg.paint(color)
    }

    // MARK: What an SVG element needs of Cairo's state

    /// The current path in user units, as SVG path data.
    private func currentPath() -> SVGPathData {
        let path = cairo_copy_path(cr)!
        defer { cairo_path_destroy(path) }
        return SVGPathData(path)
    }

    private func sourceColor() -> Color {
        var red = 0.0, green = 0.0, blue = 0.0, alpha = 1.0
        cairo_pattern_get_rgba(cairo_get_source(cr), &red, &green, &blue, &alpha)
        return Color(red: red, green: green, blue: blue, alpha: alpha)
    }

    private func strokeStyle() -> SVGDocument.StrokeStyle {
        let count = Int(cairo_get_dash_count(cr))
        var dashes = [Double](repeating: 0, count: count)
        var offset = 0.0
        if count > 0 { dashes.withUnsafeMutableBufferPointer { cairo_get_dash(cr, $0.baseAddress, &offset) } }
        return SVGDocument.StrokeStyle(
            width: cairo_get_line_width(cr), cap: cairo_get_line_cap(cr), join: cairo_get_line_join(cr),
            dashes: dashes, dashOffset: offset)
    }

    /// The user-to-device matrix when it is not the identity (no chart moves its origin today).
    private func transform() -> cairo_matrix_t? {
        var matrix = cairo_matrix_t()
        cairo_get_matrix(cr, &matrix)
        let identity =
            matrix.xx == 1 && matrix.yx == 0 && matrix.xy == 0 && matrix.yy == 1 && matrix.x0 == 0
            && matrix.y0 == 0
        return identity ? nil : matrix
    }

    /// Shows `text` from the current point in the current face, as `cairo_show_text` does, and
    /// moves the point past it. On an SVG the run is written as text, with the advance Cairo
    /// measures for it.
    private func show(_ text: String) {
        ScaledFontPins.pin(cr)
        guard let svg else { return cairo_show_text(cr, text) }
        var x = 0.0, y = 0.0
        cairo_get_current_point(cr, &x, &y)
        var extents = cairo_text_extents_t()
        cairo_text_extents(cr, text, &extents)
        svg.text(
            SVGDocument.TextRun(
                text: text, x: x, y: y, advance: extents.x_advance, size: fontSize, bold: fontWeight == .bold),
            color: sourceColor(), transform: transform())
        cairo_new_path(cr)
        cairo_move_to(cr, x + extents.x_advance, y + extents.y_advance)
    }

    // MARK: Text

    public func setFont(size: Double, weight: FontWeight = .regular) {
        fontSize = size
        fontWeight = weight
        cairo_set_font_face(cr, FontLibrary.shared.face(weight))
        cairo_set_font_size(cr, size)
    }

    public func measure(_ text: String) -> TextExtents {
        // Cairo refuses text with a noncharacter, and stops at a NUL: neither may stop a drawing.
        let text = ControlCharacter.writable(text)
        guard let runs = FontLibrary.shared.runs(of: text) else {
            ScaledFontPins.pin(cr)
            var extents = cairo_text_extents_t()
            cairo_text_extents(cr, text, &extents)
            return TextExtents(
                advance: extents.x_advance, inkX: extents.x_bearing, inkY: extents.y_bearing,
                inkWidth: extents.width, inkHeight: extents.height)
        }
        // Runs in two faces: advances add up, ink boxes unite at their pen positions.
        var advance = 0.0
        var left = Double.infinity, right = -Double.infinity, top = Double.infinity, bottom = -Double.infinity
        for run in runs {
            selectFace(fallback: run.fallback)
            ScaledFontPins.pin(cr)
            var extents = cairo_text_extents_t()
            cairo_text_extents(cr, run.text, &extents)
            if extents.width > 0 || extents.height > 0 {
                left = min(left, advance + extents.x_bearing)
                right = max(right, advance + extents.x_bearing + extents.width)
                top = min(top, extents.y_bearing)
                bottom = max(bottom, extents.y_bearing + extents.height)
            }
            advance += extents.x_advance
        }
        selectFace(fallback: false)
        guard left.isFinite else { return TextExtents(advance: advance, inkX: 0, inkY: 0, inkWidth: 0, inkHeight: 0) }
        return TextExtents(advance: advance, inkX: left, inkY: top, inkWidth: right - left, inkHeight: bottom - top)
    }

    /// The family's face, or the face for characters it has none of, at the current weight.
    private func selectFace(fallback: Bool) {
        cairo_set_font_face(
            cr, fallback ? FontLibrary.shared.fallbackFace(fontWeight) : FontLibrary.shared.face(fontWeight))
        cairo_set_font_size(cr, fontSize)
    }

    public func fontMetrics() -> FontMetrics {
        ScaledFontPins.pin(cr)
        var extents = cairo_font_extents_t()
        cairo_font_extents(cr, &extents)
        return FontMetrics(ascent: extents.ascent, descent: extents.descent, height: extents.height)
    }

    /// Draws one line of text with its anchor at `point`.
    public func drawText(
        _ text: String, at point: Point, anchor: TextAnchor = .start,
        baseline: TextBaseline = .alphabetic
    ) {
        let text = ControlCharacter.writable(text)
        let width = measure(text).advance
        let x: Double
        switch anchor {
        case .start: x = point.x
        case .middle: x = point.x - width / 2
        case .end: x = point.x - width
        }
        let metrics = fontMetrics()
        let y: Double
        switch baseline {
        case .alphabetic: y = point.y
        // Half the cap height of DejaVu Sans (0.729 em), so digits and capitals look centred.
        case .middle: y = point.y + fontSize * 0.3645
        case .top: y = point.y + metrics.ascent
        case .bottom: y = point.y - metrics.descent
        }
        cairo_move_to(cr, x, y)
        if let runs = FontLibrary.shared.runs(of: text) {
            // Each run from the current point on, which the run before it has advanced.
            for run in runs {
                selectFace(fallback: run.fallback)
                show(run.text)
            }
            selectFace(fallback: false)
        } else {
            show(text)
        }
        cairo_new_path(cr)
    }

    /// The status Cairo has recorded for this context, as an error when it is not success.
    func checkStatus(_ operation: String) throws(CanvasError) {
        let status = cairo_status(cr)
        if status != CAIRO_STATUS_SUCCESS {
            throw CanvasError.cairo(operation: operation, status: String(cString: cairo_status_to_string(status)))
        }
    }
}
