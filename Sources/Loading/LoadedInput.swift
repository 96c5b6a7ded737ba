import Foundation
import GazetteCore

/// One input of a report, ready to read: bytes already fetched (a URL, the demo's data), or a
/// file that is read when the report reads it — whole for JSON, in pieces for a long log, so a
/// 30 MB log is never held in memory whole.
public struct LoadedInput: Sendable {
    public let source: Source
    private let content: Content
    /// The size in bytes (of the file when it was opened).
    public let size: Int

    private enum Content: Sendable {
        case bytes([UInt8])
        /// A file and the most bytes it may hold when it is read.
        case file(path: String, limit: Int)
    }

    package init(source: Source, bytes: [UInt8]) {
        self.source = source
        content = .bytes(bytes)
        size = bytes.count
    }

    package init(source: Source, file: String, size: Int, limit: Int) {
        self.source = source
        content = .file(path: file, limit: limit)
        self.size = size
    }

    /// The whole input.
    public func bytes() throws(BuildError) -> [UInt8] {
        switch content {
        case let .bytes(bytes): return bytes
        case let .file(path, limit): return try FileInput.read(path, limit: limit)
        }
    }

    /// The input in pieces of about `size` bytes; a read error ends the pieces and is then
    /// found in the reader's `error`.
    public func pieces(of size: Int = 1 << 20) -> InputPieces {
        switch content {
        case let .bytes(bytes): return InputPieces(bytes: bytes)
        case let .file(path, limit): return InputPieces(file: path, pieceSize: size, limit: limit)
        }
    }
}

/// Reads an input piece by piece, as a sequence for streaming parsers.
public final class InputPieces: Sequence, IteratorProtocol {
    private var handle: FileHandle?
    private var pending: [UInt8]?
    private let pieceSize: Int
    private let path: String
    /// The most bytes the file may give: a file that grew past the limit since it was checked
    /// ends the pieces with an error rather than reading on.
    private let limit: Int
    private var count = 0
    /// Why reading stopped early, if it did.
    public private(set) var error: BuildError?

    package init(bytes: [UInt8]) {
        pending = bytes
        pieceSize = 0
        path = ""
        limit = .max
    }

    package init(file: String, pieceSize: Int, limit: Int) {
        self.pieceSize = pieceSize
        self.limit = limit
        path = file
        handle = FileHandle(forReadingAtPath: file)
        if handle == nil { error = BuildError(.input, .file(file), "cannot read the file (permission denied?)") }
    }

    deinit { try? handle?.close() }

    public func next() -> [UInt8]? {
        if let bytes = pending {
            pending = nil
            return bytes.isEmpty ? nil : bytes
        }
        guard let handle else { return nil }
        do {
            guard let data = try handle.read(upToCount: pieceSize), !data.isEmpty else {
                try? handle.close()
                self.handle = nil
                return nil
            }
            count += data.count
            guard count <= limit else {
                self.error = FileInput.overLimit(.file(path), limit: limit)
                try? handle.close()
                self.handle = nil
                return nil
            }
            return [UInt8](data)
        } catch {
            self.error = BuildError(.input, .file(path), "cannot read the file: \(error.localizedDescription)")
            try? handle.close()
            self.handle = nil
            return nil
        }
    }
}
