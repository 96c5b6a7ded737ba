import GazetteCore
import SiteOutput

extension StatFile {
    /// The first 16 bytes of a SHA-256: what a report's stamp keeps of its folder's fingerprint
    /// and of its record's key, each only ever compared with the one a build computes (a stamp
    /// vouches for a wrong one by chance once in 2^128). Half a digest each is 3.2 MB less at
    /// 100,000 reports. On disk, 32 hex digits; a whole digest's 64 (`gazette-stats 6`) is read
    /// as its first half.
    struct ShortDigest: Equatable, Sendable {
        private var high: UInt64 = 0
        private var low: UInt64 = 0

        init(_ digest: FileDigest) {
            withUnsafeMutableBytes(of: &self) { $0.copyBytes(from: digest.bytes.prefix(16)) }
        }

        /// The digest from 32 lowercase hex digits, or the first half of 64; nil for other bytes.
        init?(hexUTF8 text: UnsafeBufferPointer<UInt8>) {
            guard text.count == 32 || (text.count == 64 && FileDigest(hexUTF8: text) != nil) else { return nil }
            let read = withUnsafeMutableBytes(of: &self) { target in
                for offset in 0..<16 {
                    guard let high = Self.nibble(text[2 * offset]), let low = Self.nibble(text[2 * offset + 1]) else {
                        return false
                    }
                    target[offset] = high << 4 | low
                }
                return true
            }
            guard read else { return nil }
        }

        var hex: String {
            withUnsafeBytes(of: self) { hexText($0) }
        }

        private static func nibble(_ byte: UInt8) -> UInt8? {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
            default: nil
            }
        }
    }
}
