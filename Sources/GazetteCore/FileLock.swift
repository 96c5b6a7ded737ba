import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// An exclusive `flock` on a file or folder, held until `release` (or the end of the process,
/// however it ends: the kernel lets it go, so a crash never leaves one behind). What one build
/// or one send at a time is made of.
package final class FileLock: @unchecked Sendable {
    // Sendable by hand: the descriptor is only closed, once, by `release` or `deinit`.
    private var descriptor: Int32

    /// Why the lock could not be had: the file could not be opened, or another holder kept it
    /// past the wait.
    package enum Failure: Error {
        case open(reason: String)
        case busy
    }

    /// Opens `path` (a folder, or a file made when missing) and takes the lock. When another holds
    /// it, `waiting` is called once and the lock is waited for: without end when `wait` is nil,
    /// else for that many seconds.
    package init(path: String, folder: Bool, wait: TimeInterval?, waiting: () -> Void = {}) throws(Failure) {
        descriptor =
            folder ? open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC) : open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw .open(reason: String(cString: strerror(errno)).lowercased()) }
        if flock(descriptor, LOCK_EX | LOCK_NB) == 0 { return }
        waiting()
        let deadline = wait.map { Date().addingTimeInterval($0) }
        while true {
            if let deadline {
                if flock(descriptor, LOCK_EX | LOCK_NB) == 0 { return }
                guard errno == EWOULDBLOCK || errno == EINTR, Date() < deadline else { break }
                usleep(50_000)
            } else {
                if flock(descriptor, LOCK_EX) == 0 { return }
                guard errno == EINTR else { break }
            }
        }
        release()
        throw .busy
    }

    /// Whether the locked file is still the one at `path`: false once another has been renamed
    /// over it (then the lock guards a file nobody opens any more).
    package func isStill(at path: String) -> Bool {
        var held = stat()
        var named = stat()
        guard descriptor >= 0, fstat(descriptor, &held) == 0, stat(path, &named) == 0 else { return false }
        return held.st_dev == named.st_dev && held.st_ino == named.st_ino
    }

    /// Lets the next holder in.
    package func release() {
        guard descriptor >= 0 else { return }
        close(descriptor)
        descriptor = -1
    }

    deinit { release() }
}
