import Deterministic
import Foundation

/// A chart's SVG document (`SVGDocument`'s: themed classes, maybe several layouts) made into an
/// `<svg>` element of an HTML page. Inside a page a style is the whole page's and media queries
/// read the page's viewport, not the picture's box, so every id and class the document wrote
/// (and every `#id` reference and `.class` selector) gets the page's prefix, the layouts' aspect
/// ratio queries become the page's own media conditions, and the element sizes itself as an
/// `<img>` of the same file would be sized. It reads the markup the document wrote rather than
/// how it was written, so it holds for whatever elements, ids and classes the drawing uses.
package enum SVGInlining {
    /// `prefix` goes before every id and class: unique within the page, starting with a letter
    /// (ids and classes start with one, so a prefix ending in a digit joins them unambiguously).
    /// `layoutMedia`: for each layout after the first, the page's media condition under which the
    /// page shows it (where an `<img>` of the file would take that layout's shape).
    package static func element(_ svg: [UInt8], prefix: String, layoutMedia: [String]) -> String {
        let text = String(decoding: svg, as: UTF8.self)
        var css = ""
        var markup = ""
        // The document's own style: taken out here, prefixed and put back after the root's rule.
        if let open = text.range(of: "<style>\n"),
            let close = text.range(of: "</style>\n", range: open.upperBound..<text.endIndex)
        {
            css = String(text[open.upperBound..<close.lowerBound])
            markup = String(text[..<open.lowerBound]) + "\u{0}" + String(text[close.upperBound...])
        } else if let desc = text.range(of: "</desc>\n") {
            markup = String(text[..<desc.upperBound]) + "\u{0}" + String(text[desc.upperBound...])
        } else {
            markup = text
        }
        var layouts: [(width: String, height: String)] = []
        var out = ""
        out.reserveCapacity(text.utf8.count + 1024)
        var rest = markup[...]
        var isRoot = true
        while let start = rest.firstIndex(of: "<") {
            out += rest[..<start]
            guard let end = rest[start...].firstIndex(of: ">") else { break }
            var tag = String(rest[start...end])
            rest = rest[rest.index(after: end)...]
            if tag.hasPrefix("<svg"), !isRoot, let size = viewBoxSize(tag) { layouts.append(size) }
            tag = prefixed(tag, prefix)
            if isRoot, tag.hasPrefix("<svg") {
                isRoot = false
                tag = tag.replacingLiteral(" xmlns=\"http://www.w3.org/2000/svg\"", with: "")
                tag = "<svg class=\"\(prefix)r\"" + tag.dropFirst("<svg".count)
            }
            out += tag
        }
        out += rest
        // The page puts the element on a line of its own.
        while out.last == "\n" { out.removeLast() }
        let style =
            "<style>\n" + rootRules(prefix, layouts: layouts, layoutMedia: layoutMedia)
            + scopedTextRule(selectors(css, prefix, layoutMedia: layoutMedia), prefix) + "</style>\n"
        out = out.replacingLiteral("\u{0}", with: style)
        // A root without a size of its own (several layouts) takes the first layout's, as the file's `<img>` did.
        if let first = layouts.first {
            let root = "<svg class=\"\(prefix)r\""
            if out.hasPrefix(root) {
                out =
                    root + " width=\"\(first.width)\" height=\"\(first.height)\""
                    + String(decoding: out.utf8.dropFirst(root.utf8.count), as: UTF8.self)
            }
        }
        return out
    }

    /// The root's box as the page's CSS gives a chart's `<img>`: its width at most the column's,
    /// its height by its shape, centred; under each later layout's media condition, that layout's
    /// width and shape. Its forced colours are its own style's, as a picture's are.
    private static func rootRules(
        _ prefix: String, layouts: [(width: String, height: String)], layoutMedia: [String]
    ) -> String {
        var out = ".\(prefix)r{display:block;max-width:100%;height:auto;margin:0 auto;forced-color-adjust:none"
        if let first = layouts.first { out += ";aspect-ratio:\(first.width)/\(first.height)" }
        out += "}\n"
        for (index, layout) in layouts.enumerated().dropFirst() {
            let media = layoutMedia.isEmpty ? "not all" : layoutMedia[min(index - 1, layoutMedia.count - 1)]
            out +=
                "@media \(media){.\(prefix)r{width:\(layout.width)px;aspect-ratio:\(layout.width)/\(layout.height)}}\n"
        }
        return out
    }

    /// The document's rule for its text (`text{…}`) kept to this chart's own text: in a page, a
    /// bare element selector would reach every SVG's text.
    private static func scopedTextRule(_ css: String, _ prefix: String) -> String {
        css.replacingLiteral("text{", with: ".\(prefix)r text{")
    }

    /// The document's rules with each `.class` selector prefixed and each layout's aspect ratio
    /// query made the page's media condition for that layout, in order.
    private static func selectors(_ css: String, _ prefix: String, layoutMedia: [String]) -> String {
        var out = ""
        out.reserveCapacity(css.count * 2)
        var rest = css[...]
        var layout = 0
        while let index = rest.firstIndex(where: { $0 == "." || $0 == "(" }) {
            out += rest[..<index]
            let after = rest.index(after: index)
            if rest[index] == "(", rest[after...].hasPrefix("max-aspect-ratio:"),
                let close = rest[after...].firstIndex(of: ")")
            {
                out += layoutMedia.isEmpty ? "not all" : layoutMedia[min(layout, layoutMedia.count - 1)]
                layout += 1
                rest = rest[rest.index(after: close)...]
                continue
            }
            out.append(rest[index])
            if rest[index] == ".", after < rest.endIndex, rest[after].isLetter { out += prefix }
            rest = rest[after...]
        }
        return out + rest
    }

    /// A tag with its `id`s, `#id` references (`href`, `url()`) and classes prefixed.
    private static func prefixed(_ tag: String, _ prefix: String) -> String {
        var tag = tag.replacingLiteral(" id=\"", with: " id=\"\(prefix)")
            .replacingLiteral("href=\"#", with: "href=\"#\(prefix)")
            .replacingLiteral("url(#", with: "url(#\(prefix)")
        guard let start = tag.range(of: " class=\""), let end = tag[start.upperBound...].firstIndex(of: "\"") else {
            return tag
        }
        let classes = tag[start.upperBound..<end].split(separator: " ").map { prefix + $0 }.joined(separator: " ")
        tag.replaceSubrange(start.upperBound..<end, with: classes)
        return tag
    }

    /// A nested layout's size from its `viewBox="0 0 W H"`.
    private static func viewBoxSize(_ tag: String) -> (width: String, height: String)? {
        guard let start = tag.range(of: " viewBox=\""), let end = tag[start.upperBound...].firstIndex(of: "\"") else {
            return nil
        }
        let numbers = tag[start.upperBound..<end].split(separator: " ")
        guard numbers.count == 4 else { return nil }
        return (String(numbers[2]), String(numbers[3]))
    }
}
