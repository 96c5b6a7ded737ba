import CFileExchange
import Foundation
import GazetteCore
#if canImport(Glibc)
    import Glibc
#endif

/// `gazette serve`'s way of publishing a rebuild: not the whole tree swapped at once, but each
/// report folder the build wrote swapped in with one atomic exchange, each file outside report
/// folders renamed over its old copy, folders of removed reports and files no longer written
/// taken out, and the manifest last. A rebuild after one edit then costs its own files, not a
/// hard link and a removal for every file of the site. A preview may show a new report beside
/// the front page of a moment before; `build` keeps the whole-tree swap.
package struct InPlacePublisher {
    let target: URL
    /// The report folders the build wrote (made anew or failed); the others are already in place.
    let writtenFolders: [String]
    /// Report folders of the previous output that the job no longer has.
    let removedFolders: [String]
    /// Files outside report folders that the previous manifest listed.
    let previousFiles: [String]

    package init(target: URL, writtenFolders: [String], removedFolders: [String], previousFiles: [String]) {
        self.target = target
        self.writtenFolders = writtenFolders
        self.removedFolders = removedFolders
        self.previousFiles = previousFiles
    }

    /// Moves what `staging` holds into the output; the staging folder ends up holding the old
    /// copies, removed with it.
    package func publish(_ staging: Staging) throws(BuildError) {
        let from = staging.folder.path
        let to = target.standardizedFileURL.path
        let aside = from + "/.replaced"
        guard mkdir(aside, 0o755) == 0 else { throw failure(aside, "cannot make a folder") }
        for slug in writtenFolders {
            let old = to + "/" + slug
            if gazette_exchange_paths(from + "/" + slug, old) != 0 {
                if errno == ENOENT || access(old, F_OK) != 0 {
                    guard rename(from + "/" + slug, old) == 0 else { throw failure(old, "cannot move the report in") }
                } else {
                    // No exchange here: move the old one aside first, then the new one in.
                    guard rename(old, aside + "/" + slug) == 0, rename(from + "/" + slug, old) == 0 else {
                        throw failure(old, "cannot move the report in")
                    }
                }
            }
        }
        for slug in removedFolders where access(to + "/" + slug, F_OK) == 0 {
            guard rename(to + "/" + slug, aside + "/" + slug) == 0 else {
                throw failure(to + "/" + slug, "cannot remove")
            }
        }
        let listed = staging.listedFiles.map(\.path).filter { $0 != "manifest.json" }
        for path in listed {
            if let slash = path.lastIndex(of: "/") {
                try? FileManager.default.createDirectory(
                    atPath: to + "/" + path[..<slash], withIntermediateDirectories: true)
            }
            guard rename(from + "/" + path, to + "/" + path) == 0 else {
                throw failure(to + "/" + path, "cannot move in")
            }
        }
        let written = Set(listed)
        for path in previousFiles where !written.contains(path) && path != "manifest.json" {
            unlink(to + "/" + path)
        }
        guard rename(from + "/manifest.json", to + "/manifest.json") == 0 else {
            throw failure(to + "/manifest.json", "cannot move the manifest in")
        }
    }

    private func failure(_ path: String, _ what: String) -> BuildError {
        BuildError(.io, .file(path), "\(what): \(String(cString: strerror(errno)))")
    }
}
