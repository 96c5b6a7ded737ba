/// Bytes as lowercase hexadecimal: what manifests and cache keys spell digests with. Written by
/// hand because `String(format:)` costs a formatter per byte, which shows in a warm rebuild that
/// checks thousands of files.
public func hexText<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> String {
    var out: [UInt8] = []
    out.reserveCapacity(bytes.underestimatedCount * 2)
    for byte in bytes {
        out.append(hexDigit(byte >> 4))
        out.append(hexDigit(byte & 0x0F))
    }
    return String(decoding: out, as: UTF8.self)
}

/// `hexText` of bytes in memory, written straight into the string's storage: a rebuild spells
/// two digests for every report it keeps.
public func hexText(_ bytes: UnsafeRawBufferPointer) -> String {
    String(unsafeUninitializedCapacity: bytes.count * 2) { out in
        for (index, byte) in bytes.enumerated() {
            out[2 * index] = hexDigit(byte >> 4)
            out[2 * index + 1] = hexDigit(byte & 0x0F)
        }
        return bytes.count * 2
    }
}

/// The digit of a value 0–15.
@inline(__always) private func hexDigit(_ value: UInt8) -> UInt8 {
    value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") - 10 + value
}
