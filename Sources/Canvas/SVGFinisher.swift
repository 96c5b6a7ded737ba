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
        return bytes.withUnsafeBufferPointer { renumberIDs(svg, $0) }
    }

    private static let marker = Array("id=\"".utf8)

    /// Whether an `id="` that defines an id starts at `i`: at the start or after a space.
    private static func definesID(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> Bool {
        guard bytes[i] == UInt8(ascii: "i"), i + 4 <= bytes.count, bytes[i + 1] == UInt8(ascii: "d"),
              bytes[i + 2] == UInt8(ascii: "="), bytes[i + 3] == UInt8(ascii: "\"") else { return false }
        return i == 0 || bytes[i - 1] == UInt8(ascii: " ")
    }

    private static func renumberIDs(_ svg: String, _ bytes: UnsafeBufferPointer<UInt8>) -> String {
        let count = bytes.count
        // Pass 1: the ids in order of definition, each given a new name.
        var renamed: [String: String] = [:]
        var counters: [String: Int] = [:]
        var i = 0
        while i < count {
            guard definesID(bytes, at: i) else { i += 1; continue }
            let start = i + marker.count
            var end = start
            while end < count, bytes[end] != UInt8(ascii: "\"") { end += 1 }
            let id = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
            if renamed[id] == nil {
                let stem = String(id.prefix { $0.isLetter })
                let number = counters[stem, default: 0] + 1
                counters[stem] = number
                renamed[id] = "\(stem.isEmpty ? "id" : stem)\(number)"
            }
            i = end
        }
        guard !renamed.isEmpty else { return svg }
        // Colours are written "#rrggbb" too: only a name that starts as some id does is looked up.
        var firstBytes = [Bool](repeating: false, count: 256)
        for id in renamed.keys { if let first = id.utf8.first { firstBytes[Int(first)] = true } }
        // Pass 2: rewrite definitions and references in one sweep, so no new name is rewritten
        // again; the bytes between names are copied in runs.
        var out: [UInt8] = []
        out.reserveCapacity(count)
        var run = 0
        i = 0
        while i < count {
            let start: Int
            if bytes[i] == UInt8(ascii: "#") {
                start = i + 1
            } else if definesID(bytes, at: i) {
                start = i + marker.count
            } else {
                i += 1
                continue
            }
            if start < count, firstBytes[Int(bytes[start])] {
                var end = start
                while end < count, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: ")"),
                      bytes[end] != UInt8(ascii: " ") { end += 1 }
                if let new = renamed[String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)] {
                    out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<start]))
                    out.append(contentsOf: new.utf8)
                    i = end
                    run = end
                    continue
                }
            }
            i = start
        }
        out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<count]))
        return String(decoding: out, as: UTF8.self)
    }

    static func addAccessibility(_ svg: String, info: DocumentInfo) -> String {
        // Found in the UTF-8 bytes (the root is near the start of a long document).
        guard let open = svg.utf8.firstRange(of: "<svg ".utf8),
              let close = svg.utf8[open.upperBound...].firstIndex(of: UInt8(ascii: ">")) else { return svg }
        let afterRoot = svg.utf8.index(after: close)
        var result = ""
        result.reserveCapacity(svg.utf8.count + 64 + info.title.utf8.count + info.description.utf8.count)
        result += svg[..<close]
        result += " role=\"img\">"
        result += "\n<title>\(escape(info.title))</title>\n<desc>\(escape(info.description))</desc>"
        result += svg[afterRoot...]
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
