import Crypto
import Foundation
import GazetteCore
import SiteOutput

#if canImport(Glibc)
    import Glibc
#endif

extension FreshnessFile {
    /// A file this writer wrote, as where each report's entry lies in it: an entry is decoded only
    /// when asked, and copied as it is when it reads the same. The file is read once, a piece at a
    /// time, to find the entries and check its digest, and then only where an entry is asked for:
    /// holding it whole was 23 MB at 100,000 reports (twice over while it was read).
    final class Previous {
        private let source: Source
        /// Slug → the entry's text, `{` to `}`, as offsets in the file.
        private var spans = NamedTable<Range<Int>>()

        /// The bytes the entries are read from: in memory, or the file read a window at a time.
        private enum Source {
            case memory([UInt8])
            case file(FileWindow)
        }

        /// Nil for anything not laid out as this writer writes it.
        init?(_ data: Data) {
            let bytes = [UInt8](data)
            var scanner = SpanScanner(expected: 0)
            var lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
            // The text after the last line break, when there is none, is a line of its own.
            if lines.last?.isEmpty == true { lines.removeLast() }
            for line in lines {
                line.withUnsafeBufferPointer { scanner.take($0, at: line.startIndex) }
            }
            guard let spans = scanner.finish() else { return nil }
            self.spans = spans
            source = .memory(bytes)
        }

        /// The file at `path` when its bytes are `digest` and laid out as this writer writes
        /// them; nil otherwise. `expected` is about how many entries it holds (room is made for
        /// them at once); `window` is how much is read at a time when entries are asked for.
        init?(path: String, digest: FileDigest, expected: Int, window size: Int = 262_144) {
            guard let window = FileWindow(path: path, size: size) else { return nil }
            var scanner = SpanScanner(expected: expected)
            var hasher = SHA256()
            var offset = 0
            LineFile.forEachLine(in: path, eachPiece: { hasher.update(bufferPointer: $0) }) { line in
                scanner.take(line, at: offset)
                offset += line.count + 1
                return true
            }
            guard FileDigest(hasher.finalize()) == digest, let spans = scanner.finish() else { return nil }
            self.spans = spans
            source = .file(window)
        }

        private func text(_ span: Range<Int>) -> ArraySlice<UInt8>? {
            switch source {
            case let .memory(bytes): return bytes[span]
            case let .file(window):
                guard let bytes = window.read(span), bytes.count == span.count else { return nil }
                return bytes[...]
            }
        }

        /// `slug`'s entry as the file has it.
        func entry(_ slug: String) -> Entry? {
            guard let span = spans[slug], let text = text(span) else { return nil }
            return try? JSONDecoder().decode(Entry.self, from: Data(text))
        }

        /// `slug`'s entry as it is carried to a build at `now`: the file's text of it when `sameClock`
        /// (the previous build's, so no state moved) or when its state did not move; nil when the
        /// file has none.
        func carried(_ slug: String, now: Int64, sameClock: Bool) -> Carried? {
            guard let span = spans[slug], let text = text(span) else { return nil }
            if sameClock { return .text(text) }
            guard let entry = try? JSONDecoder().decode(Entry.self, from: Data(text)) else { return nil }
            let moved = FreshnessFile.carried(entry, now: now)
            return moved == entry ? .text(text) : .entry(moved)
        }
    }

    /// An open file read through one window of bytes: a read inside the window costs nothing, one
    /// outside it moves the window there. Entries asked for in the file's order (a build's job
    /// order, as the previous build wrote them) read each piece of the file once.
    final class FileWindow {
        private let descriptor: Int32
        private let size: Int
        private var start = 0
        private var bytes: [UInt8] = []

