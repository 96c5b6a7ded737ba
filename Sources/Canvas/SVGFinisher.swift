/// Makes Cairo's SVG output stable and accessible.
///
/// Cairo numbers `id`s (`surface12`, `glyph3-1`, `clip4`) from process-wide counters, so the same
/// chart drawn second in a process would differ from the first. Ids are renumbered in order of
/// first definition, keeping their alphabetic stem; references (`#id"` and `#id)`) follow.
/// The root gets `role="img"`, a `<title>` and a `<desc>`.
enum SVGFinisher {
    static func finish(_ svg: String, info: DocumentInfo) -> String {
        let renumbered = renumberIDs(svg)
        return addAccessibility(renumbered, info: info)
    }

    static func renumberIDs(_ svg: String) -> String {
        let bytes = Array(svg.utf8)
        let marker = Array("id=\"".utf8)
        // Pass 1: the ids in order of definition, each given a new name.
        var renamed: [String: String] = [:]
        var counters: [String: Int] = [:]
        var i = 0
        while i + marker.count <= bytes.count {
            if bytes[i] == UInt8(ascii: "i"), hasMarker(bytes, at: i, marker), i == 0 || bytes[i - 1] == UInt8(ascii: " ") {
                let start = i + marker.count
                var end = start
                while end < bytes.count, bytes[end] != UInt8(ascii: "\"") { end += 1 }
                let id = String(decoding: bytes[start..<end], as: UTF8.self)
                if renamed[id] == nil {
                    let stem = String(id.prefix { $0.isLetter })
                    let number = counters[stem, default: 0] + 1
                    counters[stem] = number
                    renamed[id] = "\(stem.isEmpty ? "id" : stem)\(number)"
                }
                i = end
            } else {
                i += 1
            }
        }
        guard !renamed.isEmpty else { return svg }
        // Colours are written "#rrggbb" too: only a name that starts as some id does is looked up.
        let firstBytes = Set(renamed.keys.compactMap { $0.utf8.first })
        // Pass 2: rewrite definitions and references in one sweep, so no new name is rewritten again.
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        i = 0
        while i < bytes.count {
            let byte = bytes[i]
            var nameStart: Int?
            if byte == UInt8(ascii: "#") {
                nameStart = i + 1
            } else if byte == UInt8(ascii: "i"), hasMarker(bytes, at: i, marker), i == 0 || bytes[i - 1] == UInt8(ascii: " ") {
                out.append(contentsOf: marker)
                nameStart = i + marker.count
            }
            if let start = nameStart {
                if start < bytes.count, firstBytes.contains(bytes[start]) {
                    var end = start
                    while end < bytes.count, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: ")"),
                          bytes[end] != UInt8(ascii: " ") { end += 1 }
                    if let new = renamed[String(decoding: bytes[start..<end], as: UTF8.self)] {
                        if byte == UInt8(ascii: "#") { out.append(byte) }
                        out.append(contentsOf: new.utf8)
                        i = end
                        continue
                    }
                }
                if byte == UInt8(ascii: "#") {
                    out.append(byte)
                    i += 1
                } else {
                    i = start
                }
                continue
            }
            out.append(byte)
            i += 1
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func hasMarker(_ bytes: [UInt8], at i: Int, _ marker: [UInt8]) -> Bool {
        guard i + marker.count <= bytes.count else { return false }
        for (offset, byte) in marker.enumerated() where bytes[i + offset] != byte { return false }
        return true
    }

    static func addAccessibility(_ svg: String, info: DocumentInfo) -> String {
        guard let open = svg.range(of: "<svg "), let close = svg[open.upperBound...].firstIndex(of: ">") else { return svg }
        var result = svg
        let afterRoot = result.index(after: close)
        result.insert(contentsOf: "\n<title>\(escape(info.title))</title>\n<desc>\(escape(info.description))</desc>",
                      at: afterRoot)
        result.insert(contentsOf: " role=\"img\"", at: close)
        return result
    }

    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.count)
        for ch in text {
            switch ch {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            // XML 1.0 allows no other control characters, even escaped.
            case _ where ch.unicodeScalars.contains { $0.value < 0x20 && $0 != "\t" && $0 != "\n" && $0 != "\r" }:
                out += "\u{FFFD}"
            default: out.append(ch)
            }
        }
        return out
    }
}
