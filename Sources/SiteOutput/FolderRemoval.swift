import GazetteCore
#if canImport(Glibc)
    import Glibc
#endif

/// Removes a folder and everything in it with the system's calls directly, its top-level entries
/// spread over the cores: an old output of tens of thousands of files goes in a fraction of the
/// time a file manager takes.
package enum FolderRemoval {
    /// True when `path` is gone afterwards.
    package static func remove(_ path: String) -> Bool {
        guard let names = FolderStats.names(in: path) else { return false }
        _ = parallelMap(names, workers: 4) { name in removeEntry(path + "/" + name) }
        return rmdir(path) == 0
    }

    /// Removes a file, or a folder and everything in it, on this thread.
    package static func removeEntry(_ path: String) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return }
        if (info.st_mode & S_IFMT) == S_IFDIR {
            for name in FolderStats.names(in: path) ?? [] { removeEntry(path + "/" + name) }
            rmdir(path)
        } else {
            unlink(path)
        }
    }
}
