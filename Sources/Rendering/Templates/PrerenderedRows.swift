import Foundation
import GazetteCore
import Mustache
import Reports

/// The two row loops that make a long page long — an exercise's daily records and a chart's data
/// table — written by Swift instead of swift-mustache, which spends such a page in a cast and a
/// look-up per tag (a 1M-line log's 50 exercise pages hold 290,000 rows).
///
/// Only where a template holds a loop exactly as the built-in template does: the library then
/// registers that template with the loop swapped for one triple-stash of the rows' HTML, made
/// here, so the page is byte for byte what swift-mustache would write. A template whose loop
/// differs in any way keeps its loop. The strict checker still reads the original text.
enum PrerenderedRows {
    struct Loop {
        /// The loop as the built-in template writes it, from its opening tag's line to the line
        /// after its closing tag (both tags stand alone, so their lines vanish when rendered).
        let text: String
        /// The field the lowering adds beside the list, holding the rows' HTML.
        let field: String
    }

    static let records = Loop(
        text: """
            {{#records}}
            <tr{{#isBest}} class="record-best"{{/isBest}}><th scope="row"><time datetime="{{iso}}">{{date}}</time>{{#isBest}} <span class="badge">Best</span>{{/isBest}}</th><td><span class="set-part">{{reps}}</span> @ <span class="set-part">{{load}}</span></td><td class="num">{{oneRepMax}}</td></tr>
            {{/records}}

            """,
        field: "recordRows")

    static let tableRows = Loop(
        text: """
            {{#rows}}
            <tr><th scope="row">{{header}}</th>{{#cells}}<td>{{.}}</td>{{/cells}}</tr>
            {{/rows}}

            """,
        field: "tableRows")

    /// The template's text with each loop it holds verbatim swapped for its rows' field.
    static func rewrite(_ text: String) -> String {
        var text = text
        for loop in [records, tableRows] where text.contains(loop.text) {
            text = text.replacingOccurrences(of: loop.text, with: "{{{\(loop.field)}}}")
        }
        return text
    }

    /// What the records loop writes for `rows`, made as bytes (a string append per piece was most
    /// of a long page's time).
    static func html(_ rows: [DailyRecordRow]) -> String { String(decoding: bytes(rows).bytes, as: UTF8.self) }

    /// What the data table's loop writes for `rows`.
    static func html(_ rows: [TableRow]) -> String { String(decoding: bytes(rows).bytes, as: UTF8.self) }

    /// The rows' HTML as bytes, and whether their text holds a control character.
    static func bytes(_ rows: [DailyRecordRow]) -> (bytes: [UInt8], hasControlCharacters: Bool) {
        var out = HTMLBytes(capacity: rows.count * 230)
        for row in rows {
            out.raw(
                row.isBest
                    ? "<tr class=\"record-best\"><th scope=\"row\"><time datetime=\""
                    : "<tr><th scope=\"row\"><time datetime=\"")
            out.escaped(row.iso)
            out.raw("\">")
            out.escaped(row.date)
            out.raw(
                row.isBest
                    ? "</time> <span class=\"badge\">Best</span></th><td><span class=\"set-part\">"
                    : "</time></th><td><span class=\"set-part\">")
            out.escaped(row.reps)
            out.raw("</span> @ <span class=\"set-part\">")
            out.escaped(row.load)
            out.raw("</span></td><td class=\"num\">")
            out.escaped(row.oneRepMax)
            out.raw("</td></tr>\n")
        }
        return (out.bytes, out.hasControlCharacters)
    }

    static func bytes(_ rows: [TableRow]) -> (bytes: [UInt8], hasControlCharacters: Bool) {
        var out = HTMLBytes(capacity: rows.count * 80)
        for row in rows {
            out.raw("<tr><th scope=\"row\">")
            out.escaped(row.header)
            out.raw("</th>")
            for cell in row.cells {
                out.raw("<td>")
                out.escaped(cell)
                out.raw("</td>")
            }
            out.raw("</tr>\n")
        }
        return (out.bytes, out.hasControlCharacters)
    }
}

/// HTML written as UTF-8 bytes: fixed markup copied as it is, text escaped as the templates do.
/// Whether any text held a control character a page may not carry is noted as the text goes in
/// (the markup holds none), so the rows need no second look.
private struct HTMLBytes: ~Copyable {
    private var buffer: ByteBuffer
    private(set) var hasControlCharacters = false

    init(capacity: Int) { buffer = ByteBuffer(capacity: capacity) }

    /// The bytes written, as an array (one copy at the end, instead of an array's checks on
    /// every short piece).
    var bytes: [UInt8] { buffer.array }

    mutating func raw(_ markup: StaticString) {
        markup.withUTF8Buffer { buffer.append(contentsOf: $0) }
    }

    mutating func escaped(_ text: String) {
        var text = text
        if !hasControlCharacters, text.withUTF8(ControlCharacter.containsOtherThanLineLayout) {
            hasControlCharacters = true
        }
        HTMLEscaping.append(text, escapedTo: &buffer)
    }
}

/// HTML made when a template shows it, not before: a page whose template keeps its own loop
/// never pays for it. With a `SplicedRows` in the lowering's user info the rows' bytes go to it
/// and the page holds a token in their place, so they are never made a string and copied into
/// the page; without one (or when their text needs its control characters replaced, which the
/// page's text gets) they are the page's text.
struct PrerenderedHTML: MustacheCustomRenderable, @unchecked Sendable {
    let make: () -> (bytes: [UInt8], hasControlCharacters: Bool)
    let splice: SplicedRows?
    var renderText: String {
        let rows = make()
        if let splice, !rows.hasControlCharacters { return splice.token(for: rows.bytes) }
        return String(decoding: rows.bytes, as: UTF8.self)
    }
    var isNull: Bool { false }
}

/// The rows' HTML of one page, kept as bytes while the page's text holds a token for each, to be
/// written in the token's place (see `PageRenderer`). The bytes hold no control character.
package final class SplicedRows: @unchecked Sendable {
    package static let key = CodingUserInfoKey(rawValue: "gazette.splicedRows")!
    private let lock = NSLock()
    private(set) var pieces: [[UInt8]] = []

    package init() {}

    func token(for bytes: [UInt8]) -> String {
        lock.lock()
        defer { lock.unlock() }
        pieces.append(bytes)
        return Self.token(pieces.count - 1)
    }

    /// Private-use characters around a name no page shows, and a `<`, which any escaping changes.
    static func token(_ index: Int) -> String { "\u{E000}<gazette-rows \(index)>\u{E001}" }

    /// The page's text cut at the tokens, with each token's bytes in its place; nil when the text
    /// does not hold every token once, in order (a template that escaped or repeated them).
    func splice(_ text: String) -> [PagePiece]? {
        lock.lock()
        defer { lock.unlock() }
        guard !pieces.isEmpty else { return [.text(text)] }
        var text = text
        // Searched in the text's own UTF-8 bytes, from where the last token ended.
        return text.withUTF8 { bytes -> [PagePiece]? in
            var result: [PagePiece] = []
            var rest = 0
            for (index, piece) in pieces.enumerated() {
                guard let range = bytes[rest...].firstRange(of: Self.token(index).utf8) else { return nil }
                result.append(
                    .text(
                        String(decoding: UnsafeBufferPointer(rebasing: bytes[rest..<range.lowerBound]), as: UTF8.self)))
                result.append(.bytes(piece))
                rest = range.upperBound
            }
            result.append(.text(String(decoding: UnsafeBufferPointer(rebasing: bytes[rest...]), as: UTF8.self)))
            return result
        }
    }
}
