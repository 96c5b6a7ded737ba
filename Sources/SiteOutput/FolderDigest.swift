/// Order-free digests of a folder's files, for telling a folder unchanged without reading it:
/// each file's words (its path's hash, then its numbers) mixed into four 64-bit lanes, and the
/// lanes added over the files, so the order the folder lists them in does not matter.
///
/// Not a cryptographic hash: it guards against files that changed or were swapped, not against
/// someone forging stats, which a user who can write the output could do anyway. Ten thousand
/// report folders of twenty files are digested in milliseconds, where SHA-256 took a tenth of a
/// rebuild with nothing changed.
package struct FolderDigest {
    private static let seeds: (UInt64, UInt64, UInt64, UInt64) = (
        0x9E37_79B9_7F4A_7C15, 0xD1B5_4A32_D192_ED03, 0x8CB9_2BA7_2F3D_8DD7, 0xF135_7AEA_2E62_A9C5
    )
    private var lanes: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

    package init() {}

    /// Adds a file: its path and up to four numbers that describe it.
    package mutating func add(path: String, _ a: UInt64, _ b: UInt64 = 0, _ c: UInt64 = 0, _ d: UInt64 = 0) {
        add(pathHash: Self.pathHash(path), a, b, c, d)
    }

    /// Adds a file by its stat (inode, size, modification time): a folder's stat fingerprint,
    /// as `StatFile` keeps it and `FolderSeal` takes it.
    package mutating func add(pathHash: UInt64, stat: FileStat) {
        add(
            pathHash: pathHash, stat.inode, UInt64(stat.size), UInt64(bitPattern: Int64(stat.seconds)),
            UInt64(stat.nanoseconds))
    }

    /// Adds a file by its path's `pathHash`.
    package mutating func add(pathHash: UInt64, _ a: UInt64, _ b: UInt64 = 0, _ c: UInt64 = 0, _ d: UInt64 = 0) {
        func lane(_ seed: UInt64) -> UInt64 {
            var value = Self.mix(seed ^ pathHash)
            value = Self.mix(value ^ a &+ seed)
            value = Self.mix(value ^ b &+ seed)
            value = Self.mix(value ^ c &+ seed)
            return Self.mix(value ^ d &+ seed)
        }
        lanes.0 &+= lane(Self.seeds.0)
        lanes.1 &+= lane(Self.seeds.1)
        lanes.2 &+= lane(Self.seeds.2)
        lanes.3 &+= lane(Self.seeds.3)
    }

    /// The digest of the files added so far.
    package var digest: FileDigest {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(32)
        for lane in [lanes.0, lanes.1, lanes.2, lanes.3] { withUnsafeBytes(of: lane.littleEndian) { bytes += $0 } }
        return FileDigest(bytes: bytes)
    }

    /// A path's hash (FNV-1a over its UTF-8); `after` continues the hash of the path's start, so
    /// a folder's files are hashed on top of the folder's hash: `pathHash("b", after:
    /// pathHash("a/"))` is `pathHash("a/b")`.
    package static func pathHash(_ text: String, after start: UInt64 = fnvOffset) -> UInt64 {
        var hash = start
        for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* fnvPrime }
        return hash
    }

    /// `pathHash` of a C string's bytes.
    package static func pathHash(_ text: UnsafePointer<CChar>, after start: UInt64) -> UInt64 {
        var hash = start
        var next = text
        while next.pointee != 0 {
            hash = (hash ^ UInt64(UInt8(bitPattern: next.pointee))) &* fnvPrime
            next += 1
        }
        return hash
    }

    package static let fnvOffset: UInt64 = 0xcbf2_9ce4_8422_2325
    private static let fnvPrime: UInt64 = 0x0000_0100_0000_01b3

    /// SplitMix64's finalizer: every bit of the input moves every bit of the output.
    private static func mix(_ value: UInt64) -> UInt64 {
        var z = value
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
