import Crypto
import Deterministic
import Foundation
import GazetteCore

/// `.gazette-sent` beside the output folder: one line per message the server accepted, written
/// (and flushed to disk) right after it accepted it and read before each send. Fields,
/// tab-separated: the `Message-ID`, the SHA-256 of the bytes sent, the time (UTC, ISO 8601), the
/// message's path, the server's reply, and the recipients it went to (comma-separated).
///
/// A report's `Message-ID` is made from what its reader sees, never the clock, so the log knows,
/// for each report and recipient, which content that recipient last got: a send goes to those
/// whose last message from the report had another identity. A line of an older log, without its
/// recipients, counts for every recipient of that message.
///
/// A send cut off between the server's acceptance and the line reaching the disk sends that one
/// message again the next time: delivery is at least once, with a window of one message.
public struct SendLog {
    public let file: URL
    /// What each recipient (lowercased; `*` for an older line's every recipient) last got of
    /// each message path: its `Message-ID` and the line's number, later lines over earlier.
    private var last: [String: [String: (messageID: String, line: Int)]] = [:]
    private var lineCount = 0

    /// The log for an output folder: `.gazette-sent` in the folder that holds it.
    public init(output: URL) {
        file = output.deletingLastPathComponent().appendingPathComponent(".gazette-sent")
        guard let text = try? String(contentsOf: file, encoding: .utf8) else { return }
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count >= 4 else { continue }
            let recipients = fields.count >= 6 ? fields[5].split(separator: ",").map(String.init) : ["*"]
            note(messageID: fields[0], path: fields[3], recipients: recipients)
        }
    }

    public static func digest(_ bytes: [UInt8]) -> String {
        SHA256.hash(data: bytes).map { String(format: "%02x", $0) }.joined()
    }

    /// The `Message-ID` `recipient` last got of the message at `path`, with the log line's number
    /// (a later send has a higher one); nil when the log has none.
    public func lastSent(path: String, to recipient: String) -> (messageID: String, line: Int)? {
        last[path]?[recipient.lowercased()] ?? last[path]?["*"]
    }

    private mutating func note(messageID: String, path: String, recipients: [String]) {
        lineCount += 1
        for recipient in recipients where !recipient.isEmpty {
            last[path, default: [:]][recipient.lowercased()] = (messageID, lineCount)
        }
    }

    /// Appends one accepted message and waits for the line to reach the disk.
    public mutating func record(
        messageID: String, sha256: String, at time: Date, path: String, reply: String, recipients: [String]
    ) throws(BuildError) {
        // A field of the tab-separated log holds no tab, line end or other control character.
        let clean = { (text: String) in ControlCharacter.replacing(in: text, with: " ") }
        let addresses = recipients.map { clean($0).replacingOccurrences(of: ",", with: " ").lowercased() }
        let line =
            [
                clean(messageID), sha256, UTCTime.iso(time), clean(path), clean(reply),
                addresses.joined(separator: ",")
            ].joined(separator: "\t") + "\n"
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
        note(messageID: clean(messageID), path: clean(path), recipients: addresses)
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
