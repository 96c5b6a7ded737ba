import Deterministic
import Foundation
import GazetteCore

extension FreshnessFile {
    /// A file this writer wrote, as where each report's entry lies in its bytes: an entry is
    /// decoded only when asked, and copied as it is when it reads the same. Decoding the whole
    /// file held it some three times over (17 MB at 20,000 reports, on every rebuild).
    struct Previous {
        let bytes: [UInt8]
        /// Slug → the entry's text, `{` to `}`, in `bytes`.
        private var spans = NamedTable<Range<Int>>()

        /// Nil for anything not laid out as this writer writes it.
        init?(_ data: Data) {
            bytes = [UInt8](data)
            guard let spans = Self.spans(of: bytes) else { return nil }
            self.spans = spans
        }

        /// `slug`'s entry as the file has it.
        func entry(_ slug: String) -> Entry? {
            guard let span = spans[slug] else { return nil }
            return try? JSONDecoder().decode(Entry.self, from: Data(bytes[span]))
        }

        /// `slug`'s entry as it is carried to a build at `now`: the file's text of it when `sameClock`
        /// (the previous build's, so no state moved) or when its state did not move; nil when the
        /// file has none.
        func carried(_ slug: String, now: Int64, sameClock: Bool) -> Carried? {
            guard let span = spans[slug] else { return nil }
            let text = bytes[span]
            if sameClock { return .text(text) }
            guard let entry = entry(slug) else { return nil }
            let moved = FreshnessFile.carried(entry, now: now)
            return moved == entry ? .text(text) : .entry(moved)
        }

        /// Each entry's place, found by the lines the writer lays out: the head, then entries
        /// four spaces in, each `{` … `}` with its fields between (none of them an object), then
        /// the tail. Nil at anything else.
        private static func spans(of bytes: [UInt8]) -> NamedTable<Range<Int>>? {
            let head = Array(FreshnessFile.head.utf8)
            let tail = Array(FreshnessFile.tail.utf8)
            let close = Array("\n    }".utf8)
            guard bytes.starts(with: head) else { return nil }
            var spans = NamedTable<Range<Int>>()
            var position = head.count
            if bytes[position...].elementsEqual(tail) { return spans }
            while true {
                guard bytes[position...].starts(with: "    {".utf8) else { return nil }
                let start = position + 4
                guard let end = bytes.firstIndex(ofBytes: close, from: start) else { return nil }
                let span = start..<end + close.count
                guard let slug = slug(in: bytes[span]), spans[slug] == nil else { return nil }
                spans[slug] = span
                position = span.upperBound
                if bytes[position...].elementsEqual(tail) { return spans }
                guard bytes[position...].starts(with: ",\n".utf8) else { return nil }
                position += 2
            }
        }

        /// The entry's `"slug" : "…"`, when it holds no escape.
        private static func slug(in entry: ArraySlice<UInt8>) -> String? {
            let key = Array("\"slug\" : \"".utf8)
            guard let found = entry.firstIndex(ofBytes: key) else { return nil }
            let start = found + key.count
            guard let end = entry[start...].firstIndex(of: UInt8(ascii: "\"")) else { return nil }
            let value = entry[start..<end]
            return value.contains(UInt8(ascii: "\\")) ? nil : String(decoding: value, as: UTF8.self)
        }
    }
}
