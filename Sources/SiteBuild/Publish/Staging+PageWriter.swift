import GazetteCore
import Rendering
import SiteOutput

/// The staging folder is where pages are written and charts read back from.
extension Staging: PageWriter {
    /// Writes a page's pieces one after another, each straight from its storage.
    public func write(_ path: String, pieces: [PagePiece]) throws(BuildError) {
        try stream(path) { sink in
            for piece in pieces {
                switch piece {
                case var .text(text): text.withUTF8 { sink.appendUTF8(UnsafeRawBufferPointer($0)) }
                case let .bytes(bytes): bytes.withUnsafeBytes { sink.appendUTF8($0) }
                }
            }
        }
    }
}
