import Foundation
import GazetteCore
import Rendering

/// Pages written straight into a folder, for the renderer's own tests (a build writes them
/// through its staging folder).
struct FolderWriter: PageWriter {
    let folder: URL

    func write(_ path: String, text: String) throws(BuildError) {
        try write(path, pieces: [.text(text)])
    }

    func write(_ path: String, pieces: [PagePiece]) throws(BuildError) {
        var bytes: [UInt8] = []
        for piece in pieces {
            switch piece {
            case let .text(text): bytes += Array(text.utf8)
            case let .bytes(more): bytes += more
            }
        }
        let file = folder.appendingPathComponent(path)
        do {
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(bytes).write(to: file)
        } catch {
            throw BuildError(.io, .file(file.path), "cannot write: \(error)")
        }
    }

    func read(_ path: String) -> [UInt8]? {
        FileManager.default.contents(atPath: folder.appendingPathComponent(path).path).map { Array($0) }
    }
}
