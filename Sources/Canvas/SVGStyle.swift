import Graphics

/// The `<style>` of an SVG that carries both colour schemes and maybe several layouts: each
/// themed colour's class in light, in dark (`prefers-color-scheme`) and in forced colours, and
/// which layout shows at which shape of the box the picture is shown in. Media queries in an SVG
/// shown by `<img>` see the image's own box, so the layout follows the size the page gives it.
struct SVGStyle {
    /// The themed colours in their classes' order (`f1`/`s1` is the first), and how each is used.
    let colours: [(colour: ThemedColor, fill: Bool, stroke: Bool)]
    /// The layouts' sizes, widest shape first.
    let layouts: [Size]
    /// Whether the document has text: its runs are then placed as Cairo placed them, glyph by
    /// glyph without kerning (Cairo's text API does not kern) and with their spaces kept.
    var hasText = false

    var bytes: [UInt8] {
        guard !colours.isEmpty || layouts.count > 1 || hasText else { return [] }
        var css = hasText ? "text{font-kerning:none;white-space:pre}\n" : ""
        if !colours.isEmpty {
            css += rules { ($0.light.hexText, $0.light.alpha) }
            css += "@media (prefers-color-scheme:dark){" + rules { ($0.dark.hexText, $0.dark.alpha) } + "}\n"
            css += "@media (forced-colors:active){" + rules { ($0.forced, $0.light.alpha) } + "}\n"
        }
        css += layoutRules
        return Array("<style>\n\(css)</style>\n".utf8)
    }

    /// Each class in use with its colour and opacity from `value` (the opacity only when less
    /// than opaque).
    private func rules(_ value: (ThemedColor) -> (colour: String, alpha: Double)) -> String {
        guard !colours.isEmpty else { return "" }
        var out = ""
        for (index, use) in colours.enumerated() {
            let (colour, alpha) = value(use.colour)
            for (property, used) in [("fill", use.fill), ("stroke", use.stroke)] where used {
                out += ".\(property.prefix(1))\(index + 1){\(property):\(colour)"
                if alpha < 1 {
                    out += ";\(property)-opacity:" + String(decoding: SVGDocument.fraction(alpha), as: UTF8.self)
                }
                out += "}"
            }
        }
        return out + "\n"
    }

    /// Only the first layout shows, until the box is narrower in shape than halfway (by ratio)
    /// between a layout's shape and the next one's: then the next shows.
    private var layoutRules: String {
        guard layouts.count > 1 else { return "" }
        let classes = layouts.indices.map { ".l\($0 + 1)" }
        var out = classes.dropFirst().joined(separator: ",") + "{display:none}\n"
        for index in layouts.indices.dropFirst() {
            let ratio = (Self.ratio(layouts[index - 1]) * Self.ratio(layouts[index])).squareRoot()
            let others = classes.indices.filter { $0 != index }.map { classes[$0] }.joined(separator: ",")
            out += "@media (max-aspect-ratio:\(Int((ratio * 1000).rounded()))/1000){"
            out += others + "{display:none}" + classes[index] + "{display:inline}}\n"
        }
        return out
    }

    private static func ratio(_ size: Size) -> Double { size.width / size.height }
}

extension Color {
    /// `#rgb` or `#rrggbb`, as the document writes colours.
    fileprivate var hexText: String { String(decoding: SVGDocument.hex(self), as: UTF8.self) }
}
