import Crypto
import Foundation

extension StatFile {
    /// An input file's path as the first 16 bytes of its SHA-256: what the stat file's table of
    /// inputs is keyed by, so it holds no string per input (the job holds each path already).
    /// Two paths with the same key would take 2^64 paths to meet by chance.
    struct PathKey: Hashable, Sendable {
        private let high: UInt64
        private let low: UInt64

        init(_ path: String) {
            var path = path
            self = path.withUTF8 { PathKey(utf8: $0) }
        }

        /// The key of the path whose UTF-8 bytes these are.
        init(utf8 bytes: UnsafeBufferPointer<UInt8>) {
            let digest = SHA256.hash(data: UnsafeRawBufferPointer(bytes))
            (high, low) = digest.withUnsafeBytes { raw in
                (
                    raw.loadUnaligned(fromByteOffset: 0, as: UInt64.self),
                    raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
                )
            }
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(low)
        }
    }
}
