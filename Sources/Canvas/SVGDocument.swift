import CCairo
import Foundation
import GazetteCore
import Graphics

/// An SVG written straight from the drawing's fills, strokes and text, without Cairo's SVG
/// surface: presentation attributes on each element (no `style`), colours as `#rrggbb`,
/// defaults left out, and text as `<text>` in the family the charts are laid out in. A fill and a stroke of the same path are one element, and a shape drawn more than
/// once in the same paint (a line's dots) is defined once and placed by `<use>` too. Ids count
/// up from 1 in order of first use, so the same drawing gives the same bytes.
///
/// With a palette (`ThemedColor`s by their stand-in colours) the document carries both colour
/// schemes: a stand-in colour is written as a class that the document's own style gives its
/// light, dark and forced colours. Such a document may hold several layouts of one picture
/// (`beginLayout`), each in its own `<svg>`, of which the style shows the one whose shape is
/// nearest the shape the picture is shown at; shared shapes are defined once for all.
final class SVGDocument {
    private(set) var size: Size
    let info: DocumentInfo
    private let palette: [Color: ThemedColor]
    /// The themed colours used, numbered in order of first use, and how: as fill, as stroke.
    private var themedNumbers: [Color: Int] = [:]
    private var themedUses: [(colour: ThemedColor, fill: Bool, stroke: Bool)] = []
    /// The sizes of the layouts begun so far.
    private var layouts: [Size] = []
    /// The drawing so far: markup as it is, and path elements that may become `<use>`s.
    private var pieces: [Piece] = []
    private var body: [UInt8] = []
    private var defs: [UInt8] = []
    /// Whether any text was drawn: the root then names the family and how text is laid out.
    private var hasText = false
    private var clipCount = 0
    /// A fill not yet written: a stroke of the same path joins it.
    private var pendingFill: Shape?

    private enum Piece {
        case markup([UInt8])
        case shape(Shape)
    }

    /// A path element: its data, its paint attributes, and the matrix it is drawn through, if
    /// any (such a path is never shared: a `<use>` places by translation only).
    private struct Shape {
        var path: SVGPathData
        var paint: Paint
        var transform: cairo_matrix_t?
    }

    /// How an element is painted: its classes (themed colours) and its presentation attributes.
    private struct Paint: Hashable {
        var classes: [UInt8] = []
        var attributes: [UInt8] = []

        var bytes: [UInt8] {
            classes.isEmpty ? attributes : Array(" class=\"".utf8) + classes + [SVGDocument.quote] + attributes
        }

        /// A fill's paint with a stroke's added: one element carries both.
        mutating func add(_ other: Paint) {
            if !classes.isEmpty, !other.classes.isEmpty { classes.append(UInt8(ascii: " ")) }
            classes += other.classes
            attributes += other.attributes
        }
    }

    /// A path's shape and paint, the same wherever it is drawn.
    private struct ShapeKey: Hashable {
        let rest: ArraySlice<UInt8>
        let attributes: Paint

        /// The bytes hashed as one block: the synthesized hash feeds them to the hasher one by one.
        func hash(into hasher: inout Hasher) {
            rest.withUnsafeBytes { hasher.combine(bytes: $0) }
            attributes.classes.withUnsafeBytes { hasher.combine(bytes: $0) }
            hasher.combine(attributes.classes.count)
            attributes.attributes.withUnsafeBytes { hasher.combine(bytes: $0) }
            hasher.combine(rest.count)
        }
    }

    /// Shapes longer than this are not worth a definition of their own.
    private static let longestSharedShape = 400
    /// Groups opened (by clips) at each saved state; restoring closes those of the state left.
    private var openGroups: [Int] = [0]
    /// The families text asks for: the one the charts are laid out in (`FontLibrary`), then faces
    /// of about its widths on systems without it; `textLength` keeps each run's width either way.
    static let fontFamilies = "DejaVu Sans,Verdana,sans-serif"
    /// The paint and font of the text group still open, so text alike shares one `<g>`.
    private var textFill: [UInt8]?

    init(size: Size, info: DocumentInfo, palette: [Color: ThemedColor] = [:]) {
        self.size = size
        self.info = info
        self.palette = palette
        body.reserveCapacity(16 * 1024)
    }

    /// Starts the next layout of the picture, of `size`: what is drawn until `endLayout` is it.
    func beginLayout(_ size: Size) {
        closeText()
        self.size = size
        layouts.append(size)
        append("<svg class=\"l\(layouts.count)\" viewBox=\"0 0 ")
        number(size.width)
        append(" ")
        number(size.height)
        append("\">\n")
    }

