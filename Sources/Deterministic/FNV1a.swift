/// FNV-1a, the one hash of names in Gazette (shards, slugs' suffixes, message ids, invented ids,
/// the exercise-name table): tiny, and the same on every machine and in every run, unlike
/// Swift's `Hasher`, which is seeded per process.
public enum FNV1a {
    /// The 64-bit hash of `bytes`.
    @inlinable
    public static func hash64<Bytes: Sequence>(_ bytes: Bytes) -> UInt64 where Bytes.Element == UInt8 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        return hash
    }

    /// The 64-bit hash of a text's UTF-8.
    @inlinable
    public static func hash64(_ text: String) -> UInt64 { hash64(text.utf8) }

    /// The 32-bit hash of a text's UTF-8.
    @inlinable
    public static func hash32(_ text: String) -> UInt32 {
        var hash: UInt32 = 0x811C_9DC5
        for byte in text.utf8 { hash = (hash ^ UInt32(byte)) &* 0x0100_0193 }
        return hash
    }
}
