/// Makes Cairo's SVG output stable and accessible.
///
/// Cairo numbers `id`s (`surface12`, `glyph3-1`, `clip4`) from process-wide counters, so the same
/// chart drawn second in a process would differ from the first. Ids are renumbered in order of
/// first definition, keeping their alphabetic stem; references (`#id"` and `#id)`) follow.
/// The root gets `role="img"`, a `<title>` and a `<desc>`. All of it works on the UTF-8 bytes.
enum SVGFinisher {
    static func finish(_ svg: [UInt8], info: DocumentInfo) -> [UInt8] {
        addAccessibility(renumberIDs(svg), info: info)
    }

    static func renumberIDs(_ svg: [UInt8]) -> [UInt8] {
        svg.withUnsafeBufferPointer { renumberIDs(svg, $0) }
    }

    private static let marker = Array("id=\"".utf8)

    /// Whether an `id="` that defines an id starts at `i`: at the start or after a space.
    private static func definesID(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> Bool {
        guard bytes[i] == UInt8(ascii: "i"), i + 4 <= bytes.count, bytes[i + 1] == UInt8(ascii: "d"),
            bytes[i + 2] == UInt8(ascii: "="), bytes[i + 3] == UInt8(ascii: "\"")
        else { return false }
        return i == 0 || bytes[i - 1] == UInt8(ascii: " ")
    }

    private static func isASCIILetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) &- UInt8(ascii: "a") < 26
    }

    private static func renumberIDs(_ svg: [UInt8], _ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        let count = bytes.count
        // Pass 1: the ids in order of definition, each given a new name. Cairo's ids are ASCII:
        // a stem of letters and a number.
        var renamed: [ArraySlice<UInt8>: [UInt8]] = [:]
        var counters: [ArraySlice<UInt8>: Int] = [:]
        var i = 0
        while i < count {
            guard definesID(bytes, at: i) else {
                i += 1
                continue
            }
            let start = i + marker.count
            var end = start
            while end < count, bytes[end] != UInt8(ascii: "\"") { end += 1 }
            let id = svg[start..<end]
            if renamed[id] == nil {
                let stem = id.prefix { isASCIILetter($0) }
                let number = counters[stem, default: 0] + 1
                counters[stem] = number
                renamed[id] = (stem.isEmpty ? Array("id".utf8) : Array(stem)) + Array(String(number).utf8)
            }
            i = end
        }
        guard !renamed.isEmpty else { return svg }
        // Colours are written "#rrggbb" too: only a name that starts as some id does is looked up.
        var firstBytes = [Bool](repeating: false, count: 256)
        for id in renamed.keys { if let first = id.first { firstBytes[Int(first)] = true } }
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
                    bytes[end] != UInt8(ascii: " ")
                { end += 1 }
                if let new = renamed[svg[start..<end]] {
                    out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<start]))
                    out.append(contentsOf: new)
                    i = end
                    run = end
                    continue
                }
            }
            i = start
        }
        out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<count]))
        return out
    }

    private static let rootOpen = Array("<svg ".utf8)

    static func addAccessibility(_ svg: [UInt8], info: DocumentInfo) -> [UInt8] {
        // The root is near the start of a long document.
        guard let open = svg.firstRange(of: rootOpen),
            let close = svg[open.upperBound...].firstIndex(of: UInt8(ascii: ">"))
        else { return svg }
        var result: [UInt8] = []
        result.reserveCapacity(svg.count + 64 + info.title.utf8.count + info.description.utf8.count)
        result.append(contentsOf: svg[..<close])
        result.append(contentsOf: " role=\"img\">\n<title>".utf8)
        appendEscaped(info.title, to: &result)
        result.append(contentsOf: "</title>\n<desc>".utf8)
        appendEscaped(info.description, to: &result)
        result.append(contentsOf: "</desc>".utf8)
        result.append(contentsOf: svg[(close + 1)...])
        return result
    }

    /// The text's UTF-8 with XML's specials as entities. XML 1.0 allows no C0 control character
    /// but tab, line feed and carriage return, even escaped: any other becomes U+FFFD. Unlike a
    /// page (`GazetteCore.ControlCharacter`, which HTML forbids with DEL and C1), DEL and C1 stay:
    /// they are characters of XML 1.0. (No byte of a longer UTF-8 sequence is below 0x80, so a
    /// byte test is a character test.)
    private static func appendEscaped(_ text: String, to out: inout [UInt8]) {
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "&"): out.append(contentsOf: "&amp;".utf8)
            case UInt8(ascii: "<"): out.append(contentsOf: "&lt;".utf8)
            case UInt8(ascii: ">"): out.append(contentsOf: "&gt;".utf8)
            case UInt8(ascii: "\""): out.append(contentsOf: "&quot;".utf8)
            case 0x09, 0x0A, 0x0D: out.append(byte)
            case ..<0x20: out.append(contentsOf: [0xEF, 0xBF, 0xBD])
            default: out.append(byte)
            }
        }
    }
}
