import Foundation
import GazetteCore
#if canImport(Glibc)
    import Glibc
#endif

/// Files and standard input as report inputs, with the same size limit as a URL. A path that
/// names no regular file (a FIFO with no writer would block for ever, `/dev/zero` never ends,
/// `/dev/null` reads as an empty log) is an error naming it.
package enum FileInput {
    /// The file's size, once it is known to be a readable regular file within `limit` bytes.
    /// `stat` does not open the file, so a FIFO is refused without blocking.
    package static func check(_ path: String, limit: Int) throws(BuildError) -> Int {
        var info = stat()
        guard stat(path, &info) == 0 else {
            let code = errno
            if code == ENOENT || code == ENOTDIR { throw BuildError(.input, .file(path), "no such file") }
            throw BuildError(.input, .file(path), "cannot read the file: \(String(cString: strerror(code)))")
        }
        let type = info.st_mode & S_IFMT
        guard type != S_IFDIR else { throw BuildError(.input, .file(path), "is a folder, not a file") }
        guard type == S_IFREG else {
            throw BuildError(
                .input, .file(path),
                "is \(kind(of: type)), not a regular file (give a file, or - to read standard input)")
        }
        guard FileManager.default.isReadableFile(atPath: path) else {
            throw BuildError(.input, .file(path), "cannot read the file (permission denied?)")
        }
        let size = Int(info.st_size)
        guard size <= limit else { throw overLimit(.file(path), limit: limit) }
        return size
    }

    /// The whole file, checked first; a file that grew past the limit since is refused too.
    package static func read(_ path: String, limit: Int) throws(BuildError) -> [UInt8] {
        _ = try check(path, limit: limit)
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw BuildError(.input, .file(path), "cannot read the file (permission denied?)")
        }
        defer { try? handle.close() }
        return try readAll(handle, limit: limit, place: .file(path))
    }

    /// Standard input, read once for the whole build (two reports naming `-` read the same bytes).
    package static func standardInput(limit: Int) throws(BuildError) -> [UInt8] {
        try StandardInputOnce.shared.bytes(limit: limit)
    }

    /// Reads to the end, refusing more than `limit` bytes.
    static func readAll(_ handle: FileHandle, limit: Int, place: ErrorLocation) throws(BuildError) -> [UInt8] {
        var bytes: [UInt8] = []
        while true {
            let piece: Data?
            do { piece = try handle.read(upToCount: 1 << 20) } catch {
                throw BuildError(.input, place, "cannot read: \(error.localizedDescription)")
            }
            guard let piece, !piece.isEmpty else { return bytes }
            bytes.append(contentsOf: piece)
            guard bytes.count <= limit else { throw overLimit(place, limit: limit) }
        }
    }

    /// `what` starts the message: a file "is over…", a URL's answer "the response is over…".
    package static func overLimit(_ place: ErrorLocation, limit: Int, what: String = "is over the input limit")
        -> BuildError
    {
        BuildError(.input, place, "\(what) of \(grouped(limit)) bytes (raise it with --max-input-size)")
    }

    /// `33,554,432`: a byte count in a message, the same in every locale.
    private static func grouped(_ number: Int) -> String {
        var text = String(number)
        var index = text.count - 3
        while index > 0 {
            text.insert(",", at: text.index(text.startIndex, offsetBy: index))
            index -= 3
        }
        return text
    }

    private static func kind(of type: mode_t) -> String {
        switch type {
        case S_IFIFO: return "a FIFO"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFSOCK: return "a socket"
        default: return "a special file"
        }
    }
}

/// Standard input can be read only once; every report that names `-` gets the same bytes.
private final class StandardInputOnce: @unchecked Sendable {
    static let shared = StandardInputOnce()
    private let lock = NSLock()
    private var result: Result<[UInt8], BuildError>?

    func bytes(limit: Int) throws(BuildError) -> [UInt8] {
        lock.lock()
        defer { lock.unlock() }
        if result == nil {
            do throws(BuildError) {
                result = .success(
                    try FileInput.readAll(
                        FileHandle.standardInput, limit: limit, place: .file(Source.standardInputName)))
            } catch {
                result = .failure(error)
            }
        }
        return try result!.get()
    }
}
