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
            digest.withUnsafeBytes { whole in
                withUnsafeMutableBytes(of: &self) {
                    $0.copyMemory(from: UnsafeRawBufferPointer(rebasing: whole[..<16]))
                }
            }
        }

        /// The digest from 32 lowercase hex digits, or the first half of 64; nil for other bytes.
        init?(hexUTF8 text: UnsafeBufferPointer<UInt8>) {
            if text.count == 64 {
                guard let whole = FileDigest(hexUTF8: text) else { return nil }
                self = ShortDigest(whole)
                return
            }
            guard text.count == 32, withUnsafeMutableBytes(of: &self, { FileDigest.readHex(text, into: $0) }) else {
                return nil
            }
        }

        var hex: String {
            withUnsafeBytes(of: self) { hexText($0) }
        }
    }
}
