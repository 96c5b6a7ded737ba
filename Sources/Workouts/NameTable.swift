import Deterministic
import GazetteCore
/// Interns exercise names by their bytes, so a log of a million lines makes one String per
/// exercise rather than one per line.
///
/// Lookups take a byte range of the input and allocate nothing: the bytes are hashed by hand
/// and compared with the stored names of the same hash. Logs come in runs of one exercise, so
/// the name found last is tried first.
struct NameTable: Sendable {
    private(set) var names: [String] = []
    private var nameBytes: [[UInt8]] = []
    private var hashes: [UInt64] = []
    /// An open-addressed table of indices into `names` by hash (-1 for empty), kept at most half
    /// full: a look-up is a probe or two, with no `Hasher` and no dictionary.
    private var slots = [Int](repeating: -1, count: 16)
    private var lastFound: Int?

    var count: Int { names.count }

    /// The index of the name spelled by `bytes[start..<end]`, if it is already known.
    mutating func index(of bytes: UnsafeRawBufferPointer, start: Int, end: Int) -> Int? {
        if let last = lastFound, matches(last, bytes, start, end) { return last }
        let hash = hash(bytes, start, end)
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] >= 0 {
            let index = slots[slot]
            if hashes[index] == hash, matches(index, bytes, start, end) {
                lastFound = index
                return index
            }
            slot = (slot + 1) & mask
        }
        return nil
    }

    private mutating func place(_ index: Int) {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hashes[index]) & mask
        while slots[slot] >= 0 { slot = (slot + 1) & mask }
        slots[slot] = index
    }

    /// Adds a name known to be absent; nil when its bytes are not valid UTF-8.
    mutating func insert(_ bytes: UnsafeRawBufferPointer, start: Int, end: Int) -> Int? {
        let slice = UnsafeRawBufferPointer(rebasing: bytes[start..<end])
        guard NameTable.isValidUTF8(slice) else { return nil }
        let index = names.count
        // Where a log's names enter: cleaned once for every page, chart, feed and message.
        names.append(ControlCharacter.cleanedInput(String(decoding: slice, as: UTF8.self)))
        nameBytes.append(Array(slice))
        hashes.append(hash(bytes, start, end))
        if 2 * names.count > slots.count {
            slots = [Int](repeating: -1, count: slots.count * 2)
            for known in names.indices { place(known) }
        } else {
            place(index)
        }
        lastFound = index
        return index
    }

    private func matches(_ index: Int, _ bytes: UnsafeRawBufferPointer, _ start: Int, _ end: Int) -> Bool {
        let stored = nameBytes[index]
        guard stored.count == end - start else { return false }
        var i = 0
        while i < stored.count {
            if stored[i] != bytes[start + i] { return false }
            i += 1
        }
        return true
    }

    /// Checked by decoding rather than with `String(validating:)`, which needs macOS 15.
    private static func isValidUTF8(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var iterator = bytes.makeIterator()
        var decoder = Unicode.UTF8()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue: continue
            case .emptyInput: return true
            case .error: return false
            }
        }
    }

    /// 64-bit FNV-1a: simple and good enough for a handful of short names.
    private func hash(_ bytes: UnsafeRawBufferPointer, _ start: Int, _ end: Int) -> UInt64 {
        FNV1a.hash64(UnsafeRawBufferPointer(rebasing: bytes[start..<end]))
    }
}
