import Foundation
import GazetteCore

/// One build at a time into one output folder.
///
/// A build reads the previous output (its manifest, the records and pages of reports it keeps)
/// and later swaps its own into place. Two builds into one output at once could each read what
/// the other had half replaced and publish a site that is neither build's (a kept report's
/// record from one, the front page from the other). So a build holds an exclusive `flock` on the
/// output's parent folder — the one thing that stays put while outputs are swapped inside it,
/// and no file is left beside the output for it — from before it reads anything until it has
/// published; the second build waits for the first. (Builds into two outputs of one folder wait
/// for each other too; shards' parts take no lock.) The kernel lets the lock go when its process
/// ends, however it ends, so a crashed build never leaves one behind.
package enum OutputLock {
    /// What is locked for `output`: its parent folder.
    package static func folder(for output: URL) -> URL {
        output.standardizedFileURL.deletingLastPathComponent()
    }

    /// Takes the lock of `output`, waiting while another build holds it (`waiting` is called
    /// once, before the wait, so the build can say why it pauses).
    package static func take(output: URL, waiting: () -> Void = {}) throws(BuildError) -> FileLock {
        let url = folder(for: output)
        do {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        } catch {
            throw BuildError(.io, .file(url.path), "cannot create the output's folder")
        }
        do {
            return try FileLock(path: url.path, folder: true, wait: nil, waiting: waiting)
        } catch {
            switch error {
            case let .open(reason):
                throw BuildError(.io, .file(url.path), "cannot open the output's folder to lock it: \(reason)")
            case .busy: throw BuildError(.io, .file(url.path), "cannot lock the output")
            }
        }
    }
}
