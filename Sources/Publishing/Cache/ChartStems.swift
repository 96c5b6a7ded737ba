/// Chart keys and the file stems they were drawn at, held small: a key that is a SHA-256 in hex
/// (as every key Gazette makes is) is kept as its 32 bytes, inline, instead of a 64-character
/// string on the heap, and every stem's bytes go into one shared buffer, so a chart costs about
/// 70 bytes, not a dictionary entry and a string object of its own. Of two stems for one key the
/// first in path order wins.
struct ChartStems: Sendable {
    /// A hashed key and where its stem lies in `stemBytes`.
    private struct Entry: Sendable {
        var digest: Digest
        var offset: UInt32
        var length: UInt32
    }

    private var entries: [Entry] = []
    /// Set by `sortAndMerge`, cleared by `note`.
    private var isSortedAndMerged = false
    private var stemBytes: [UInt8] = []
    private var other: [String: String] = [:]

    mutating func note(key: String, stem: String) {
        guard let digest = Digest(hex: key), stemBytes.count + stem.utf8.count <= Int(UInt32.max) else {
            other[key] = other[key].map { min($0, stem) } ?? stem
            return
        }
        entries.append(Entry(digest: digest, offset: UInt32(stemBytes.count), length: UInt32(stem.utf8.count)))
        isSortedAndMerged = false
        stemBytes.append(contentsOf: stem.utf8)
    }

    private func stem(_ entry: Entry) -> String {
        String(decoding: stemBytes[Int(entry.offset)..<Int(entry.offset + entry.length)], as: UTF8.self)
    }

    /// Each hashed key once, with its first stem in path order, sorted by key; stems stay in the
    /// shared buffer until they are written.
    private func distinct() -> [Entry] {
        var copy = self
        copy.sortAndMerge()
        return copy.entries
    }

    /// Sorts the keys in place and keeps each once, with its first stem in path order: what the
    /// manifest needs, made without a second list.
    mutating func sortAndMerge() {
        entries.sort { $0.digest < $1.digest }
        var kept = 0
        for index in entries.indices {
            if kept > 0, entries[kept - 1].digest == entries[index].digest {
                if stem(entries[index]) < stem(entries[kept - 1]) { entries[kept - 1] = entries[index] }
            } else {
                entries[kept] = entries[index]
                kept += 1
            }
        }
        entries.removeLast(entries.count - kept)
        isSortedAndMerged = true
    }

    /// Every key, as text, with its stem.
    var all: [String: String] {
        var result = other
        for entry in distinct() { result[entry.digest.hex] = stem(entry) }
        return result
    }

    /// Every key, as text, with its stem, in key order: one key's text is made at a time.
    /// After `sortAndMerge` the keys are taken as they stand, with no copy.
    func sorted() -> AnyIterator<(key: String, value: String)> {
        // A digest's words in order compare as its hex text does.
        let hashed = isSortedAndMerged ? entries : distinct()
        let other = self.other.sorted { $0.key < $1.key }
        var nextHashed = 0, nextOther = 0
        return AnyIterator {
            let digest = nextHashed < hashed.count ? hashed[nextHashed].digest.hex : nil
            if let digest, nextOther == other.count || digest < other[nextOther].key {
                nextHashed += 1
                return (digest, stem(hashed[nextHashed - 1]))
            }
            guard nextOther < other.count else { return nil }
            nextOther += 1
            return other[nextOther - 1]
        }
    }

    /// 32 bytes read from 64 lowercase hex digits.
    struct Digest: Hashable, Comparable, Sendable {
        private var words: (UInt64, UInt64, UInt64, UInt64)

        init?(hex: String) {
            let digits = Array(hex.utf8)
            guard digits.count == 64 else { return nil }
            var values: [UInt64] = [0, 0, 0, 0]
            for (index, digit) in digits.enumerated() {
                let nibble: UInt8
                switch digit {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): nibble = digit - UInt8(ascii: "0")
                case UInt8(ascii: "a")...UInt8(ascii: "f"): nibble = digit - UInt8(ascii: "a") + 10
                default: return nil
                }
                values[index / 16] = values[index / 16] << 4 | UInt64(nibble)
            }
            words = (values[0], values[1], values[2], values[3])
        }

        var hex: String {
            let text = [words.0, words.1, words.2, words.3].map { String($0, radix: 16) }
            return text.map { String(repeating: "0", count: 16 - $0.count) + $0 }.joined()
        }

        static func == (lhs: Digest, rhs: Digest) -> Bool {
            lhs.words == rhs.words
        }

        static func < (lhs: Digest, rhs: Digest) -> Bool {
            (lhs.words.0, lhs.words.1, lhs.words.2, lhs.words.3) < (rhs.words.0, rhs.words.1, rhs.words.2, rhs.words.3)
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(words.0)
            hasher.combine(words.1)
            hasher.combine(words.2)
            hasher.combine(words.3)
        }
    }
}
