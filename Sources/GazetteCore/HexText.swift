/// Bytes as lowercase hexadecimal: what manifests and cache keys spell digests with. Written by
/// hand because `String(format:)` costs a formatter per byte, which shows in a warm rebuild that
/// checks thousands of files.
public func hexText<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> String {
    let digits = Array("0123456789abcdef".utf8)
    var out: [UInt8] = []
    out.reserveCapacity(bytes.underestimatedCount * 2)
    for byte in bytes {
        out.append(digits[Int(byte >> 4)])
        out.append(digits[Int(byte & 0x0F)])
    }
    return String(decoding: out, as: UTF8.self)
}
