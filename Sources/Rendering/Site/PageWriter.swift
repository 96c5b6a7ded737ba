import GazetteCore

/// Where rendered pages go, and where the pictures they embed are read back from: the build's
/// staging folder, or a test's dictionary.
public protocol PageWriter: Sendable {
    func write(_ path: String, text: String) throws(BuildError)
    /// One file made of `pieces` one after another (a page's layout around its body, and its long
    /// tables' rows as bytes), so a long page is never joined into one more string first.
    func write(_ path: String, pieces: [PagePiece]) throws(BuildError)
    func read(_ path: String) -> [UInt8]?
}

/// Part of a page: text, or HTML already made as UTF-8 bytes (a slice, so a piece of a larger
/// buffer, such as an entry kept from the previous feed, is written without a copy).
public enum PagePiece: Sendable, Equatable {
    case text(String)
    case bytes(ArraySlice<UInt8>)

    public var text: String {
        switch self {
        case let .text(text): text
        case let .bytes(bytes): String(decoding: bytes, as: UTF8.self)
        }
    }
}

extension PageWriter {
    public func write(_ path: String, pieces: [PagePiece]) throws(BuildError) {
        try write(path, text: pieces.map(\.text).joined())
    }
}
