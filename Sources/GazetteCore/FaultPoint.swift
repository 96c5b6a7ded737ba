import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Named moments where a crash would hurt most (between a swap's two steps, between a server's
/// acceptance and the send log reaching the disk). Fault tests set `GAZETTE_TEST_KILL_AT` to a
/// point's name and the process kills itself there with SIGKILL, as a power cut or the OOM killer
/// would: no cleanup runs, so the test sees exactly what such a crash leaves behind.
package enum FaultPoint: String, Sendable {
    /// The new output is complete beside the old one, just before they are exchanged.
    case beforeSwap = "publish:before-swap"
    /// The exchange is done; the old output is not yet retired (removed, or made the spare).
    case afterSwap = "publish:after-swap"
    /// A message was accepted by the server; the send log does not say so yet.
    case afterAccepted = "send:after-accepted"

    private static let armed: String? = ProcessInfo.processInfo.environment["GAZETTE_TEST_KILL_AT"]

    /// Kills the process when a fault test asked for this point; otherwise does nothing.
    package func reach() {
        guard let armed = Self.armed, armed == rawValue else { return }
        kill(getpid(), SIGKILL)
    }
}
