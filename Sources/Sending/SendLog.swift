import Crypto
import Deterministic
import Foundation
import GazetteCore

/// `.gazette-sent` beside the output folder: one line per message the server accepted, written
/// (and flushed to disk) right after it accepted it and read before each send, so running `send`
/// again sends nothing new. Fields, tab-separated: the `Message-ID`, the SHA-256 of the bytes
/// sent, the time (UTC, ISO 8601), the message's path and the server's reply.
///
/// A send cut off between the server's acceptance and the line reaching the disk sends that one
/// message again the next time: delivery is at least once, with a window of one message.
public struct SendLog {
    public let file: URL
    private var sent: Set<String> = []

    /// The log for an output folder: `.gazette-sent` in the folder that holds it.
    public init(output: URL) {
        file = output.deletingLastPathComponent().appendingPathComponent(".gazette-sent")
        guard let text = try? String(contentsOf: file, encoding: .utf8) else { return }
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            if fields.count >= 2 { sent.insert(Self.key(String(fields[0]), String(fields[1]))) }
        }
    }

    public static func digest(_ bytes: [UInt8]) -> String {
        SHA256.hash(data: bytes).map { String(format: "%02x", $0) }.joined()
    }

    private static func key(_ messageID: String, _ sha256: String) -> String { messageID + "\t" + sha256 }

    /// Whether these very bytes under this `Message-ID` were accepted before.
    public func contains(messageID: String?, sha256: String) -> Bool {
        sent.contains(Self.key(messageID ?? "", sha256))
    }

    /// Appends one accepted message and waits for the line to reach the disk.
    public mutating func record(messageID: String?, sha256: String, at time: Date, path: String, reply: String)
        throws(BuildError)
    {
        // A field of the tab-separated log holds no tab, line end or other control character.
        let clean = { (text: String) in ControlCharacter.replacing(in: text, with: " ") }
        let line =
            [clean(messageID ?? ""), sha256, UTCTime.iso(time), clean(path), clean(reply)].joined(separator: "\t")
            + "\n"
        let created = access(file.path, F_OK) != 0
        let descriptor = open(file.path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw BuildError(.io, .file(file.path), "cannot write the send log: \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        let written = line.utf8CString.withUnsafeBufferPointer { write(descriptor, $0.baseAddress, $0.count - 1) }
        guard written == line.utf8.count, fsync(descriptor) == 0 else {
            throw BuildError(.io, .file(file.path), "cannot write the send log: \(String(cString: strerror(errno)))")
        }
        // A new log's name is in its folder, which must reach the disk too, or a crash could
        // leave the folder without the log after the server took the message.
        if created { try Self.syncFolder(of: file) }
        sent.insert(Self.key(clean(messageID ?? ""), sha256))
    }

    private static func syncFolder(of file: URL) throws(BuildError) {
        let folder = file.deletingLastPathComponent().path
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw BuildError(
                .io, .file(folder), "cannot open the send log's folder: \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else {
            throw BuildError(
                .io, .file(folder), "cannot sync the send log's folder: \(String(cString: strerror(errno)))")
        }
    }
}
