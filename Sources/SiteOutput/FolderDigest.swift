/// Order-free digests of a folder's files, for telling a folder unchanged without reading it:
/// each file's words (its path's hash, then the numbers given) mixed into four 64-bit lanes, and
/// the lanes added over the files, so the order the folder lists them in does not matter.
///
/// Not a cryptographic hash: it guards against files that changed or were swapped, not against
/// someone forging stats, which a user who can write the output could do anyway. Ten thousand
/// report folders of twenty files are digested in milliseconds, where SHA-256 took a tenth of a
/// rebuild with nothing changed.
package enum FolderDigest {
    private static let seeds: [UInt64] = [
        0x9E37_79B9_7F4A_7C15, 0xD1B5_4A32_D192_ED03, 0x8CB9_2BA7_2F3D_8DD7, 0xF135_7AEA_2E62_A9C5
    ]

    /// The digest of `files`, each given as its path and the numbers that describe it.
    package static func digest<Files: Sequence>(_ files: Files) -> FileDigest
    where Files.Element == (path: String, numbers: [UInt64]) {
        var lanes: [UInt64] = [0, 0, 0, 0]
        for (path, numbers) in files {
            let pathHash = fnv1a(path)
            for lane in 0..<4 {
                var value = mix(seeds[lane] ^ pathHash)
                for number in numbers { value = mix(value ^ number &+ seeds[lane]) }
                lanes[lane] &+= value
            }
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(32)
        for lane in lanes { withUnsafeBytes(of: lane.littleEndian) { bytes += $0 } }
        return FileDigest(bytes: bytes)
    }

    /// FNV-1a over a path's UTF-8.
    private static func fnv1a(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        return hash
    }

    /// SplitMix64's finalizer: every bit of the input moves every bit of the output.
    private static func mix(_ value: UInt64) -> UInt64 {
        var z = value
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
