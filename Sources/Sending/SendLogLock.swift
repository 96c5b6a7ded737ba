import Foundation
import GazetteCore

#if canImport(Glibc)
    import Glibc
#endif

/// One send at a time per send log: an exclusive `flock` on the log file, taken before the log is
/// read and held until the send ends, so a second send started beside the first waits and then
/// reads what the first sent (each message goes once). The wait is bounded: past it the send
/// stops with an error naming the log. The kernel lets the lock go when the process ends.
final class SendLogLock {
    private var descriptor: Int32

    init(file: URL, wait: TimeInterval) throws(BuildError) {
        descriptor = open(file.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw BuildError(
                .io, .file(file.path),
                "cannot open the send log (\(String(cString: strerror(errno)).lowercased()))\(SendLog.startAfresh)")
        }
        let deadline = Date().addingTimeInterval(wait)
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR, Date() < deadline else {
                close(descriptor)
                descriptor = -1
                throw BuildError(
                    .io, .file(file.path),
                    "another gazette send has been using this send log for \(Int(wait)) s: "
                        + "try again when it has ended (--lock-wait sets how long to wait)")
            }
            usleep(50_000)
        }
    }

    func release() {
        guard descriptor >= 0 else { return }
        close(descriptor)
        descriptor = -1
    }

    deinit { release() }
}
