import Foundation

/// A text file read a line at a time through a buffer of a few hundred KB: the stat file (39 MB)
/// and the manifest (25 MB) of 100,000 reports are read on every rebuild beside the job.
package enum LineFile {
    /// Calls `body` with each line of the file at `path` (without its line break; the last one
    /// too when the file does not end with one) until it returns false. Nothing when the file
    /// cannot be opened; a read that fails ends the lines there. `eachPiece` sees every byte read,
    /// in order, before its lines (to hash the file as it is read).
    package static func forEachLine(
        in path: String, eachPiece: (UnsafeRawBufferPointer) -> Void = { _ in },
        _ body: (UnsafeBufferPointer<UInt8>) -> Bool
    ) {
        guard let handle = FileHandle(forReadingAtPath: path) else { return }
        defer { try? handle.close() }
        var carried: [UInt8] = []
        var going = true
        while going, let piece = try? handle.read(upToCount: 262_144), !piece.isEmpty {
            piece.withUnsafeBytes { raw in
                eachPiece(raw)
                let bytes = raw.bindMemory(to: UInt8.self)
                var start = 0
                while going, let newline = bytes[start...].firstIndex(of: 0x0A) {
                    if carried.isEmpty {
                        going = body(UnsafeBufferPointer(rebasing: bytes[start..<newline]))
                    } else {
                        carried.append(contentsOf: bytes[start..<newline])
                        going = carried.withUnsafeBufferPointer { body($0) }
                        carried.removeAll(keepingCapacity: true)
                    }
                    start = newline + 1
                }
                carried.append(contentsOf: bytes[start...])
            }
        }
        if going, !carried.isEmpty { _ = carried.withUnsafeBufferPointer { body($0) } }
    }
}
