/// Chart keys and the file stems they were drawn at, held small: a key that is a SHA-256 in hex
/// (as every key Gazette makes is) is kept as its 32 bytes, inline, instead of a 64-character
/// string on the heap. Of two stems for one key the first in path order wins.
struct ChartStems: Sendable {
    private var hashed: [Digest: String] = [:]
    private var other: [String: String] = [:]

    mutating func note(key: String, stem: String) {
        if let digest = Digest(hex: key) {
            hashed[digest] = hashed[digest].map { min($0, stem) } ?? stem
        } else {
            other[key] = other[key].map { min($0, stem) } ?? stem
        }
    }

    /// Every key, as text, with its stem.
    var all: [String: String] {
        var result = other
        for (digest, stem) in hashed { result[digest.hex] = stem }
        return result
    }

    /// Every key, as text, with its stem, in key order: one key's text is made at a time.
    func sorted() -> AnyIterator<(key: String, value: String)> {
        // A digest's words in order compare as its hex text does.
        let hashed = self.hashed.sorted { $0.key < $1.key }
        let other = self.other.sorted { $0.key < $1.key }
        var nextHashed = 0, nextOther = 0
        return AnyIterator {
            let digest = nextHashed < hashed.count ? hashed[nextHashed].key.hex : nil
            if let digest, nextOther == other.count || digest < other[nextOther].key {
                nextHashed += 1
                return (digest, hashed[nextHashed - 1].value)
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
