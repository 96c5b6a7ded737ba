import Foundation
import GazetteCore

/// One send at a time per send log: an exclusive lock on the log file, taken before the log is
/// read and held until the send ends, so a second send started beside the first waits and then
/// reads what the first sent (each message goes once). The wait is bounded: past it the send
/// stops with an error naming the log. A send that rekeys the log renames a new file over it, so
/// a lock taken on the file it replaced is let go and taken again on the new one.
enum SendLogLock {
    static func take(file: URL, wait: TimeInterval) throws(BuildError) -> FileLock {
        while true {
            let lock = try lock(file: file, wait: wait)
            if lock.isStill(at: file.path) { return lock }
            lock.release()
        }
    }

    private static func lock(file: URL, wait: TimeInterval) throws(BuildError) -> FileLock {
        do {
            return try FileLock(path: file.path, folder: false, wait: wait)
        } catch {
            switch error {
            case let .open(reason):
                throw BuildError(.io, .file(file.path), "cannot open the send log (\(reason))\(SendLog.startAfresh)")
            case .busy:
                throw BuildError(
                    .io, .file(file.path),
                    "another gazette send has been using this send log for \(Int(wait)) s: "
                        + "try again when it has ended (--lock-wait sets how long to wait)")
            }
        }
    }
}
