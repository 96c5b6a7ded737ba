import Foundation
#if canImport(Glibc)
    import Glibc
#endif

/// A small SMTP server on 127.0.0.1 that plays a script, for the faults a real server is hard to
/// make show: a busy reply then success, a refused recipient, silence in the middle of DATA,
/// a refused STARTTLS, a wrong password. It records the envelopes and messages it accepted.
final class ScriptedSMTPServer: @unchecked Sendable {
    struct Script {
        /// The replies to the end of DATA, one per delivery; then `250 2.0.0 Ok: queued as N`.
        var dataReplies: [String] = []
        /// Recipients answered with 550.
        var refused: Set<String> = []
        /// Stop answering once DATA's 354 is sent.
        var silentInData = false
        /// Take the whole message (it counts as delivered: a real server may have queued it) and
        /// never answer its end: the client cannot know whether it went.
        var silentAfterData = false
        /// Offer STARTTLS and refuse it with 454.
        var offersStartTLS = false
        /// Offer AUTH and refuse every login with 535.
        var refusesLogin = false
    }

    struct Delivery {
        var sender: String
        var recipients: [String]
        var message: String
    }

    private let socket: Int32
    let port: UInt16
    private let lock = NSLock()
    private var script: Script
    private var accepted: [Delivery] = []
    private var stopped = false

    init(_ script: Script) throws {
        self.script = script
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        self.socket = socket
        var yes: Int32 = 1
        setsockopt(socket, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, length) }
        }
        guard bound == 0, listen(socket, 8) == 0 else { throw POSIXError(.EADDRINUSE) }
        withUnsafeMutablePointer(to: &address) { pointer in
            _ = pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socket, $0, &length) }
        }
        let port = UInt16(bigEndian: address.sin_port)
        self.port = port
        Thread.detachNewThread { [self] in acceptLoop() }
    }

    var url: String { "smtp://127.0.0.1:\(port)" }

    var deliveries: [Delivery] {
        lock.lock()
        defer { lock.unlock() }
        return accepted
    }

    func stop() {
        lock.lock()
        stopped = true
        lock.unlock()
        shutdown(socket, Int32(SHUT_RDWR))
        close(socket)
    }

    private func acceptLoop() {
        while true {
            let client = accept(socket, nil, nil)
            if client < 0 { return }
            Thread.detachNewThread { [self] in serve(client) }
        }
    }

    private func serve(_ client: Int32) {
        defer { close(client) }
        var buffer: [UInt8] = []
        func send(_ line: String) {
            _ = Array((line + "\r\n").utf8).withUnsafeBytes { write(client, $0.baseAddress, $0.count) }
        }
        func readLine() -> String? {
            while true {
                if let end = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                    let line = String(decoding: buffer[..<end], as: UTF8.self).trimmingCharacters(
                        in: CharacterSet(charactersIn: "\r"))
                    buffer.removeSubrange(...end)
                    return line
                }
                var chunk = [UInt8](repeating: 0, count: 4096)
                let count = read(client, &chunk, chunk.count)
                if count <= 0 { return nil }
                buffer += chunk[..<count]
            }
        }
        send("220 scripted ESMTP")
        var sender = "", recipients: [String] = []
        while let line = readLine() {
            let command = line.uppercased()
            if command.hasPrefix("EHLO") {
                var lines = ["250-scripted", "250-SIZE 10000000", "250-8BITMIME"]
                if script.offersStartTLS { lines.append("250-STARTTLS") }
                if script.refusesLogin { lines.append("250-AUTH PLAIN LOGIN") }
                lines.append("250 HELP")
                lines.forEach(send)
            } else if command.hasPrefix("HELO") {
                send("250 scripted")
            } else if command.hasPrefix("STARTTLS") {
                send("454 4.7.0 TLS not available due to local problem")
            } else if command.hasPrefix("AUTH") {
                send("535 5.7.8 Authentication credentials invalid")
            } else if command.hasPrefix("MAIL FROM:") {
                sender = Self.address(line)
                recipients = []
                send("250 2.1.0 Ok")
            } else if command.hasPrefix("RCPT TO:") {
                let recipient = Self.address(line)
                if script.refused.contains(recipient) {
                    send("550 5.1.1 <\(recipient)>: Recipient address rejected: User unknown")
                } else {
                    recipients.append(recipient)
                    send("250 2.1.5 Ok")
                }
            } else if command == "DATA" {
                send("354 End data with <CR><LF>.<CR><LF>")
                if script.silentInData {
                    while readLine() != nil {}
                    return
                }
                var message: [String] = []
                while let data = readLine(), data != "." {
                    message.append(data.hasPrefix("..") ? String(data.dropFirst()) : data)
                }
                lock.lock()
                if script.silentAfterData {
                    accepted.append(
                        Delivery(sender: sender, recipients: recipients, message: message.joined(separator: "\r\n")))
                    lock.unlock()
                    while readLine() != nil {}
                    return
                }
                let reply = script.dataReplies.isEmpty ? nil : script.dataReplies.removeFirst()
                if reply == nil {
                    accepted.append(
                        Delivery(sender: sender, recipients: recipients, message: message.joined(separator: "\r\n")))
                }
                let number = accepted.count
                lock.unlock()
                send(reply ?? "250 2.0.0 Ok: queued as Q\(number)")
            } else if command == "QUIT" {
                send("221 2.0.0 Bye")
                return
            } else if command == "RSET" || command == "NOOP" {
                send("250 2.0.0 Ok")
            } else {
                send("502 5.5.2 Error: command not recognized")
            }
        }
    }

    private static func address(_ line: String) -> String {
        guard let open = line.firstIndex(of: "<"), let close = line.firstIndex(of: ">") else { return "" }
        return String(line[line.index(after: open)..<close])
    }
}
