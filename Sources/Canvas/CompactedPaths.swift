import Foundation

/// Glyph outlines' compacted path data, remembered by its text: Cairo writes the same outlines
/// into every SVG whose text uses those letters, so most glyphs of a chart were compacted before.
/// Only glyphs (asked for by `SVGCompactor`, never data lines) of at most `longestKept` bytes are
/// kept, at most `capacity` of them, so the memory is the same for ten charts or ten thousand. A
/// pure memo: the bytes out are those `compact` makes.
enum CompactedPaths {
    static let longestKept = 2048
    static let capacity = 1024

    private struct Entry {
        let raw: [UInt8]
        let compact: [UInt8]
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var entries: [Int: Entry] = [:]

    static func compact(_ data: ArraySlice<UInt8>, _ make: (ArraySlice<UInt8>) -> [UInt8]) -> [UInt8] {
        guard data.count <= longestKept else { return make(data) }
        let key = data.withUnsafeBytes { bytes -> Int in
            var hasher = Hasher()
            hasher.combine(bytes: bytes)
            return hasher.finalize()
        }
        lock.lock()
        let known = entries[key]
        lock.unlock()
        if let known, known.raw.count == data.count,
            data.isEmpty
                || known.raw.withUnsafeBytes({ raw in
                    data.withUnsafeBytes { memcmp(raw.baseAddress!, $0.baseAddress!, raw.count) == 0 }
                })
        {
            return known.compact
        }
        let compact = make(data)
        lock.lock()
        if entries.count < capacity, entries[key] == nil { entries[key] = Entry(raw: Array(data), compact: compact) }
        lock.unlock()
        return compact
    }
}
