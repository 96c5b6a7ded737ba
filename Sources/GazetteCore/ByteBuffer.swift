/// Bytes written piece by piece into memory of its own: a piece is one `memcpy`, with none of
/// an array's checks per append (a long document is written in millions of short pieces).
/// Single-owner: made, filled, read and dropped by one writer.
package final class ByteBuffer {
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
    package func append(_ byte: UInt8) {
        if count == capacity { grow(to: count + 1) }
        base[count] = byte
        count += 1
    }

    @inline(__always)
    package func append(contentsOf bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        if count + bytes.count > capacity { grow(to: count + bytes.count) }
        (base + count).update(from: source, count: bytes.count)
        count += bytes.count
    }

    package func append(contentsOf bytes: some Sequence<UInt8>) {
        for byte in bytes { append(byte) }
    }

    /// Hands the bytes written so far to `body`, then forgets them (keeping the memory).
    package func drain(_ body: (UnsafeRawBufferPointer) -> Void) {
        guard count > 0 else { return }
        body(UnsafeRawBufferPointer(start: base, count: count))
        count = 0
    }

    @inline(never)
    private func grow(to needed: Int) {
        let larger = max(needed, capacity * 2)
        let memory = UnsafeMutablePointer<UInt8>.allocate(capacity: larger)
        memory.update(from: base, count: count)
        base.deallocate()
        base = memory
        capacity = larger
    }
}
