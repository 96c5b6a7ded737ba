import GazetteCore
import Mustache

/// How template errors count lines, one way for the tag scanner, the parser's errors and the
/// quoted line: a line ends at LF (CRLF included); a lone CR, VT or FF is a character of its line.
/// swift-mustache counts every newline character (CR, VT, FF, NEL…) as a line end but columns from
/// the last LF, so its positions are mapped here.
enum TemplateLines {
    /// The text's lines: split at each LF, a CR just before it dropped (CRLF files).
    static func split(_ text: String) -> [String] {
        text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map { scalars in
            var line = String(String.UnicodeScalarView(scalars))
            if line.unicodeScalars.last == "\r" { line.unicodeScalars.removeLast() }
            return line
        }
    }

    /// The error location of the parser's `line`/`column`, in this counting.
    static func location(parserLine: Int, parserColumn: Int, in text: String, origin: String) -> ErrorLocation {
        var parserLines = 1, parserColumns = 1
        var line = 1, column = 1
        var lineStart = text.startIndex
        var index = text.startIndex
        while index < text.endIndex {
            if parserLines == parserLine, parserColumns == parserColumn { break }
            let character = text[index]
            if character.isNewline { parserLines += 1 }
            parserColumns = character == "\n" ? 1 : parserColumns + 1
            index = text.index(after: index)
            if character.unicodeScalars.contains("\n") {
                line += 1
                column = 1
                lineStart = index
            } else {
                column += 1
            }
        }
        guard parserLines == parserLine, parserColumns == parserColumn else {
            return .text(path: origin, line: parserLine, column: parserColumn, sourceLine: nil)
        }
        let end = text[lineStart...].firstIndex { $0.unicodeScalars.contains("\n") } ?? text.endIndex
        return .text(path: origin, line: line, column: column, sourceLine: split(String(text[lineStart..<end])).first)
    }

    /// The parser's error in words.
    static func words(_ error: any Error) -> String {
        guard let error = error as? MustacheTemplate.Error else { return "invalid template: \(error)" }
        switch error {
        case .sectionCloseNameIncorrect: return "a section is closed by another name than it was opened with"
        case .unfinishedName: return "a tag is not finished: it needs its closing }}"
        case .expectedSectionEnd: return "a section is never closed"
        case .invalidSetDelimiter: return "changing delimiters is not supported"
        case .transformAppliedToInheritanceSection: return "a transform cannot apply to an inherited section"
        case .illegalTokenInsideInheritSection: return "only {{$block}} sections may be inside a {{<partial}} section"
        case .textInsideInheritSection:
            return "only {{$block}} sections, not text, may be inside a {{<partial}} section"
        case .invalidConfigVariableSyntax:
            return "a {{%…}} tag must be {{% NAME: value }}, such as {{% CONTENT_TYPE: HTML }}"
        case .unrecognisedConfigVariable: return "the only {{%…}} setting is CONTENT_TYPE"
        }
    }
}
