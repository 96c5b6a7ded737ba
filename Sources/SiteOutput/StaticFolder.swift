import Foundation
#if canImport(Glibc)
    import Glibc
#endif
import GazetteCore

/// The user's `static/` folder: files copied into the site as they are (`CNAME`, `robots.txt`,
/// images, a favicon of their own). Read only: a build never changes or removes anything in it.
///
/// Every name is checked before anything is copied, so no file lands outside the site: a name
/// must be printable text without `\`, and a symbolic link must point at a file inside the
/// folder. Files that tools leave behind (`.git`, `.DS_Store`, `Thumbs.db`, `.gitkeep`) are skipped.
package struct StaticFolder: Sendable {
    package let folder: URL

    /// Names never copied: version control and desktop litter.
    static let skipped: Set<String> = [".git", ".gitkeep", ".gitignore", ".DS_Store", "Thumbs.db", "desktop.ini"]

    package init(_ folder: URL) {
        self.folder = folder.standardizedFileURL
    }

    /// One file to copy: where it goes in the site and where it is read from.
    package struct File: Sendable, Equatable {
        package var path: String
        package var source: URL

        package init(path: String, source: URL) {
            self.path = path
            self.source = source
        }
    }

    /// Every file to copy, in path order; an error names the first file that may not be copied.
    /// `reserved` are the site's own top-level names (pages, report folders, assets): a static
    /// file there would replace Gazette's, so it is refused; so is a top-level name `reservedName`
    /// says the site writes (a family of names, such as a sitemap's parts).
    package func files(reserved: Set<String>, reservedName: (String) -> Bool = { _ in false }) throws(BuildError)
        -> [File]
    {
        var status = stat()
        guard stat(folder.path, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR else {
            throw BuildError(.usage, .file(folder.path), "the static folder is missing or is not a folder")
        }
        let root = folder.resolvingSymlinksInPath().path
        var found: [File] = []
        try walk("", root: root, into: &found)
        for file in found {
            let top = String(file.path.prefix { $0 != "/" })
            if reserved.contains(top) || reservedName(top) {
                throw BuildError(
                    .usage, .file(file.source.path),
                    "Gazette writes \(file.path.contains("/") ? "the folder \(top)/" : top) itself; rename or move this static file"
                )
            }
        }
        return found
    }

    private func walk(_ relative: String, root: String, into found: inout [File]) throws(BuildError) {
        let here = relative.isEmpty ? folder : folder.appendingPathComponent(relative)
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: here.path)
        } catch {
            throw BuildError(.io, .file(here.path), "cannot read the static folder: \(Publisher.reason(error))")
        }
        for name in names.sorted() where !Self.skipped.contains(name) {
            let path = relative.isEmpty ? name : relative + "/" + name
            let url = folder.appendingPathComponent(path)
            if let fault = Self.nameFault(name) {
                throw BuildError(.usage, .file(url.path), "this static file's name \(fault); rename it")
            }
            var status = stat()
            guard lstat(url.path, &status) == 0 else {
                throw BuildError(
                    .io, .file(url.path), "cannot read this static file: \(String(cString: strerror(errno)))")
            }
            var kind = status.st_mode & S_IFMT
            if kind == S_IFLNK {
                // A link is followed only to a place inside the folder, so it cannot publish other files.
                let target = url.resolvingSymlinksInPath().path
                guard target.hasPrefix(root + "/"), stat(url.path, &status) == 0 else {
                    throw BuildError(
                        .usage, .file(url.path),
                        "this symbolic link points outside the static folder (or nowhere); only files inside it are published"
                    )
                }
                kind = status.st_mode & S_IFMT
            }
            switch kind {
            case S_IFDIR: try walk(path, root: root, into: &found)
            case S_IFREG: found.append(File(path: path, source: url))
            default:
                throw BuildError(
                    .usage, .file(url.path), "this is not a regular file or folder, so it cannot be published")
            }
        }
    }

    /// Why `name` cannot be a file name in the site, or nil when it can.
    static func nameFault(_ name: String) -> String? {
        if name == "." || name == ".." { return "is a path step" }
        if ControlCharacter.contains(in: name) || name.contains("\\") {
            return "holds a control character or a backslash"
        }
        if name.contains("\u{FFFD}") { return "is not valid UTF-8" }
        return nil
    }

    /// Copies `files` into `staging` at their site paths (each listed in the manifest).
    package static func copy(_ files: [File], into staging: Staging) throws(BuildError) {
        for file in files {
            guard let data = FileManager.default.contents(atPath: file.source.path) else {
                throw BuildError(.io, .file(file.source.path), "cannot read this static file")
            }
            try staging.write(file.path, [UInt8](data))
        }
    }
}