        init?(path: String, size: Int) {
            descriptor = open(path, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else { return nil }
            self.size = size
        }

        deinit { close(descriptor) }

        /// The bytes of `range`, fewer at the file's end; nil when the file cannot be read.
        func read(_ range: Range<Int>) -> [UInt8]? {
            if range.lowerBound >= start, range.upperBound <= start + bytes.count {
                return Array(bytes[(range.lowerBound - start)..<(range.upperBound - start)])
            }
            guard let fresh = readAt(range.lowerBound, count: max(size, range.count)) else { return nil }
            // range.lowerBound, count: max(size, range.count)) else { return nil }
            start = range.lowerBound
            bytes = fresh
            return Array(bytes.prefix(range.count))
        }

        private func readAt(_ offset: Int, count: Int) -> [UInt8]? {
            var buffer = [UInt8](repeating: 0, count: count)
            var filled = 0
            while filled < count {
                let read = buffer.withUnsafeMutableBytes {
                    pread(descriptor, $0.baseAddress! + filled, count - filled, off_t(offset + filled))
                }
                if read < 0, errno == EINTR { continue }
                guard read >= 0 else { return nil }
                if read == 0 { break }
                filled += read
            }
            buffer.removeLast(count - filled)
            return buffer
        }
    }

    /// Finds each entry's place by the lines the writer lays out, fed a line at a time:
    /// the head's lines, then entries four spaces in, each `    {` … `    }` with its fields
    /// between (six spaces in, none of them an object), joined by `,`, then the tail's lines.
    /// Anything else makes the whole file unreadable (nil).
    struct SpanScanner {
        private enum Expecting {
            case head(Int)
            case firstEntryOrEmpty
            case emptyTail
            case entry
            case field(start: Int, slug: String?)
            case tail(Int)
            case end
        }

        private static let headLines = FreshnessFile.head.split(separator: "\n").map { Array($0.utf8) }
        private static let tailLines = FreshnessFile.tail.split(separator: "\n").map { Array($0.utf8) }
        private static let slugKey = Array("      \"slug\" : \"".utf8)

        private var expecting = Expecting.head(0)
        private var spans = NamedTable<Range<Int>>()
        private var failed = false

        init(expected: Int) {
            spans.reserveCapacity(expected)
        }

        /// The entries' places; nil when the file ended anywhere but after its tail.
        mutating func finish() -> NamedTable<Range<Int>>? {
            guard !failed, case .end = expecting else { return nil }
            return spans
        }

        /// Takes the next line, which starts at `offset` in the file.
        mutating func take(_ line: UnsafeBufferPointer<UInt8>, at offset: Int) {
            guard !failed else { return }
            switch expecting {
            case let .head(index):
                guard line.elementsEqual(Self.headLines[index]) else { return failed = true }
                expecting = index + 1 == Self.headLines.count ? .firstEntryOrEmpty : .head(index + 1)
            case .firstEntryOrEmpty:
                if line.isEmpty { return expecting = .emptyTail }
                opening(line, at: offset)
            case .emptyTail:
                guard line.elementsEqual(Self.tailLines[0]) else { return failed = true }
                expecting = .tail(1)
            case .entry:
                opening(line, at: offset)
            case let .field(start, slug):
                field(line, at: offset, start: start, slug: slug)
            case let .tail(index):
                guard line.elementsEqual(Self.tailLines[index]) else { return failed = true }
                expecting = index + 1 == Self.tailLines.count ? .end : .tail(index + 1)
            case .end:
                failed = true
            }
        }

        private mutating func opening(_ line: UnsafeBufferPointer<UInt8>, at offset: Int) {
            guard line.elementsEqual("    {".utf8) else { return failed = true }
            expecting = .field(start: offset + 4, slug: nil)
        }

        private mutating func field(_ line: UnsafeBufferPointer<UInt8>, at offset: Int, start: Int, slug: String?) {
            let closing = line.elementsEqual("    }".utf8), more = line.elementsEqual("    },".utf8)
            guard closing || more else {
                guard line.starts(with: "      ".utf8), line.dropFirst(6).first != UInt8(ascii: " ") else {
                    return failed = true
                }
                guard line.starts(with: Self.slugKey) else { return }
                // `"slug" : "…"`, when it holds no escape; once.
                let value = line.dropFirst(Self.slugKey.count)
                guard slug == nil, let end = value.firstIndex(of: UInt8(ascii: "\"")),
                    !value[..<end].contains(UInt8(ascii: "\\"))
                else { return failed = true }
                expecting = .field(start: start, slug: String(decoding: value[..<end], as: UTF8.self))
                return
            }
            guard let slug, spans[slug] == nil else { return failed = true }
            spans[slug] = start..<(offset + 5)
            expecting = more ? .entry : .tail(0)
        }
    }
}
