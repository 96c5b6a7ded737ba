import Foundation
import GazetteCore
#if canImport(Glibc)
    import Glibc
#endif

/// A second copy of the output's report folders, made of hard links to the output's own files
/// (so it takes no room but its folders), kept in the user's cache folder on the output's file
/// system. A rebuild that changed a few reports fills the spare with what it made, checks that
/// every other report's folder there still holds the output's very files, and swaps it in whole:
/// the output still changes in one atomic exchange, yet the rebuild costs what changed, not a
/// hard link and a removal for every file of the site. The output it replaces becomes the next
/// spare, holding only the report folders both share, plus links to the ones just made.
///
/// Nothing in a spare is trusted: a folder is kept only when its files' stats (inode among them)
/// are the output's, so a spare left half-made by a killed build, or changed by hand, costs only
/// the folders that differ.
package struct SpareOutput: Sendable {
    /// Where the spare lies while it is not claimed.
    package let home: URL

    package init(home: URL) {
        self.home = home
    }

    /// The spare claimed by this process: a build renames it here, so two builds never share one.
    package var claimed: URL {
        URL(fileURLWithPath: home.path + ".\(ProcessInfo.processInfo.processIdentifier)")
    }

    /// Whether a spare at `home` can be swapped with `output`: both on one file system (a rename
    /// cannot cross file systems), checked through their folders.
    package func canServe(_ output: URL) -> Bool {
        let folder = home.deletingLastPathComponent()
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var spareInfo = stat()
        var outputInfo = stat()
        return stat(folder.path, &spareInfo) == 0
            && stat(output.standardizedFileURL.deletingLastPathComponent().path, &outputInfo) == 0
            && spareInfo.st_dev == outputInfo.st_dev
    }

    /// Takes the spare for this build, renaming it to `claimed`: the spare, or one a killed build
    /// had claimed; nil when there is none.
    package func claim() -> URL? {
        let folder = home.deletingLastPathComponent()
        let mine = claimed
        if rename(home.path, mine.path) == 0 { return mine }
        let prefix = home.lastPathComponent + "."
        for name in FolderStats.names(in: folder.path) ?? [] where name.hasPrefix(prefix) {
            guard let pid = Int32(name.dropFirst(prefix.count)), kill(pid, 0) != 0 else { continue }
            if rename(folder.appendingPathComponent(name).path, mine.path) == 0 { return mine }
        }
        return nil
    }

    /// Empties a claimed spare of everything but the report folders of `candidates` whose files
    /// are, path for path and inode for inode, the ones the build vouched for in the output's
    /// folder of the same name by their stats (`candidates` gives each folder's
    /// `FolderSeal.links`, taken then): hard links to the very same files. Only the spare's
    /// folders' entries are read (`FolderSeal.links(of:under:)`), no file is stat-ed. `workers` folders at a time.
    /// `noting` is told each folder kept (a set of 100,000 names would be some 4 MB).
    package static func prune(
        _ spare: URL, keeping candidates: @escaping @Sendable (String) -> FileDigest?, workers: Int,
        noting: (String) -> Void = { _ in }
    ) -> Kept {
        let names = FolderStats.names(in: spare.path) ?? []
        let root = spare.path
        let found = parallelMap(names, workers: workers) { name -> Int? in
            if let expected = candidates(name), let seal = FolderSeal.links(of: name, under: root),
                seal.links == expected
            {
                return seal.files
            }
            FolderRemoval.removeEntry(root + "/" + name)
            return nil
        }
        var kept = Kept()
        for (name, outcome) in zip(names, found) {
            guard case let .success(count?) = outcome else { continue }
            noting(name)
            kept.folders += 1
            kept.files += count
        }
        return kept
    }

    /// The report folders a pruned spare kept, and their files.
    package struct Kept: Sendable {
        package var folders = 0
        package var files = 0
    }

    /// Makes the old output, swapped out to `old`, the next spare: every top-level entry but the
    /// folders in `shared` (which the new output took whole, so they hold its files) is removed,
    /// the folders in `made` are linked in from the new output, and the result is named `home`.
    /// False when it cannot be made: the caller then removes the old output as before.
    package func retire(
        _ old: URL, shared: @Sendable (String) -> Bool, made: [String], output: URL, workers: Int
    ) -> Bool {
        let root = old.path
        let names = FolderStats.names(in: root) ?? []
        _ = parallelMap(names.filter { !shared($0) }, workers: workers) { name in
            FolderRemoval.removeEntry(root + "/" + name)
        }
        let source = output.standardizedFileURL.path
        let linked = parallelMap(made, workers: workers) { slug -> Bool in
            let from = open(source + "/" + slug, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            // A report without a folder (failed in a part) has nothing to link.
            guard from >= 0 else { return errno == ENOENT }
            defer { close(from) }
            guard mkdir(root + "/" + slug, 0o755) == 0 || errno == EEXIST else { return false }
            let to = open(root + "/" + slug, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            guard to >= 0 else { return false }
            defer { close(to) }
            return Self.linkEntries(from: from, to: to)
        }
        let complete = linked.allSatisfy { (try? $0.get()) == true }
        return complete && rename(root, home.path) == 0
    }

    /// Hard-links every file of the open folder `from` into the open folder `to`, making its
    /// folders there: each name is taken in its open folder (`linkat`), not walked to from the root
    /// (a cold build of 100,000 reports spent most of its last minutes in the kernel's path walks).
    /// False at the first entry that cannot be linked, or that is neither file nor folder.
    private static func linkEntries(from: Int32, to: Int32) -> Bool {
        // `fdopendir` takes its descriptor, so the folder is read through a copy of it.
        guard let directory = fdopendir(dup(from)) else { return false }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let linked = withUnsafeBytes(of: entry.pointee.d_name) { raw -> Bool in
                let name = raw.bindMemory(to: CChar.self).baseAddress!
                if name[0] == 46, name[1] == 0 || (name[1] == 46 && name[2] == 0) { return true }
                var type = entry.pointee.d_type
                if type == UInt8(DT_UNKNOWN) {
                    var info = stat()
                    guard fstatat(from, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { return false }
                    type =
                        (info.st_mode & S_IFMT) == S_IFDIR
                        ? UInt8(DT_DIR) : (info.st_mode & S_IFMT) == S_IFREG ? UInt8(DT_REG) : 0
                }
                if type == UInt8(DT_REG) { return linkat(from, name, to, name, 0) == 0 }
                guard type == UInt8(DT_DIR), mkdirat(to, name, 0o755) == 0 || errno == EEXIST else { return false }
                let inner = openat(from, name, O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NOFOLLOW)
                guard inner >= 0 else { return false }
                defer { close(inner) }
                let innerTarget = openat(to, name, O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NOFOLLOW)
                guard innerTarget >= 0 else { return false }
                defer { close(innerTarget) }
                return linkEntries(from: inner, to: innerTarget)
            }
            guard linked else { return false }
        }
        return true
    }
}
