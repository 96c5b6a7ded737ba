import Foundation
import GazetteCore

/// The front page's search index, which `assets/search.js` reads: script files under `search/`
/// that hand their data to `window.GazetteSearch`, since a browser refuses `fetch()` of a local
/// file but runs a local `<script src>`. Every file stays small whatever the number of reports, so
/// a query loads only the pieces it needs:
///
/// - `entries-N.js`: `GazetteSearch.piece("entries-N", [[title, headline, slug], …])`, the reports
///   in job order, a piece closed once it passes `pieceBytes`;
/// - `words-N.js`: `GazetteSearch.piece("words-N", [[word, [id, +delta, …]], …])`, every word of
///   the titles and headlines (`SearchIndex.words`) in UTF-16 order with the reports that have it
///   (ids are positions in the job, the first of each word in a piece whole, the rest as steps); a
///   word of many reports runs on over as many pieces as it fills;
/// - `directory.js`: `GazetteSearch.directory({count, words: [[first, last], …], entries: [firstId, …]})`,
///   each words piece's first and last word and each entries piece's first report.
///
/// Entries are written as reports are added; the words, a few small ids a report, are kept
/// (`SearchPostings`) until `finish`.
package struct SearchIndex {
    package static let folder = "search"
    /// A piece is closed once it is this long; none is much longer.
    package static let pieceBytes = 32 * 1024
    /// Words are indexed by their first 32 characters; the script checks longer ones on the text.
    package static let longestWord = 32
    /// A title or headline is searched in its first 160 characters: its entry's text.
    package static let longestText = 160

    private var postings = SearchPostings()
    private var entryPiece: [UInt8] = []
    private var entryStarts: [Int] = []
    private var count = 0

    package init() {}

    /// Adds the next report, and writes the entries piece it fills.
    package mutating func add(title: String, headline: String, slug: String, writer: some PageWriter)
        throws(BuildError)
    {
        let id = count
        count += 1
        let title = Self.shortened(title)
        let headline = Self.shortened(headline)
        for word in Set(Self.words(title + " " + headline)) {
            postings.add(word, id: Int32(id))
        }
        if entryPiece.isEmpty {
            entryStarts.append(id)
            entryPiece = Self.opening("entries-\(entryStarts.count - 1)")
        } else {
            entryPiece.append(UInt8(ascii: ","))
        }
        entryPiece.append(UInt8(ascii: "["))
        Self.quote(title, into: &entryPiece)
        entryPiece.append(UInt8(ascii: ","))
        Self.quote(headline, into: &entryPiece)
        entryPiece.append(UInt8(ascii: ","))
        Self.quote(slug, into: &entryPiece)
        entryPiece.append(UInt8(ascii: "]"))
        if entryPiece.count >= Self.pieceBytes { try flushEntries(writer) }
    }

    /// Writes the last entries piece, the words pieces and the directory.
    package mutating func finish(writer: some PageWriter) throws(BuildError) {
        try flushEntries(writer)
        var ranges: [(first: String, last: String)] = []
        var piece: [UInt8] = []
        func flush() throws(BuildError) {
            guard !piece.isEmpty else { return }
            piece.append(contentsOf: Array("]);\n".utf8))
            try writer.write("\(Self.folder)/words-\(ranges.count - 1).js", pieces: [.bytes(piece[...])])
            piece = []
        }
        try postings.forEachWord { word, ids throws(BuildError) in
            while var previous = ids.pop() {
                if piece.isEmpty {
                    ranges.append((word, word))
                    piece = Self.opening("words-\(ranges.count - 1)")
                } else {
                    piece.append(UInt8(ascii: ","))
                }
                ranges[ranges.count - 1].last = word
                piece.append(UInt8(ascii: "["))
                Self.quote(word, into: &piece)
                piece.append(contentsOf: Array(",[\(previous)".utf8))
                while ids.peek != nil, piece.count < Self.pieceBytes, let id = ids.pop() {
                    piece.append(contentsOf: Array(",\(id - previous)".utf8))
                    previous = id
                }
                piece.append(contentsOf: Array("]]".utf8))
                if piece.count >= Self.pieceBytes { try flush() }
            }
        }
        try flush()
        var directory = Array("window.GazetteSearch.directory({\"count\":\(count),\"words\":[".utf8)
        for (index, range) in ranges.enumerated() {
            if index > 0 { directory.append(UInt8(ascii: ",")) }
            directory.append(UInt8(ascii: "["))
            Self.quote(range.first, into: &directory)
            directory.append(UInt8(ascii: ","))
            Self.quote(range.last, into: &directory)
            directory.append(UInt8(ascii: "]"))
        }
        directory.append(contentsOf: Array("],\"entries\":[".utf8))
        directory.append(contentsOf: Array(entryStarts.map(String.init).joined(separator: ",").utf8))
        directory.append(contentsOf: Array("]});\n".utf8))
        try writer.write("\(Self.folder)/directory.js", pieces: [.bytes(directory[...])])
    }

    private mutating func flushEntries(_ writer: some PageWriter) throws(BuildError) {
        guard !entryPiece.isEmpty else { return }
        entryPiece.append(contentsOf: Array("]);\n".utf8))
        try writer.write("\(Self.folder)/entries-\(entryStarts.count - 1).js", pieces: [.bytes(entryPiece[...])])
        entryPiece = []
    }

    /// The entries an `entries-N.js` piece holds, in order; nil when the bytes are not such a piece.
    package static func entries(inPiece bytes: [UInt8]) -> [FrontPageReuse.SearchEntry]? {
        // `window.GazetteSearch.piece("entries-N",[…]);`: the piece's name holds no bracket.
        guard let open = bytes.firstIndex(of: UInt8(ascii: "[")), let close = bytes.lastIndex(of: UInt8(ascii: "]")),
            open < close,
            let rows = try? JSONSerialization.jsonObject(with: Data(bytes[open...close])) as? [[String]]
        else { return nil }
        var entries: [FrontPageReuse.SearchEntry] = []
        for row in rows {
            guard row.count == 3 else { return nil }
            entries.append(FrontPageReuse.SearchEntry(title: row[0], headline: row[1], slug: row[2]))
        }
        return entries
    }

    private static func opening(_ name: String) -> [UInt8] {
        Array("window.GazetteSearch.piece(\"\(name)\",[".utf8)
    }

    /// The words a query or a text is matched by; `search.js`'s `words` must split alike:
    /// compatibility-composed (NFKC), lower-cased, final sigma as sigma, runs of letters, marks and
    /// digits, each cut to `longestWord` characters.
    package static func words(_ text: String) -> [String] {
        asciiWords(text) ?? foldedWords(text)
    }

    /// `words` through Foundation's NFKC folding, for any text.
    static func foldedWords(_ text: String) -> [String] {
        let folded = text.precomposedStringWithCompatibilityMapping.lowercased().replacingOccurrences(
            of: "ς", with: "σ")
        var words: [String] = []
        var word = String.UnicodeScalarView()
        var length = 0
        func close() {
            if !word.isEmpty { words.append(String(word)) }
            word = String.UnicodeScalarView()
            length = 0
        }
        for scalar in folded.unicodeScalars {
            guard isWordPart(scalar) else {
                close()
                continue
            }
            if length < longestWord { word.append(scalar) }
            length += 1
        }
        close()
        return words
    }

    /// The words of a text of ASCII and a few punctuation marks (` · `, dashes, `×`, `−`) alone,
    /// as `words` finds them: NFKC leaves these as they are, the marks are no word's part and
    /// ASCII letters lower-case one to one, so Foundation's folding is not needed. Nil for any
    /// other text. Most cards' titles and headlines are such text.
    private static func asciiWords(_ text: String) -> [String]? {
        var words: [String] = []
        var word: [UInt8] = []
        var length = 0
        func close() {
            if !word.isEmpty { words.append(String(decoding: word, as: UTF8.self)) }
            word.removeAll(keepingCapacity: true)
            length = 0
        }
        for scalar in text.unicodeScalars {
            let value = scalar.value
            switch value {
            case 0x61...0x7A, 0x30...0x39:
                if length < longestWord { word.append(UInt8(value)) }
                length += 1
            case 0x41...0x5A:
                if length < longestWord { word.append(UInt8(value + 32)) }
                length += 1
            case 0..<0x80, 0xB7, 0xD7, 0x2013, 0x2014, 0x2212: close()
            default: return nil
            }
        }
        close()
        return words
    }

    /// Letters, marks and numbers: JavaScript's `[\p{L}\p{M}\p{N}]`.
    private static func isWordPart(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
            .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .letterNumber, .otherNumber:
            true
        default: false
        }
    }

    /// A title or headline as the index keeps it: at most `longestText` characters.
    static func shortened(_ text: String) -> String {
        text.count > longestText ? String(text.prefix(longestText - 1)) + "…" : text
    }

    /// `text` as a JSON string: quotes, backslashes and control characters escaped, and the line
    /// and paragraph separators, which older JavaScript refused in a string.
    static func quote(_ text: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        let bytes = Array(text.utf8)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                out.append(contentsOf: [UInt8(ascii: "\\"), byte])
            } else if byte < 0x20 {
                let hex = String(byte, radix: 16)
                out.append(contentsOf: Array(("\\u00" + (hex.count == 1 ? "0" : "") + hex).utf8))
            } else if byte == 0xE2, index + 2 < bytes.count, bytes[index + 1] == 0x80,
                bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9
            {
                // U+2028 and U+2029
                out.append(contentsOf: Array((bytes[index + 2] == 0xA8 ? "\\u2028" : "\\u2029").utf8))
                index += 2
            } else {
                out.append(byte)
            }
            index += 1
        }
        out.append(UInt8(ascii: "\""))
    }
}
