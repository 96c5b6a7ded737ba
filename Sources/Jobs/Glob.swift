import Foundation
#if canImport(Glibc)
    import Glibc
#endif
import GazetteCore

/// File-name patterns (`*`, `?`, `[...]`) in the last path component of a job input.
package enum Glob {
    package static func isPattern(_ name: String) -> Bool {
        // On bytes: a job of many inputs asks this of every one.
        name.utf8.contains { $0 == UInt8(ascii: "*") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "[") }
    }

    /// The files in the pattern's folder whose names match, in natural order (`2` before `10`), so
    /// the order never depends on the disk.
    package static func expand(_ pattern: URL) -> [URL] {
        let folder = pattern.deletingLastPathComponent()
        let namePattern = pattern.lastPathComponent
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return [] }
        // Files only, as docs/guide/job-files.md says: a folder (an output inside `data/`) is never an input.
        return
            names
            .filter {
                !$0.hasPrefix(".") && fnmatch(namePattern, $0, 0) == 0 && isFile(folder.appendingPathComponent($0))
            }
            .sorted(by: NaturalOrder.areInIncreasingOrder)
            .map { folder.appendingPathComponent($0) }
    }

    private static func isFile(_ url: URL) -> Bool {
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) && !isFolder.boolValue
    }
}
