import Foundation
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
import XCTest
@testable import Preview

/// The server's own log and its stop: lines only to the log it was given, none once stopping,
/// and `run()` returns without an error when stopped.
final class PreviewServerTests: XCTestCase {
    private final class Lines: @unchecked Sendable {
        private let lock = NSLock()
        private var stored: [String] = []
        func append(_ line: String) { lock.withLock { stored.append(line) } }
        var all: [String] { lock.withLock { stored } }
    }

    func testRequestsGoToTheGivenLogAndAStopIsQuiet() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("preview-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        try Data("<p>hi</p>".utf8).write(to: root.appendingPathComponent("index.html"))
        let lines = Lines()
        let server = try PreviewServer(
            root: root, port: UInt16.random(in: 41_000...49_000), reload: LiveReload(),
            log: { lines.append($0) })
        let serving = Task { try await server.run() }
        try await server.waitUntilListening()
        let (_, response) = try await URLSession.shared.data(from: URL(string: server.url + "index.html")!)
        XCTAssertEqual((response as? HTTPURLResponse)?.statusCode, 200)
        await server.stop()
        try await serving.value  // no error: stopping is not a failure
        let logged = lines.all
        XCTAssertTrue(
            logged.contains { $0.hasPrefix("[FlyingFox] info: ") && $0.hasSuffix("request: GET /index.html") },
            "\(logged)")
        XCTAssertFalse(logged.contains { $0.contains("critical") || $0.contains("error") }, "\(logged)")
    }
}
