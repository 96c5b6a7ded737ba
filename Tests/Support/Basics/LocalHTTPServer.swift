import Foundation
#if canImport(Glibc)
    import Glibc
#endif

/// A tiny HTTP/1.1 server on 127.0.0.1 for tests of fetching: real sockets on a free port,
/// one request per connection, and a handler the test can swap to change the answers.
///
/// ```swift
/// let server = try LocalHTTPServer { _ in .json(#"{"a": 1}"#) }
/// defer { server.stop() }
/// … fetch server.url("/feed?count=10") …
/// server.respond { _ in .json("down", status: 503) }   // later requests fail
/// XCTAssertEqual(server.requests.count, 2)
/// ```
package final class LocalHTTPServer: @unchecked Sendable {
    package struct Request: Sendable {
        /// The request target as sent, query included: `/feed?count=10`.
        package var path: String
        /// Header names lowercased.
        package var headers: [String: String]
    }

    package struct Response: Sendable {
        package var status: Int = 200
        package var body: [UInt8] = []
        package var contentType: String = "application/json"
        /// Seconds to wait before answering (for timeout tests).
        package var delay: Double = 0
        /// Seconds between the body's bytes: a server that drips its answer.
        package var drip: Double = 0
        /// Sends the body again and again with no length, for ever (until the client hangs up).
        package var endless = false

        package init(
            status: Int = 200, body: [UInt8] = [], contentType: String = "application/json", delay: Double = 0,
            drip: Double = 0, endless: Bool = false
        ) {
            self.status = status
            self.body = body
            self.contentType = contentType
            self.delay = delay
            self.drip = drip
            self.endless = endless
        }

        package static func json(_ text: String, status: Int = 200) -> Response {
            Response(status: status, body: Array(text.utf8))
        }
    }

    package let port: UInt16
    private let listener: Int32
    private let lock = NSLock()
    private var handler: @Sendable (Request) -> Response
    private var log: [Request] = []
    private var stopped = false

    /// Starts listening on a free port of 127.0.0.1 and answers on background threads.
    package init(handler: @escaping @Sendable (Request) -> Response) throws {
        self.handler = handler
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Self.failure("socket") }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(fd, 32) == 0 else {
            let error = Self.failure("bind/listen")
            close(fd)
            throw error
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        listener = fd
        port = UInt16(bigEndian: address.sin_port)
        let thread = Thread { [self] in acceptLoop() }
        thread.name = "LocalHTTPServer"
        thread.start()
    }

    deinit { stop() }

    package var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    /// `path` starts with `/` and may carry a query.
    package func url(_ path: String) -> URL {
        URL(string: "http://127.0.0.1:\(port)\(path)")!
    }

    /// Replaces the handler: later requests get the new answers.
    package func respond(with handler: @escaping @Sendable (Request) -> Response) {
        lock.lock()
        self.handler = handler
        lock.unlock()
    }

    /// Every request received so far, in order.
    package var requests: [Request] {
        lock.lock()
        defer { lock.unlock() }
        return log
    }

    package func stop() {
        lock.lock()
        let wasStopped = stopped
        stopped = true
        lock.unlock()
        guard !wasStopped else { return }
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    private func acceptLoop() {
        while true {
            let client = accept(listener, nil, nil)
            if client < 0 {
                lock.lock()
                let done = stopped
                lock.unlock()
                if done { return }
                continue
            }
            // Each connection on its own thread, so a delayed answer does not hold up the next.
            Thread { [self] in serve(client) }.start()
        }
    }

    private func serve(_ client: Int32) {
        defer { close(client) }
        guard let request = readRequest(client) else { return }
        lock.lock()
        log.append(request)
        let handler = self.handler
        lock.unlock()
        let response = handler(request)
        if response.delay > 0 { Thread.sleep(forTimeInterval: response.delay) }
        let head =
            "HTTP/1.1 \(response.status) \(response.status == 200 ? "OK" : "Status")\r\n"
            + "Content-Type: \(response.contentType)\r\n"
            + (response.endless ? "" : "Content-Length: \(response.body.count)\r\n")
            + "Connection: close\r\n\r\n"
        guard Self.send(Array(head.utf8), to: client) else { return }
        if response.endless {
            while !isStopped, Self.send(response.body, to: client) {
                if response.drip > 0 { Thread.sleep(forTimeInterval: response.drip) }
            }
        } else if response.drip > 0 {
            for byte in response.body {
                guard !isStopped, Self.send([byte], to: client) else { return }
                Thread.sleep(forTimeInterval: response.drip)
            }
        } else {
            _ = Self.send(response.body, to: client)
        }
    }

    private var isStopped: Bool {
        lock.lock()
        defer { lock.unlock() }
        return stopped
    }

    private static func send(_ bytes: [UInt8], to client: Int32) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes {
                Glibc.send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            guard written > 0 else { return false }
            offset += written
        }
        return true
    }

    /// Reads up to the end of the headers (the tests send no request bodies).
    private func readRequest(_ client: Int32) -> Request? {
        var data: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        let end = Array("\r\n\r\n".utf8)
        while data.count < 65_536 {
            let count = read(client, &buffer, buffer.count)
            guard count > 0 else { return nil }
            data += buffer[0..<count]
            if data.count >= 4, (0...(data.count - 4)).contains(where: { data[$0..<$0 + 4].elementsEqual(end) }) {
                break
            }
        }
        let lines = String(decoding: data, as: UTF8.self).components(separatedBy: "\r\n")
        let parts = lines[0].split(separator: " ")
        guard parts.count >= 2 else { return nil }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(
                in: .whitespaces)
        }
        return Request(path: String(parts[1]), headers: headers)
    }

    private static func failure(_ call: String) -> NSError {
        NSError(
            domain: NSPOSIXErrorDomain, code: Int(errno),
            userInfo: [NSLocalizedDescriptionKey: "\(call) failed: \(String(cString: strerror(errno)))"])
    }
}
