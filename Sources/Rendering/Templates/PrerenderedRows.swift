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

    private static let escaping = HTMLEscaping()

    /// What the records loop writes for `rows`.
    static func html(_ rows: [DailyRecordRow]) -> String {
        var out = ""
        out.reserveCapacity(rows.count * 230)
        for row in rows {
            out += row.isBest ? "<tr class=\"record-best\"><th scope=\"row\"><time datetime=\"" : "<tr><th scope=\"row\"><time datetime=\""
            out += escaping.escapeText(row.iso)
            out += "\">"
            out += escaping.escapeText(row.date)
            out += row.isBest ? "</time> <span class=\"badge\">Best</span></th><td><span class=\"set-part\">" : "</time></th><td><span class=\"set-part\">"
            out += escaping.escapeText(row.reps)
            out += "</span> @ <span class=\"set-part\">"
            out += escaping.escapeText(row.load)
            out += "</span></td><td class=\"num\">"
            out += escaping.escapeText(row.oneRepMax)
            out += "</td></tr>\n"
        }
        return out
    }

    /// What the data table's loop writes for `rows`.
    static func html(_ rows: [TableRow]) -> String {
        var out = ""
        out.reserveCapacity(rows.count * 80)
        for row in rows {
            out += "<tr><th scope=\"row\">"
            out += escaping.escapeText(row.header)
            out += "</th>"
            for cell in row.cells {
                out += "<td>"
                out += escaping.escapeText(cell)
                out += "</td>"
            }
            out += "</tr>\n"
        }
        return out
    }
}

/// HTML made when a template shows it, not before: a page whose template keeps its own loop
/// never pays for it.
struct PrerenderedHTML: MustacheCustomRenderable, @unchecked Sendable {
    let make: () -> String
    var renderText: String { make() }
    var isNull: Bool { false }
}