    func endLayout() {
        closeAll()
        append("</svg>\n")
    }

    func save() {
        closeText()
        openGroups.append(0)
    }

    func restore() {
        closeText()
        guard openGroups.count > 1 else { return }
        for _ in 0..<openGroups.removeLast() { append("</g>\n") }
    }

    /// The whole drawing area in one colour.
    func paint(_ color: Color) {
        closeText()
        append("<rect width=\"")
        number(size.width)
        append("\" height=\"")
        number(size.height)
        append("\"")
        body += paint(color, fill: true).bytes
        append("/>\n")
    }

    func fill(_ path: SVGPathData, color: Color, transform: cairo_matrix_t?) {
        guard !path.isEmpty else { return }
        closeText()
        pendingFill = Shape(path: path, paint: paint(color, fill: true), transform: transform)
    }

    struct StrokeStyle {
        var width: Double
        var cap: cairo_line_cap_t
        var join: cairo_line_join_t
        var dashes: [Double]
        var dashOffset: Double
    }

    func stroke(_ path: SVGPathData, color: Color, style: StrokeStyle, transform: cairo_matrix_t?) {
        guard !path.isEmpty else { return }
        var paint: Paint
        if let fill = pendingFill, fill.transform == nil, transform == nil, fill.path.bytes == path.bytes {
            pendingFill = nil
            paint = fill.paint
        } else {
            closeText()
            paint = Paint(attributes: Array(" fill=\"none\"".utf8))
        }
        paint.add(self.paint(color, fill: false))
        var attributes: [UInt8] = []
        if style.width != 1 { attributes += Array(" stroke-width=\"".utf8) + Self.decimal(style.width) + [Self.quote] }
        if style.cap == CAIRO_LINE_CAP_ROUND { attributes += Array(" stroke-linecap=\"round\"".utf8) }
        if style.cap == CAIRO_LINE_CAP_SQUARE { attributes += Array(" stroke-linecap=\"square\"".utf8) }
        if style.join == CAIRO_LINE_JOIN_ROUND { attributes += Array(" stroke-linejoin=\"round\"".utf8) }
        if style.join == CAIRO_LINE_JOIN_BEVEL { attributes += Array(" stroke-linejoin=\"bevel\"".utf8) }
        if !style.dashes.isEmpty {
            attributes += Array(" stroke-dasharray=\"".utf8)
            for (index, dash) in style.dashes.enumerated() {
                if index > 0 { attributes.append(UInt8(ascii: " ")) }
                attributes += Self.decimal(dash)
            }
            attributes.append(Self.quote)
            if style.dashOffset != 0 {
                attributes += Array(" stroke-dashoffset=\"".utf8) + Self.decimal(style.dashOffset) + [Self.quote]
            }
        }
        paint.attributes += attributes
        flushBody()
        pieces.append(.shape(Shape(path: path, paint: paint, transform: transform)))
    }

    fileprivate static let quote = UInt8(ascii: "\"")

    /// Everything drawn until the state is restored is clipped to `path` too.
    func clip(_ path: SVGPathData, transform: cairo_matrix_t?) {
        closeText()
        clipCount += 1
        append("<clipPath id=\"c\(clipCount)\">")
        body += Self.element(Shape(path: path, paint: Paint(), transform: transform))
        append("</clipPath>\n<g clip-path=\"url(#c\(clipCount))\">\n")
        openGroups[openGroups.count - 1] += 1
    }

    /// One run of text in one face: where its baseline starts (user units), its characters, and
    /// the advance Cairo measured for it.
    struct TextRun {
        let text: String
        let x: Double
        let y: Double
        let advance: Double
        let size: Double
        let bold: Bool
    }

    /// A run of text as a `<text>` element. Runs of one paint, size and weight share a `<g>` that
    /// carries them. A run of two or more characters says the advance Cairo laid it out with
    /// (`textLength`), so in whatever face the reader's browser has it spans the box the chart
    /// was laid out for: labels keep their places and never run into each other.
    func text(_ run: TextRun, color: Color, transform: cairo_matrix_t?) {
        guard run.text.contains(where: { !$0.isWhitespace }) else { return }
        hasText = true
        var group = paint(color, fill: true, always: true).bytes
        group += Array(" font-size=\"".utf8) + Self.decimal(run.size) + [Self.quote]
        if run.bold { group += Array(" font-weight=\"700\"".utf8) }
        if let transform { group += Array(" transform=\"".utf8) + Self.matrix(transform) + [Self.quote] }
        if textFill != group {
            closeText()
            append("<g")
            body += group
            append(">\n")
            textFill = group
        }
        append("<text x=\"")
        number(run.x)
        append("\" y=\"")
        number(run.y)
        if run.text.count > 1 {
            append("\" textLength=\"")
            number(run.advance)
        }
        append("\">")
        body += Self.escaped(run.text)
        append("</text>\n")
    }

