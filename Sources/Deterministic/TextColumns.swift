/// How every error counts its column and places its caret, one way for JSON inputs, job files,
/// workout logs and exports, and templates: a column counts characters as the reader sees them
/// (grapheme clusters, so an `é` written as `e` + U+0301 or a 🏋️‍♀️ is one column), from 1 at the
/// start of the line; a caret stands under its character with a tab wherever the line has one,
/// so it lines up wherever the terminal sets its tab stops.
public enum TextColumns {
    /// The column of `index` in `line`.
    public static func column<Line: StringProtocol>(of index: Line.Index, in line: Line) -> Int {
        line.distance(from: line.startIndex, to: index) + 1
    }

    /// The column of the byte at `offset` of UTF-8 text whose line starts at byte `lineStart`.
    public static func column(ofUTF8Offset offset: Int, lineStart: Int, in bytes: UnsafeRawBufferPointer) -> Int {
        String(decoding: UnsafeRawBufferPointer(rebasing: bytes[lineStart..<offset]), as: UTF8.self).count + 1
    }

    /// The column of the byte at `offset` of UTF-8 text whose line starts at byte `lineStart`.
    public static func column(ofUTF8Offset offset: Int, lineStart: Int, in bytes: [UInt8]) -> Int {
        String(decoding: bytes[lineStart..<offset], as: UTF8.self).count + 1
    }

    /// The column of `line`'s Unicode scalar number `scalarColumn` (1-based), for a parser that
    /// counts scalars (libyaml, under Yams); a column past the line's end stays as far past it.
    public static func column(ofScalarColumn scalarColumn: Int, in line: String) -> Int {
        let wanted = max(0, scalarColumn - 1)
        let before = String(String.UnicodeScalarView(line.unicodeScalars.prefix(wanted)))
        return before.count + 1 + max(0, wanted - line.unicodeScalars.count)
    }

    /// What goes before a caret so it stands after `characters`: a tab for a tab, and for any other
    /// character as many spaces as it takes when shown (`width`: one, or an escape's length).
    public static func caretIndent(
        before characters: some Sequence<Character>, width: (Character) -> Int = { _ in 1 }
    ) -> String {
        var indent = ""
        for character in characters {
            indent += character == "\t" ? "\t" : String(repeating: " ", count: width(character))
        }
        return indent
    }

    /// The caret line for `column` of `line`: its indent, then `^`.
    public static func caretLine(under column: Int, of line: String) -> String {
        caretIndent(before: line.prefix(max(0, column - 1))) + "^"
    }
}
