import Foundation
#if canImport(Glibc)
    import Glibc
#endif
import GazetteCore

/// Files in the current output that Gazette did not write — `CNAME`, notes, a `.git` folder, a
/// job file kept beside its site — carried into the new output, so a build only ever removes what
/// its previous manifest lists. Each is hard-linked into the staging folder (copied where links
/// are refused), so the previous output stays whole until the swap.
package struct ForeignFiles {
    let target: URL
    let staging: URL
    /// Whether a report folder was found holding only Gazette's files (its stats said so): not walked.
    var ownFolders: @Sendable (String) -> Bool = { _ in false }
    /// The target's manifest as the build read it, when it did: used while the file is unchanged.
    var manifest: SiteManifest? = nil

    private var fileManager: FileManager { .default }

    /// Carries every file, symbolic link and empty folder the previous manifest does not list.
    /// Returns the carried paths; a foreign file where the new build wrote one is an error naming it.
    /// A report folder's paths are read from its record as the walk reaches it, not gathered for
    /// the whole site first: 1.1 million paths at 100,000 reports, when every report was made anew.
    package func carry() throws(BuildError) -> [String] {
        guard fileManager.fileExists(atPath: target.path) else { return [] }
        let manifest = self.manifest.map { $0.current() } ?? SiteManifest(output: target)
        var carried: [String] = []
        try walk("", known: Known(manifest.sitePaths), manifest: manifest, carried: &carried)
        return carried
    }

    /// The paths a Gazette `manifest.json` in `folder` names (directly or through the reports'
    /// records), and the manifest itself.
    package static func manifestPaths(_ folder: URL) -> Set<String> {
        SiteManifest(output: folder).allPaths()
    }

    /// Paths Gazette wrote, and every folder holding one (so a folder is looked up once, not
    /// matched against every path): the site's own, and those of the report folder being walked.
    private struct Known {
        var paths: Set<String>
        var folders: Set<String> = []
        var report: (paths: Set<String>, folders: Set<String>)?

        init(_ paths: Set<String>) {
            self.paths = paths
            folders = Self.folders(holding: paths)
        }

        static func folders(holding paths: Set<String>) -> Set<String> {
            var folders: Set<String> = []
            for path in paths {
                var folder = Substring(path)
                while let slash = folder.lastIndex(of: "/") {
                    folder = folder[..<slash]
                    guard folders.insert(String(folder)).inserted else { break }
                }
            }
            return folders
        }

        func contains(_ path: String) -> Bool { paths.contains(path) || report?.paths.contains(path) == true }
        func holds(_ folder: String) -> Bool { folders.contains(folder) || report?.folders.contains(folder) == true }
    }

    private func walk(_ folder: String, known: Known, manifest: SiteManifest, carried: inout [String])
        throws(BuildError)
    {
        // Paths as text: the top level holds a folder per report (10,000 of them in a big site),
        // and a URL made for each costs more than the lstat.
        let root = target.path
        let here = folder.isEmpty ? root : root + "/" + folder
        guard let entries = FolderStats.entries(in: here) else { return }
        for (name, entryIsFolder) in entries.sorted(by: { $0.name < $1.name }) {
            // The report folders (10,000 of them in a big site) are passed over by their entries.
            if folder.isEmpty, entryIsFolder == true, ownFolders(name) { continue }
            let path = folder.isEmpty ? name : folder + "/" + name
            var status = stat()
            guard lstat(root + "/" + path, &status) == 0 else { continue }
            let isFolder = (status.st_mode & S_IFMT) == S_IFDIR
            if isFolder, folder.isEmpty, ownFolders(name) { continue }
            let source = target.appendingPathComponent(path)
            if isFolder {
                var inner = known
                if folder.isEmpty, manifest.listsReport(name) {
                    let paths = manifest.reportPaths(name)
                    inner.report = (paths, Known.folders(holding: paths))
                }
                let before = carried.count
                try walk(path, known: inner, manifest: manifest, carried: &carried)
                // A folder of the user's that held nothing to carry is kept as an empty folder.
                if carried.count == before, !inner.holds(path),
                    (try? fileManager.contentsOfDirectory(atPath: source.path).isEmpty) == true
                {
                    try makeFolder(path)
                    carried.append(path + "/")
                }
                continue
            }
            guard !known.contains(path) else { continue }
            try place(path, from: source, isLink: (status.st_mode & S_IFMT) == S_IFLNK)
            carried.append(path)
        }
    }

    private func place(_ path: String, from source: URL, isLink: Bool) throws(BuildError) {
        let destination = staging.appendingPathComponent(path)
        var existing = stat()
        if lstat(destination.path, &existing) == 0 {
            throw BuildError(
                .usage, .file(source.path),
                "this file was not written by Gazette, but the build writes a file of the same name; move it away and build again"
            )
        }
        try makeFolder((path as NSString).deletingLastPathComponent)
        if isLink {
            guard let link = try? fileManager.destinationOfSymbolicLink(atPath: source.path),
                symlink(link, destination.path) == 0
            else {
                throw BuildError(
                    .io, .file(destination.path), "cannot keep the symbolic link: \(String(cString: strerror(errno)))")
            }
            return
        }
        if link(source.path, destination.path) == 0 { return }
        do {
            try fileManager.copyItem(at: source, to: destination)
        } catch {
            throw BuildError(
                .io, .file(source.path), "cannot keep this file in the new output: \(Publisher.reason(error))")
        }
    }

    private func makeFolder(_ path: String) throws(BuildError) {
        guard !path.isEmpty else { return }
        let url = staging.appendingPathComponent(path)
        var status = stat()
        if lstat(url.path, &status) == 0 {
            guard (status.st_mode & S_IFMT) == S_IFDIR else {
                throw BuildError(
                    .usage, .file(target.appendingPathComponent(path).path),
                    "this folder was not made by Gazette, but the build writes a file of the same name; move it away and build again"
                )
            }
            return
        }
        do {
            try fileManager.createDirectory(at: url, withIntermediateDirectories: true)
        } catch {
            throw BuildError(.io, .file(url.path), "cannot create the folder: \(Publisher.reason(error))")
        }
    }
}
