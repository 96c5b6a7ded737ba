import GazetteCore

/// The search index's words, each with the reports that have it, held small: at 100,000 reports a
/// `[String: [Int32]]` of 100,000 words and 1.2 million ids was 19 MB, mostly an array for each
/// word that one report alone has (its number in its title). Here a word's first and last ids are
/// inline and only the steps between a word's ids after its first are kept, as LEB128 bytes (most
/// are one byte), in one growing list of bytes per word of more than one report.
struct SearchPostings {
    private struct Postings {
        var first: Int32
        var last: Int32
        /// Its steps' place in `steps`; -1 while the word has one report.
        var steps: Int32 = -1
    }

    private var words = NamedTable<Postings>()
    private var steps: [[UInt8]] = []

    /// Notes that report `id` has `word`; ids come in increasing order, each once a word.
    mutating func add(_ word: String, id: Int32) {
        guard var postings = words[word] else {
            words[word] = Postings(first: id, last: id)
            return
        }
        if postings.steps < 0 {
            postings.steps = Int32(steps.count)
            steps.append([])
        }
        Self.append(UInt32(id - postings.last), to: &steps[Int(postings.steps)])
        postings.last = id
        words.update(word) { $0 = postings }
    }

    /// Calls `body` with every word in UTF-16 order and its ids, ascending.
    func forEachWord(_ body: (_ word: String, _ ids: inout Ids) throws(BuildError) -> Void) throws(BuildError) {
        var all: [(word: String, number: Int)] = []
        all.reserveCapacity(words.count)
        words.forEach { word, _, number in all.append((word, number)) }
        all.sort { $0.word.utf16.lexicographicallyPrecedes($1.word.utf16) }
        for (word, number) in all {
            let postings = words.value(number: number)
            var ids = Ids(first: postings.first, steps: postings.steps < 0 ? [] : steps[Int(postings.steps)])
            try body(word, &ids)
        }
    }

    /// A word's ids, read in order.
    struct Ids {
        private var next: Int32?
        private let steps: [UInt8]
        private var offset = 0

        fileprivate init(first: Int32, steps: [UInt8]) {
            next = first
            self.steps = steps
        }

        /// The next id; nil after the last.
        mutating func pop() -> Int32? {
            guard let id = next else { return nil }
            next = offset < steps.count ? id + Int32(SearchPostings.read(steps, at: &offset)) : nil
            return id
        }

        /// The id `pop` gives next, without taking it.
        var peek: Int32? { next }
    }

    private static func append(_ value: UInt32, to bytes: inout [UInt8]) {
        var value = value
        while value >= 0x80 {
            bytes.append(UInt8(value & 0x7F) | 0x80)
            value >>= 7
        }
        bytes.append(UInt8(value))
    }

    fileprivate static func read(_ bytes: [UInt8], at offset: inout Int) -> UInt32 {
        var value: UInt32 = 0
        var shift: UInt32 = 0
        while true {
            let byte = bytes[offset]
            offset += 1
            value |= UInt32(byte & 0x7F) << shift
            if byte < 0x80 { return value }
            shift += 7
        }
    }
}
