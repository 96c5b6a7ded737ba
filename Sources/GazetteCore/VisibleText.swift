import Deterministic

/// Text from inputs made safe to show in an error: control characters written as escapes (an
/// ESC from a log line must not clear the reader's terminal), and a long line cut to a window
/// around the column at fault (a 100 MB line must not become a 100 MB message).
package enum VisibleText {
    /// Characters of a source line shown around the column at fault.
    package static let windowWidth = LineCut.width

    /// Characters of a message shown: one that quotes a huge input is cut in the middle.
    package static let messageLimit = 1000

    /// `text`, or its start and end around a `…` when it is longer than `messageLimit`.
    package static func capped(_ text: String) -> String {
        guard text.count > messageLimit else { return text }
        return String(text.prefix(messageLimit - 200)) + " … " + String(text.suffix(150))
    }

    /// `text` with control characters (but tabs, and line ends when asked) as `\u{1B}`-style escapes.
    package static func escaped(_ text: String, keepingLineEnds: Bool = false) -> String {
        guard text.unicodeScalars.contains(where: { needsEscape($0, keepingLineEnds: keepingLineEnds) }) else {
            return text
        }
        var out = ""
        for scalar in text.unicodeScalars {
            if needsEscape(scalar, keepingLineEnds: keepingLineEnds) {
                out += escape(scalar)
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// The part of `line` shown for an error at `column` (1-based, in characters), escaped, with
    /// `…` where it was cut, and what goes before a caret so it stands under that column: a tab
    /// where the shown line has one, spaces for anything else.
    /// With `cut`, `line` is the part of a longer line an error kept (`LineCut`): it is shown
    /// whole, marked where it was cut and with the whole line's length.
    package static func window(_ line: String, column: Int, cut: LineCut?) -> (line: String, caretIndent: String) {
        guard let cut else { return window(line, column: column) }
        let inner = window(line, column: column - cut.start)
        return (cut.decorate(inner.line, keptCount: line.count), (cut.start > 0 ? " " : "") + inner.caretIndent)
    }

    package static func window(_ line: String, column: Int) -> (line: String, caretIndent: String) {
        // Walks the line by index: a 100 MB line is counted, never copied.
        let count = line.count
        let target = max(0, column - 1)
        var start = 0
        var end = count
        if count > windowWidth {
            start = max(0, min(target - windowWidth / 2, count - windowWidth))
            end = min(count, start + windowWidth)
        }
        var shown = start > 0 ? "…" : ""
        let from = line.index(line.startIndex, offsetBy: start)
        let window = line[from...].prefix(end - start)
        for character in window { shown += character == "\t" ? "\t" : escaped(String(character)) }
        // Each character before the column takes the width it is shown with (an escape's length).
        var indent = (start > 0 ? " " : "")
        indent += TextColumns.caretIndent(before: window.prefix(max(0, target - start))) { character in
            escaped(String(character)).count
        }
        if end < count { shown += "…" }
        // A column past the end of the line (an unexpected end of input) points just after it.
        if target > end { indent += String(repeating: " ", count: min(target - end, windowWidth)) }
        return (shown, indent)
    }

    /// Every control character but a tab (kept so a caret lines up under it) and, in a message,
    /// a line feed; a carriage return is escaped, since a terminal would go back over the line.
    /// Noncharacters too: an error quoting an input's line is shown on pages and in XML as well.
    private static func needsEscape(_ scalar: Unicode.Scalar, keepingLineEnds: Bool) -> Bool {
        if scalar == "\t" || (keepingLineEnds && scalar == "\n") { return false }
        return ControlCharacter.isControl(scalar) || ControlCharacter.isNoncharacter(scalar)
    }

    private static func escape(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "\\u{" + (hex.count < 2 ? "0" + hex : hex) + "}"
    }
}
