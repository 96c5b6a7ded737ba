import Foundation

/// Where a report's input comes from.
public enum Source: Equatable, Sendable, CustomStringConvertible {
    /// A file, by its absolute, standardized path. A path, not a `URL`: a parsed `URL` costs some
    /// 370 bytes, and a job of 100,000 inputs held 36 MB of them.
    case file(path: String)
    case url(URL)
    /// Bytes carried inside the program (the demo), with a display name.
    case embedded(name: String, bytes: [UInt8])
    /// `-`: the program's standard input, read once, with the same size limit as a URL.
    case standardInput

    /// Reads `text` as an http(s) URL or a path resolved against `base`.
    public init(parsing text: String, relativeTo base: URL) {
        // Only a text with a colon can have a scheme: a plain path is not parsed as a URL (twice).
        let mayBeURL = text.contains(":")
        if text == "-" {
            self = .standardInput
        } else if mayBeURL, let url = URL(string: text), let scheme = url.scheme?.lowercased(),
            scheme == "http" || scheme == "https"
        {
            self = .url(url)
        } else if mayBeURL, let url = URL(string: text), let scheme = url.scheme, scheme.count > 1,
            text.hasPrefix(scheme + "://")
        {
            // ftp://, file://…: a URL, refused with its name when fetched, not a file named "ftp:".
            self = .url(url)
        } else if text.hasPrefix("/") {
            self = .file(path: Self.plainAbsolutePath(text) ?? URL(fileURLWithPath: text).standardizedFileURL.path)
        } else if let plain = Self.plainPath(text, under: base) {
            self = .file(path: plain)
        } else {
            self = .file(base.appendingPathComponent(text).standardizedFileURL)
        }
    }

    /// A file by its URL (its path is what is kept).
    public static func file(_ url: URL) -> Source {
        .file(path: url.path)
    }

    /// The file's URL; nil for other sources.
    public var fileURL: URL? {
        guard case let .file(path) = self else { return nil }
        return URL(fileURLWithPath: path, isDirectory: false)
    }

    /// The absolute path `text` itself when there is nothing to standardize (as `plainPath`): a job
    /// of 100,000 absolute inputs spent a second standardizing. Nil otherwise.
    static func plainAbsolutePath(_ text: String) -> String? {
        guard text.hasPrefix("/"), text.count > 1, Self.isPlain(text.utf8.dropFirst()) else { return nil }
        return text
    }

    /// Whether a path's parts (`/`-separated) are all names: none empty, `.` or `..`, and no `/` at
    /// the end.
    private static func isPlain(_ path: Substring.UTF8View) -> Bool {
        guard !path.isEmpty, path.last != UInt8(ascii: "/") else { return false }
        for part in path.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false) {
            if part.isEmpty || part.elementsEqual(".".utf8) || part.elementsEqual("..".utf8) { return false }
        }
        return true
    }

    /// `base/text` made from strings when there is nothing to standardize (no `.` or `..` part, no
    /// empty part, no folder `/` at the end): the path the general way gives, at a fraction of its
    /// cost for a job of many inputs. Nil otherwise.
    static func plainPath(_ text: String, under base: URL) -> String? {
        guard base.isFileURL, Self.isPlain(text[...].utf8) else { return nil }
        guard let folder = plainFolder(base) else { return nil }
        return joined(folder, text)
    }

    /// `folder/text` in a string of just its length: `+` leaves room to grow (152 bytes held
    /// for a 60-byte path, not 104), and a job of 100,000 inputs holds each path to its end.
    private static func joined(_ folder: String, _ text: String) -> String {
        let length = folder.utf8.count + 1 + text.utf8.count
        return String(unsafeUninitializedCapacity: length) { buffer in
            var end = buffer.initialize(fromContentsOf: folder.utf8)
            buffer[end] = UInt8(ascii: "/")
            end += 1
            end = buffer[end...].initialize(fromContentsOf: text.utf8)
            return end
        }
    }

    /// `base`'s standardized path ("" for the root), worked out once for the many inputs of a job.
    private static func plainFolder(_ base: URL) -> String? {
        lastFolder.lock.lock()
        defer { lastFolder.lock.unlock() }
        if let (url, folder) = lastFolder.value, url == base { return folder }
        let path = base.standardizedFileURL.path
        guard path.hasPrefix("/") else { return nil }
        let folder = path == "/" ? "" : path
        lastFolder.value = (base, folder)
        return folder
    }

    private static let lastFolder = LockedValue<(URL, String)?>(nil)

    /// How the source is named in errors: the path or URL.
    public var description: String {
        switch self {
        case let .file(path): return path
        case let .url(url): return url.absoluteString
        case let .embedded(name, _): return name
        case .standardInput: return Self.standardInputName
        }
    }

    /// How standard input is named in errors and on pages, as compilers name it.
    public static let standardInputName = "<stdin>"

    /// How the source is named on pages: the file name or the URL, never a machine's folders.
    public var displayName: String {
        switch self {
        case let .file(path): return Self.lastPart(of: path)
        case let .url(url): return url.absoluteString
        case let .embedded(name, _): return name
        case .standardInput: return Self.standardInputName
        }
    }
}

extension Source {
    /// A path's last part, as `URL.lastPathComponent` gives it for a standardized file path (the
    /// root is "/").
    static func lastPart(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        let name = path[path.index(after: slash)...]
        return name.isEmpty ? (path == "/" ? "/" : URL(fileURLWithPath: path).lastPathComponent) : String(name)
    }
}

/// A value behind a lock, for a small cache shared by threads.
final class LockedValue<Value>: @unchecked Sendable {
    let lock = NSLock()
    var value: Value

    init(_ value: Value) {
        self.value = value
    }
}
