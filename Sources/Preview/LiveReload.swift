import FlyingFox
import Foundation

/// Tells open pages that the site was published again. Each page keeps a WebSocket open; after
/// every atomic swap the server sends the new generation number, and a page that saw an earlier
/// one reloads. A page that reconnects (the server restarted, the connection timed out) is sent
/// the current generation at once, so a publish during the gap is not missed.
public actor LiveReload {
    private var generation = 0
    private var clients: [UUID: AsyncStream<WSMessage>.Continuation] = [:]

    public init() {}

    /// The site was published again: every open page reloads.
    public func published() {
        generation += 1
        for client in clients.values { client.yield(.text("generation \(generation)")) }
    }

    /// How many pages are connected (for tests and the log).
    public var connected: Int { clients.count }

    func connect(_ id: UUID, _ continuation: AsyncStream<WSMessage>.Continuation) {
        clients[id] = continuation
        continuation.yield(.text("generation \(generation)"))
    }

    func disconnect(_ id: UUID) {
        clients[id] = nil
    }

    /// The WebSocket side: messages from the page are ignored; the server's are generations.
    struct Socket: WSMessageHandler {
        let hub: LiveReload

        func makeMessages(for client: AsyncStream<WSMessage>) async throws -> AsyncStream<WSMessage> {
            let id = UUID()
            let (stream, continuation) = AsyncStream<WSMessage>.makeStream()
            await hub.connect(id, continuation)
            Task {
                for await message in client {
                    if case .close = message { break }
                }
                continuation.finish()
                await hub.disconnect(id)
            }
            return stream
        }
    }

    /// The script the server adds to HTML responses (never to the files on disk).
    static let script = """
        <script>/* gazette serve: live reload */(() => {
          let seen = null;
          const open = () => {
            const socket = new WebSocket((location.protocol === "https:" ? "wss://" : "ws://") + location.host + "\(path)");
            socket.onmessage = (event) => {
              const generation = Number(String(event.data).split(" ")[1]);
              if (seen !== null && generation > seen) { location.reload(); return; }
              seen = generation;
            };
            socket.onclose = () => setTimeout(open, 1000);
          };
          open();
        })();</script>
        """

    /// Where the WebSocket is served: a name no site file can have (Gazette's names are slugs).
    static let path = "/_gazette/live"
}
