/// Bytes written piece by piece into memory of its own: a piece is one `memcpy`, with none of
/// an array's checks per append (a long document is written in millions of short pieces).
/// Not copyable: one owner makes, fills, reads and drops it (and, being a struct, its appends
/// need no run-time exclusivity checks, as a class's properties would).
package struct ByteBuffer: ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>
    package private(set) var count = 0
    private var capacity: Int

    package init(capacity: Int) {
        self.capacity = max(capacity, 64)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    package var isEmpty: Bool { count == 0 }

    @inline(__always)
    package mutating func append(_ byte: UInt8) {
        if count == capacity { grow(to: count + 1) }
        base[count] = byte
        count += 1
    }

    @inline(__always)
    package mutating func append(contentsOf bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        if count + bytes.count > capacity { grow(to: count + bytes.count) }
        (base + count).update(from: source, count: bytes.count)
        count += bytes.count
    }

    package mutating func append(contentsOf bytes: some Sequence<UInt8>) {
        for byte in bytes { append(byte) }
    }

    /// The bytes written so far, copied into an array.
    package var array: [UInt8] { Array(UnsafeBufferPointer(start: base, count: count)) }

    /// Hands the bytes written so far to `body`, then forgets them (keeping the memory).
    package mutating func drain(_ body: (UnsafeRawBufferPointer) -> Void) {
        guard count > 0 else { return }
        body(UnsafeRawBufferPointer(start: base, count: count))
        count = 0
    }

    @inline(never)
    private mutating func grow(to needed: Int) {
        let larger = max(needed, capacity * 2)
        let memory = UnsafeMutablePointer<UInt8>.allocate(capacity: larger)
        memory.update(from: base, count: count)
        base.deallocate()
        base = memory
        capacity = larger
    }
}
