import Foundation

/// The regular files below a folder, by path relative to it, in path order.
package enum FileTree {
    package static func files(under folder: URL) -> [(relativePath: String, url: URL)] {
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey])
        else { return [] }
        let root = folder.standardizedFileURL.path
        var found: [(relativePath: String, url: URL)] = []
        for case let url as URL in walker
        where (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
            found.append((String(url.standardizedFileURL.path.dropFirst(root.count + 1)), url))
        }
        return found.sorted { $0.relativePath < $1.relativePath }
    }
}
