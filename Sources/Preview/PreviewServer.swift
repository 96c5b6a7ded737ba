import FlyingFox
import FlyingSocks
import Foundation
#if canImport(Glibc)
    import Glibc
#endif

/// `gazette serve`'s HTTP side: the output folder on 127.0.0.1, and the live-reload socket.
/// Only the loopback address is bound, so the preview is not offered to the network.
public struct PreviewServer: Sendable {
    public let root: URL
    public let port: UInt16
    public let reload: LiveReload
    private let server: HTTPServer
    private let log: ServerLog

    /// A server for `root` on the first free port from `port` (trying the next 20). FlyingFox's own
    /// lines (connections, requests) go to `log` (`--verbose`), or nowhere when it is nil.
    public init(root: URL, port: UInt16, reload: LiveReload, log: (@Sendable (String) -> Void)? = nil) throws {
        guard let free = Self.firstFreePort(from: port) else {
            throw PreviewError("no free port on 127.0.0.1 from \(port) to \(Int(port) + 20)")
        }
        self.root = root
        self.port = free
        self.reload = reload
        self.log = ServerLog(write: log)
        server = HTTPServer(address: try .inet(ip4: "127.0.0.1", port: free), timeout: 3600, logger: self.log)
    }

    public var url: String { "http://127.0.0.1:\(port)/" }

    /// Serves until `stop()` (or the task is cancelled), then returns without an error.
    public func run() async throws {
        await server.appendRoute(
            HTTPRoute(stringLiteral: "GET \(LiveReload.path)"), to: .webSocket(LiveReload.Socket(hub: reload)))
        await server.appendRoute("*", to: SiteFiles(root: root))
        do {
            try await server.run()
        } catch {
            // FlyingFox ends `run` by throwing when its socket is closed: that is how it stops.
            if log.isStopping || Task.isCancelled { return }
            throw error
        }
    }

    /// Closes the listening socket and the open connections; `run()` then returns. Nothing is
    /// logged from here on (FlyingFox reports its own stop as a "critical" server error).
    public func stop() async {
        log.stop()
        await server.stop(timeout: 0)
    }

    public func waitUntilListening() async throws {
        try await server.waitUntilListening(timeout: 10)
    }

    /// The first port from `port` that 127.0.0.1 can bind, or nil.
    static func firstFreePort(from port: UInt16) -> UInt16? {
        for candidate in Int(port)...min(Int(port) + 20, 65_535) where canBind(UInt16(candidate)) {
            return UInt16(candidate)
        }
        return nil
    }

    private static func canBind(_ port: UInt16) -> Bool {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
    }
}

public struct PreviewError: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}

/// FlyingFox's log: each line handed to `write`, or dropped when there is none; nothing once the
/// server is stopping. Lines carry FlyingFox's own form, `[FlyingFox] info: <1> GET /index.html`.
final class ServerLog: Logging, @unchecked Sendable {
    private let write: (@Sendable (String) -> Void)?
    private let lock = NSLock()
    private var stopping = false

    init(write: (@Sendable (String) -> Void)?) {
        self.write = write
    }

    var isStopping: Bool { lock.withLock { stopping } }

    func stop() { lock.withLock { stopping = true } }

    private func emit(_ level: String, _ text: () -> String) {
        guard let write, !isStopping else { return }
        write("[FlyingFox] \(level): \(text())")
    }

    func logDebug(_ debug: @autoclosure () -> String) { emit("debug", debug) }
    func logInfo(_ info: @autoclosure () -> String) { emit("info", info) }
    func logWarning(_ warning: @autoclosure () -> String) { emit("warning", warning) }
    func logError(_ error: @autoclosure () -> String) { emit("error", error) }
    func logCritical(_ critical: @autoclosure () -> String) { emit("critical", critical) }
}
