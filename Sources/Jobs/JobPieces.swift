/// A long job file cut so that its `reports:` list is composed a few hundred reports at a time.
///
/// Yams composes a whole file into a tree of nodes (a class for each scalar's tag, a mark, the
/// text), some kilobytes a report: a job of 100,000 reports would peak near 200 MB while it is
/// read. Cut here, the tree of one piece is alive at a time. Only a plain layout is cut: the
/// top-level key `reports:` alone on its line, followed by a block list whose items begin at one
/// indentation, and no anchor (`&`), directive (`%`) or document marker (`---`, `...`) anywhere.
/// Anything else, and any mistake found while reading the pieces, is read whole as before, so
/// errors and their positions never depend on the cutting.
package struct JobPieces: Sendable {
    /// The job without its reports: `reports: []` on the key's line and each line of the list
    /// left empty, so every other node keeps its line.
    package let head: String
    /// Each piece's items: their bytes' range in the text and the line the first begins on.
    private let pieces: [(range: Range<Int>, line: Int)]
    private let text: String
    /// How many reports the list holds.
    package let itemCount: Int

    /// A list shorter than this is read whole: cutting it would save nothing worth having.
    package static let minimumItems = 2000
    package static let itemsPerPiece = 500

    package var count: Int { pieces.count }

    /// Piece `index`'s items as written, and how many of the file's lines come before its first
    /// (what a reader adds to Yams's marks to name the file's lines). Blank lines in their place
    /// cost Yams a scan of every line before the piece: at 100,000 reports, 60 million.
    package func piece(_ index: Int) -> (text: String, linesBefore: Int) {
        let (range, line) = pieces[index]
        let bytes =
            text.utf8.withContiguousStorageIfAvailable { Array($0[range]) } ?? Array(text.utf8)[range].map { $0 }
        return (String(decoding: bytes, as: UTF8.self), line - 1)
    }

    /// The pieces of `text`, or nil when it is to be read whole.
    package init?(_ text: String, minimumItems: Int = Self.minimumItems, itemsPerPiece: Int = Self.itemsPerPiece) {
        let scanned: Scan?? = text.utf8.withContiguousStorageIfAvailable { Scan($0) }
        guard let found = scanned ?? nil, found.items.count >= max(1, minimumItems) else { return nil }
        var pieces: [(range: Range<Int>, line: Int)] = []
        for first in stride(from: 0, to: found.items.count, by: max(1, itemsPerPiece)) {
            let next = first + max(1, itemsPerPiece)
            let end = next < found.items.count ? found.items[next].offset : found.blockEnd
            pieces.append((found.items[first].offset..<end, found.items[first].line))
        }
        var head = [UInt8]()
        text.utf8.withContiguousStorageIfAvailable { bytes in
            head.reserveCapacity(bytes.count - (found.blockEnd - found.keyStart) + found.blockLines + 16)
            head.append(contentsOf: bytes[0..<found.keyStart])
            head.append(contentsOf: "reports: []\n".utf8)
            head.append(contentsOf: repeatElement(UInt8(ascii: "\n"), count: found.blockLines))
            head.append(contentsOf: bytes[found.blockEnd...])
        }
        self.head = String(decoding: head, as: UTF8.self)
        self.pieces = pieces
        self.text = text
        itemCount = found.items.count
    }

    /// Where the list lies in the text's bytes: the key's line, its items' starts and its end.
    private struct Scan {
        var keyStart = 0
        var items: [(offset: Int, line: Int)] = []
        /// The first byte after the list, and how many lines the list's lines are (the key's not counted).
        var blockEnd = 0
        var blockLines = 0

        init?(_ bytes: UnsafeBufferPointer<UInt8>) {
            // An anchor could be named by an alias in another piece.
            guard !bytes.contains(UInt8(ascii: "&")) else { return nil }
            var key: Int?
            var indent: Int?
            var offset = 0
            var line = 1
            var inList = false
            while offset < bytes.count {
                let end = bytes[offset...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
                let content = Self.trimmed(bytes[offset..<end])
                if Self.isMarker(content) { return nil }
                if inList {
                    switch Self.listLine(content, indent: &indent) {
                    case .item: items.append((offset, line))
                    case .inside: break
                    case .after: inList = false
                    case .refused: return nil
                    }
                    if inList { blockLines += 1 }
                }
                if !inList && key != nil && blockEnd == 0 { blockEnd = offset }
                if !inList && content.elementsEqual("reports:".utf8) {
                    // A second top-level `reports:` is Yams's to judge.
                    guard key == nil else { return nil }
                    key = offset
                    keyStart = offset
                    inList = true
                }
                offset = end + 1
                line += 1
            }
            if inList { blockEnd = bytes.count }
            guard key != nil, !items.isEmpty else { return nil }
        }

        /// A line without its trailing spaces and carriage return.
        private static func trimmed(_ line: Slice<UnsafeBufferPointer<UInt8>>) -> Slice<UnsafeBufferPointer<UInt8>> {
            var end = line.endIndex
            while end > line.startIndex, line[end - 1] == UInt8(ascii: " ") || line[end - 1] == UInt8(ascii: "\r") {
                end -= 1
            }
            return line[line.startIndex..<end]
        }

        /// A directive or a document's start or end.
        private static func isMarker(_ line: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
            line.first == UInt8(ascii: "%") || line.starts(with: "---".utf8) || line.starts(with: "...".utf8)
        }

        private enum ListLine { case item, inside, after, refused }

        /// What a line of the list is: an item's first line (`- ` at the items' indentation, set by
        /// the first), a line inside an item (more indented, empty or a comment), the first line after
        /// the list (at the margin), or one that is none of these.
        private static func listLine(_ line: Slice<UnsafeBufferPointer<UInt8>>, indent: inout Int?) -> ListLine {
            let spaces = line.prefix { $0 == UInt8(ascii: " ") }.count
            let rest = line.dropFirst(spaces)
            guard let first = rest.first, first != UInt8(ascii: "#") else { return .inside }
            let dash = first == UInt8(ascii: "-") && (rest.count == 1 || rest.dropFirst().first == UInt8(ascii: " "))
            if indent == nil {
                guard dash else { return .refused }
                indent = spaces
                return .item
            }
            if spaces == indent! && dash { return .item }
            if spaces > indent! { return .inside }
            return spaces == 0 && first != UInt8(ascii: "-") ? .after : .refused
        }
    }
}
