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
    /// folder of the same name by their stats (`candidates` holds each folder's
    /// `FolderSeal.links`, taken then): hard links to the very same files. Only the spare's
    /// folders' entries are read (`FolderSeal.links(of:under:)`), no file is stat-ed. `workers` folders at a time.
    package static func prune(_ spare: URL, keeping candidates: [String: FileDigest], workers: Int) -> Kept {
        let names = FolderStats.names(in: spare.path) ?? []
        let root = spare.path
        let found = parallelMap(names, workers: workers) { name -> Int? in
            if let expected = candidates[name], let seal = FolderSeal.links(of: name, under: root),
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
            kept.folders.insert(name)
            kept.files += count
        }
        return kept
    }

    /// The report folders a pruned spare kept, and their files.
    package struct Kept: Sendable {
        package var folders: Set<String> = []
        package var files = 0
    }

    /// Makes the old output, swapped out to `old`, the next spare: every top-level entry but the
    /// folders in `shared` (which the new output took whole, so they hold its files) is removed,
    /// the folders in `made` are linked in from the new output, and the result is named `home`.
    /// False when it cannot be made: the caller then removes the old output as before.
    package func retire(_ old: URL, shared: Set<String>, made: [String], output: URL, workers: Int) -> Bool {
        let root = old.path
        let names = FolderStats.names(in: root) ?? []
        _ = parallelMap(names.filter { !shared.contains($0) }, workers: workers) { name in
            FolderRemoval.removeEntry(root + "/" + name)
        }
        let source = output.standardizedFileURL.path
        let linked = parallelMap(made, workers: workers) { slug -> Bool in
            // A report without a folder (failed in a part) has nothing to link.
            guard access(source + "/" + slug, F_OK) == 0 else { return true }
            guard let files = FolderStats.files(in: slug, under: source) else { return false }
            return Self.link(files.map(\.path), from: source, to: root)
        }
        let complete = linked.allSatisfy { (try? $0.get()) == true }
        return complete && rename(root, home.path) == 0
    }

    /// Hard-links each of `paths` (relative, `slug/charts/x.png`) from `source` into `target`,
    /// making folders on the way; false at the first that fails.
    private static func link(_ paths: [String], from source: String, to target: String) -> Bool {
        var made: Set<String> = []
        for path in paths {
            guard Staging.makeFolders(of: path, under: target, made: &made) == nil else { return false }
            guard Glibc.link(source + "/" + path, target + "/" + path) == 0 else { return false }
        }
        return true
    }
}