    /// The document: root with its size, role, title and description, the style, the drawing.
    func finish() -> [UInt8] {
        closeAll()
        flushBody()
        var drawing: [UInt8] = []
        drawing.reserveCapacity(16 * 1024)
        writeShapes(into: &drawing, defs: &defs)
        var out: [UInt8] = []
        out.reserveCapacity(drawing.count + defs.count + 2048)
        out += Array("<svg xmlns=\"http://www.w3.org/2000/svg\"".utf8)
        // Layouts fill whatever box the picture is shown in: the root has no size of its own.
        if layouts.count < 2 {
            out += Array(" width=\"".utf8) + Self.decimal(size.width) + Array("\" height=\"".utf8)
            out += Self.decimal(size.height) + Array("\" viewBox=\"0 0 ".utf8)
            out += Self.decimal(size.width) + [UInt8(ascii: " ")] + Self.decimal(size.height) + [Self.quote]
        }
        // Cairo's miter limit, which SVG's default (4) is not.
        out += Array(" role=\"img\" stroke-miterlimit=\"10\"".utf8)
        if hasText { out += Array(" font-family=\"\(Self.fontFamilies)\"".utf8) }
        out += Array(">\n<title>".utf8)
        out += Self.escaped(info.title)
        out += Array("</title>\n<desc>".utf8)
        out += Self.escaped(info.description)
        out += Array("</desc>\n".utf8)
        out += SVGStyle(colours: themedUses, layouts: layouts, hasText: hasText).bytes
        if !defs.isEmpty {
            out += Array("<defs>\n".utf8)
            out += defs
            out += Array("</defs>\n".utf8)
        }
        out += drawing
        out += Array("</svg>\n".utf8)
        return out
    }

    // MARK: Pieces

    /// A shape as a `<path>` element of its own.
    private static func element(_ shape: Shape) -> [UInt8] {
        var out = Array("<path d=\"".utf8) + shape.path.bytes + [quote] + shape.paint.bytes
        if let transform = shape.transform { out += Array(" transform=\"".utf8) + matrix(transform) + [quote] }
        return out + Array("/>".utf8)
    }

    /// A fill or stroke in `color`: a class for a themed colour, else the colour itself (black,
    /// SVG's default fill, left out unless `always`); its opacity as an attribute either way.
    private func paint(_ color: Color, fill: Bool, always: Bool = false) -> Paint {
        let name = fill ? "fill" : "stroke"
        var paint = Paint()
        if let themed = palette[color.withAlpha(1)] {
            let number: Int
            if let known = themedNumbers[color.withAlpha(1)] {
                number = known
            } else {
                number = themedUses.count + 1
                themedNumbers[color.withAlpha(1)] = number
                themedUses.append((themed, false, false))
            }
            if fill { themedUses[number - 1].fill = true } else { themedUses[number - 1].stroke = true }
            paint.classes = Array("\(fill ? "f" : "s")\(number)".utf8)
        } else {
            let colour = Self.hex(color)
            if always || !fill || colour != Array("#000".utf8) {
                paint.attributes += Array(" \(name)=\"".utf8) + colour + [Self.quote]
            }
        }
        if color.alpha < 1 {
            paint.attributes += Array(" \(name)-opacity=\"".utf8) + Self.fraction(color.alpha) + [Self.quote]
        }
        return paint
    }

    /// Closes the text group, the clips' groups and whatever fill waits for a stroke.
    private func closeAll() {
        closeText()
        while openGroups.count > 1 { restore() }
        for _ in 0..<openGroups[0] { append("</g>\n") }
        openGroups[0] = 0
    }

    /// Ends what is open before another element: the text group, a fill waiting for its stroke.
    private func closeText() {
        if let fill = pendingFill {
            pendingFill = nil
            flushBody()
            pieces.append(.shape(fill))
        }
        guard textFill != nil else { return }
        textFill = nil
        append("</g>\n")
    }

