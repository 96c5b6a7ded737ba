import ArgumentParser
import Foundation
import SiteBuild

/// Writes a command's files into a folder, never over a file that is there: every clash is named
/// first and nothing is written (exit 64); a file that cannot be written is an I/O error (74).
enum FolderWriter {
    static func write(_ files: [(path: String, bytes: [UInt8])], into folder: URL, what command: String) throws {
        let manager = FileManager.default
        let clashes = files.map { folder.appendingPathComponent($0.path) }.filter {
            manager.fileExists(atPath: $0.path)
        }
        guard clashes.isEmpty else {
            for clash in clashes { Console.error("\(clash.path): error: already exists; \(command) replaces nothing") }
            Console.error("Wrote nothing: choose an empty folder, or move those files away.")
            throw ExitCode(ExitStatus.usage)
        }
        for (path, bytes) in files {
            let url = folder.appendingPathComponent(path)
            do {
                try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(bytes).write(to: url, options: .withoutOverwriting)
            } catch {
                Console.error("\(url.path): error: cannot write: \(error.localizedDescription)")
                throw ExitCode(ExitStatus.io)
            }
        }
    }
}
