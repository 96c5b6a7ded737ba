/// What an error keeps of a long line it quotes: at most `width` characters — the line's first
/// ones, or those around the column at fault when it lies further in — and where they sit in the
/// whole line. A 10 MB line of garbage must not become a 10 MB record, error page and summary,
/// nor be copied from one to the next.
public struct LineCut: Equatable, Sendable, Codable {
    /// Characters of the whole line before the part kept.
    public var start: Int
    /// Characters in the whole line.
    public var length: Int

    /// The most characters of a line an error keeps and shows.
    public static let width = 200

    public init(start: Int, length: Int) {
        self.start = start
        self.length = length
    }

    /// `line` as an error keeps it for a fault at `column` (1-based, in characters): the line
    /// itself when it is short, else its part and the cut.
    public static func quoting(_ line: String, column: Int) -> (kept: String, cut: LineCut?) {
        // A line of no more bytes than the width has no more characters: no count needed.
        if line.utf8.count <= width { return (line, nil) }
        let length = line.count
        if length <= width { return (line, nil) }
        let target = max(0, column - 1)
        let start = target < width ? 0 : max(0, min(target - width / 2, length - width))
        let from = line.index(line.startIndex, offsetBy: start)
        return (String(line[from...].prefix(width)), LineCut(start: start, length: length))
    }

    /// How the kept part is shown: `…` on each side that was cut, and the line's length.
    public func decorate(_ shown: String, keptCount: Int) -> String {
        (start > 0 ? "…" : "") + shown + (start + keptCount < length ? "…" : "")
            + " (line of \(length) characters)"
    }
}
