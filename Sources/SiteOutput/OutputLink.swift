import Foundation
import GazetteCore

#if canImport(Glibc)
    import Glibc
#endif

/// An output named through a symbolic link (`Output -> /var/www/site`, a common deploy set-up) is
/// published into the folder the link points to: the staging folder and the spare go beside that
/// folder, on its file system, and the link itself is never touched. Swapping the link's own path
/// would replace the link with a folder and leave the web server's folder behind.
public enum OutputLink {
    /// How many links are followed before the chain counts as a loop (Linux's own limit).
    static let maximumHops = 40

    /// The folder a build publishes into for `output`: `output` itself unless its last component is
    /// a symbolic link, else where the chain of links ends. That folder may not exist yet (a link
    /// whose target is still to be made): the build then makes it. A loop is a usage error.
    public static func resolve(_ output: URL) throws(BuildError) -> URL {
        var path = output.standardizedFileURL.path
        var hops = 0
        while isSymbolicLink(path) {
            hops += 1
            guard hops <= maximumHops, let destination = readLink(path) else {
                throw BuildError(
                    .usage, .file(output.path),
                    "the output is a symbolic link that never reaches a folder (a loop of links); "
                        + "point it at a folder or choose another --output")
            }
            let folder = (path as NSString).deletingLastPathComponent
            let next = destination.hasPrefix("/") ? destination : folder + "/" + destination
            path = URL(fileURLWithPath: next).standardizedFileURL.path
        }
        return URL(fileURLWithPath: path)
    }

    private static func isSymbolicLink(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFLNK
    }

    private static func readLink(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink(path, &buffer, buffer.count - 1)
        guard length > 0 else { return nil }
        return String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