    /// Moves the markup written so far into the pieces.
    private func flushBody() {
        guard !body.isEmpty else { return }
        pieces.append(.markup(body))
        body = []
    }

    /// The pieces as markup: a shape drawn at least twice becomes a definition and `<use>`s.
    private func writeShapes(into out: inout [UInt8], defs: inout [UInt8]) {
        func key(_ shape: Shape) -> ShapeKey? {
            let path = shape.path
            guard shape.transform == nil, path.bytes.count - path.restOffset <= Self.longestSharedShape else {
                return nil
            }
            return ShapeKey(rest: path.bytes[path.restOffset...], attributes: shape.paint)
        }
        var counts: [ShapeKey: Int] = [:]
        for case let .shape(shape) in pieces {
            if let key = key(shape) { counts[key, default: 0] += 1 }
        }
        var ids: [ShapeKey: Int] = [:]
        for piece in pieces {
            switch piece {
            case let .markup(bytes):
                out += bytes
            case let .shape(shape):
                guard let key = key(shape), (counts[key] ?? 0) > 1 else {
                    out += Self.element(shape) + [UInt8(ascii: "\n")]
                    continue
                }
                let id: Int
                if let known = ids[key] {
                    id = known
                } else {
                    id = ids.count + 1
                    ids[key] = id
                    defs +=
                        Array("<path id=\"s\(id)\" d=\"M0 0".utf8) + key.rest + [Self.quote] + shape.paint.bytes
                        + Array("/>\n".utf8)
                }
                let start = shape.path.start
                out +=
                    Array("<use href=\"#s\(id)\" x=\"".utf8) + SVGPathData.text(start.x) + Array("\" y=\"".utf8)
                    + SVGPathData.text(start.y) + Array("\"/>\n".utf8)
            }
        }
    }

    private func append(_ text: String) {
        var text = text
        text.withUTF8 { body.append(contentsOf: $0) }
    }

    private func number(_ value: Double) {
        body += Self.decimal(value)
    }

    static func decimal(_ value: Double) -> [UInt8] {
        SVGPathData.text(SVGPathData.hundredths(value))
    }

    /// `#rgb` where each channel's two hex digits are the same, else `#rrggbb`, from 8-bit channels.
    static func hex(_ color: Color) -> [UInt8] {
        let digits = Array("0123456789abcdef".utf8)
        let channels = [color.red, color.green, color.blue].map { UInt8(max(0, min(255, ($0 * 255).rounded()))) }
        if channels.allSatisfy({ $0 >> 4 == $0 & 0xF }) {
            return [UInt8(ascii: "#")] + channels.map { digits[Int($0 & 0xF)] }
        }
        return [UInt8(ascii: "#")] + channels.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 0xF)]] }
    }

    /// An opacity in thousandths, without a leading zero (`.55`).
    static func fraction(_ value: Double) -> [UInt8] {
        let thousandths = Int((max(0, min(1, value)) * 1000).rounded())
        guard thousandths < 1000 else { return [UInt8(ascii: "1")] }
        guard thousandths > 0 else { return [UInt8(ascii: "0")] }
        var digits = [thousandths / 100, thousandths / 10 % 10, thousandths % 10].map { UInt8(ascii: "0") + UInt8($0) }
        while digits.last == UInt8(ascii: "0") { digits.removeLast() }
        return [UInt8(ascii: ".")] + digits
    }

    /// A transform as `matrix(a b c d e f)`, its numbers to 1/100,000.
    static func matrix(_ m: cairo_matrix_t) -> [UInt8] {
        let values = [m.xx, m.yx, m.xy, m.yy, m.x0, m.y0].map { value -> String in
            let rounded = (value * 100_000).rounded() / 100_000
            return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
        }
        return Array("matrix(\(values.joined(separator: " ")))".utf8)
    }

    /// Text for an element's content: `&`, `<` and `>` escaped, and what XML forbids (controls,
    /// noncharacters) made U+FFFD.
    static func escaped(_ text: String) -> [UInt8] {
        var out: [UInt8] = []
        for byte in ControlCharacter.writable(text).utf8 {
            switch byte {
            case UInt8(ascii: "&"): out += Array("&amp;".utf8)
            case UInt8(ascii: "<"): out += Array("&lt;".utf8)
            case UInt8(ascii: ">"): out += Array("&gt;".utf8)
            default: out.append(byte)
            }
        }
        return out
    }
}
