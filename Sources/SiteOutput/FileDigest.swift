import Crypto
import Foundation
import GazetteCore

/// A file's SHA-256: the one digest type of everything a build keeps between runs (the manifest,
/// the reports' records, the stat file, the cache folder). Its 32 bytes are held inline, so a
/// build of many thousand files holds no heap object per digest; on disk it is lowercase hex.
package struct FileDigest: Hashable, Sendable {
    private var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

    package init(_ digest: SHA256Digest?) {
        guard let digest else { return }
        withUnsafeMutableBytes(of: &words) { target in
            digest.withUnsafeBytes { source in target.copyMemory(from: source) }
        }
    }

    /// The digest of `bytes`.
    package init(of bytes: some ContiguousBytes) {
        self.init(bytes.withUnsafeBytes { SHA256.hash(data: $0) })
    }

    /// The digest of the file at `path`, read a piece at a time (a manifest of 100,000 reports is
    /// 25 MB); nil when it cannot be read.
    package init?(ofFileAt path: String) {
        guard let (digest, _) = Self.ofFile(at: path) else { return nil }
        self = digest
    }

    /// The digest and size of the file at `path`, read a piece at a time into a buffer no larger
    /// than the file (up to 256 KB); nil when it cannot be read. Not through `FileHandle`, whose
    /// every read allocates its whole piece: a rebuild checks its reused charts (a few KB each)
    /// on every core, and the 256 KB pieces in flight were 16 MB of its peak at 100,000 reports.
    package static func ofFile(at path: String) -> (digest: FileDigest, size: Int)? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return nil }
        // One byte more than the file, so a file read whole ends on a read of 0 bytes, not a second piece.
        let buffer = UnsafeMutableRawBufferPointer.allocate(
            byteCount: Swift.max(1, Swift.min(Int(info.st_size) + 1, 262_144)), alignment: 16)
        defer { buffer.deallocate() }
        var hasher = SHA256()
        var size = 0
        while true {
            let count = read(descriptor, buffer.baseAddress, buffer.count)
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { return nil }
            if count == 0 { break }
            hasher.update(bufferPointer: UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
            size += count
        }
        return (FileDigest(hasher.finalize()), size)
    }

    /// 32 bytes taken as a digest.
    package init(bytes: [UInt8]) {
        precondition(bytes.count == 32)
        withUnsafeMutableBytes(of: &words) { $0.copyBytes(from: bytes) }
    }

    /// The digest written as 64 hex digits; nil for any other text.
    package init?(hex: some StringProtocol) {
        var text = String(hex)
        guard let digest = text.withUTF8({ Self(hexUTF8: $0) }) else { return nil }
        self = digest
    }

    /// The digest from the UTF-8 bytes of 64 lowercase hex digits, read where they lie (the stat
    /// file holds tens of thousands; a concrete buffer, as a generic one would not be
    /// specialized across modules); nil for any other bytes.
    package init?(hexUTF8 text: UnsafeBufferPointer<UInt8>) {
        guard text.count == 64, withUnsafeMutableBytes(of: &words, { Self.readHex(text, into: $0) }) else {
            return nil
        }
    }

    /// Reads `target.count` bytes from twice as many lowercase hex digits at the start of `text`;
    /// false at any other digit.
    package static func readHex(_ text: UnsafeBufferPointer<UInt8>, into target: UnsafeMutableRawBufferPointer)
        -> Bool
    {
        guard text.count >= 2 * target.count else { return false }
        for offset in 0..<target.count {
            guard let high = nibble(text[2 * offset]), let low = nibble(text[2 * offset + 1]) else { return false }
            target[offset] = high << 4 | low
        }
        return true
    }

    /// Its 32 bytes, read where they lie.
    package func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        Swift.withUnsafeBytes(of: words, body)
    }

    /// The 32 bytes.
    package var bytes: [UInt8] {
        Swift.withUnsafeBytes(of: words) { Array($0) }
    }

    package var hex: String {
        Swift.withUnsafeBytes(of: words) { hexText($0) }
    }

    package static func == (left: FileDigest, right: FileDigest) -> Bool {
        left.words == right.words
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(words.0)
        hasher.combine(words.1)
    }

    private static func nibble(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        default: return nil
        }
    }
}
