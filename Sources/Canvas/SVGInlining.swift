import Deterministic

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
        // Byte by byte: Foundation's searches on Linux go through UTF-16, and every tag of every
        // chart of every page passes here. The markup is ASCII outside text, so bytes suffice.
        var tags = TagRewriter(prefix: Array(prefix.utf8))
        var out: [UInt8] = []
        out.reserveCapacity(svg.count + svg.count / 4 + 1024)
        var css: ArraySlice<UInt8> = []
        // Where the style goes: the document's own, taken out here, prefixed and put back there.
        var slot: Int?
        if let open = svg.firstIndex(ofBytes: Bytes.styleOpen),
            let close = svg.firstIndex(ofBytes: Bytes.styleClose, from: open + Bytes.styleOpen.count)
        {
            css = svg[(open + Bytes.styleOpen.count)..<close]
            tags.copy(svg[..<open], into: &out)
            slot = out.count
            tags.copy(svg[(close + Bytes.styleClose.count)...], into: &out)
        } else if let desc = svg.firstIndex(ofBytes: Bytes.descClose) {
            tags.copy(svg[..<(desc + Bytes.descClose.count)], into: &out)
            slot = out.count
            tags.copy(svg[(desc + Bytes.descClose.count)...], into: &out)
        } else {
            tags.copy(svg[...], into: &out)
        }
        // The page puts the element on a line of its own.
        while out.last == UInt8(ascii: "\n") { out.removeLast() }
        var result: [UInt8] = []
        result.reserveCapacity(out.count + 1024)
        var copied = 0
        // A root without a size of its own (several layouts) takes the first layout's, as the file's `<img>` did.
        if let first = tags.layouts.first, let rootEnd = tags.rootClassEnd {
            result += out[..<rootEnd]
            result += Array(" width=\"\(first.width)\" height=\"\(first.height)\"".utf8)
            copied = rootEnd
        }
        if let slot, slot >= copied {
            let at = min(slot, out.count)
            let style =
                "<style>\n" + rootRules(prefix, layouts: tags.layouts, layoutMedia: layoutMedia)
                + scopedTextRule(
                    selectors(String(decoding: css, as: UTF8.self), prefix, layoutMedia: layoutMedia), prefix)
                + "</style>\n"
            result += out[copied..<at]
            result += Array(style.utf8)
            copied = at
        }
        result += out[copied...]
        return String(decoding: result, as: UTF8.self)
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

    private enum Bytes {
        static let styleOpen = Array("<style>\n".utf8)
        static let styleClose = Array("</style>\n".utf8)
        static let descClose = Array("</desc>\n".utf8)
        static let id = Array(" id=\"".utf8)
        static let href = Array("href=\"#".utf8)
        static let url = Array("url(#".utf8)
        static let classOpen = Array(" class=\"".utf8)
        static let svgOpen = Array("<svg".utf8)
        static let viewBox = Array(" viewBox=\"".utf8)
        static let namespace = Array(" xmlns=\"http://www.w3.org/2000/svg\"".utf8)
    }

    /// Copies markup tag by tag: each tag's ids, `#id` references (`href`, `url()`) and classes
    /// prefixed, the root `<svg>` given the page's class and no namespace, and the size of each
    /// nested `<svg>` (a layout) noted; text between tags as it is.
    private struct TagRewriter {
        let prefix: [UInt8]
        private(set) var layouts: [(width: String, height: String)] = []
        /// Where the root's `<svg class="…r"` ends in the output, when the root begins it.
        private(set) var rootClassEnd: Int?
        private var isRoot = true

        init(prefix: [UInt8]) { self.prefix = prefix }

        mutating func copy(_ markup: ArraySlice<UInt8>, into out: inout [UInt8]) {
            var index = markup.startIndex
            while index < markup.endIndex {
                guard let start = markup[index...].firstIndex(of: UInt8(ascii: "<")) else { break }
                out += markup[index..<start]
                guard let end = markup[start...].firstIndex(of: UInt8(ascii: ">")) else {
                    index = start
                    break
                }
                tag(markup[start...end], into: &out)
                index = end + 1
            }
            out += markup[index...]
        }

        private mutating func tag(_ tag: ArraySlice<UInt8>, into out: inout [UInt8]) {
            let isSVG = tag.starts(with: Bytes.svgOpen)
            if isSVG, !isRoot, let size = Self.viewBoxSize(tag) { layouts.append(size) }
            var body = tag
            if isSVG, isRoot {
                isRoot = false
                if out.isEmpty {
                    out += Bytes.svgOpen
                    out += Bytes.classOpen
                    out += prefix
                    out += Array("r\"".utf8)
                    rootClassEnd = out.count
                } else {
                    out += Array("<svg class=\"".utf8) + prefix + Array("r\"".utf8)
                }
                body = tag.dropFirst(Bytes.svgOpen.count)
                prefixed(body, into: &out, skipping: Bytes.namespace)
                return
            }
            prefixed(body, into: &out, skipping: nil)
        }

        /// The tag's bytes with the prefix after each ` id="`, `href="#` and `url(#`, before each
        /// class of the first ` class="…"`, and without any `skipping`.
        private func prefixed(_ tag: ArraySlice<UInt8>, into out: inout [UInt8], skipping: [UInt8]?) {
            var index = tag.startIndex
            var copied = index
            var classesDone = false
            while index < tag.endIndex {
                let byte = tag[index]
                if let skipping, byte == skipping[0], tag[index...].starts(with: skipping) {
                    out += tag[copied..<index]
                    index += skipping.count
                    copied = index
                    continue
                }
                var marker: [UInt8]?
                if byte == UInt8(ascii: " ") {
                    if tag[index...].starts(with: Bytes.id) {
                        marker = Bytes.id
                    } else if !classesDone, tag[index...].starts(with: Bytes.classOpen) {
                        classesDone = true
                        out += tag[copied..<index]
                        out += Bytes.classOpen
                        index += Bytes.classOpen.count
                        let end = tag[index...].firstIndex(of: UInt8(ascii: "\"")) ?? tag.endIndex
                        classes(tag[index..<end], into: &out)
                        index = end
                        copied = index
                        continue
                    }
                } else if byte == UInt8(ascii: "h"), tag[index...].starts(with: Bytes.href) {
                    marker = Bytes.href
                } else if byte == UInt8(ascii: "u"), tag[index...].starts(with: Bytes.url) {
                    marker = Bytes.url
                }
                if let marker {
                    index += marker.count
                    out += tag[copied..<index]
                    out += prefix
                    copied = index
                } else {
                    index += 1
                }
            }
            out += tag[copied...]
        }

        /// Each space-separated class with the prefix, one space between.
        private func classes(_ value: ArraySlice<UInt8>, into out: inout [UInt8]) {
            var first = true
            for name in value.split(separator: UInt8(ascii: " ")) {
                if !first { out.append(UInt8(ascii: " ")) }
                first = false
                out += prefix
                out += name
            }
        }

        /// A nested layout's size from its `viewBox="0 0 W H"`.
        private static func viewBoxSize(_ tag: ArraySlice<UInt8>) -> (width: String, height: String)? {
            guard let start = tag.firstIndex(ofBytes: Bytes.viewBox) else { return nil }
            let from = start + Bytes.viewBox.count
            guard let end = tag[from...].firstIndex(of: UInt8(ascii: "\"")) else { return nil }
            let numbers = tag[from..<end].split(separator: UInt8(ascii: " "))
            guard numbers.count == 4 else { return nil }
            return (String(decoding: numbers[2], as: UTF8.self), String(decoding: numbers[3], as: UTF8.self))
        }
    }
}
