import Crypto
import Deterministic
import Foundation
import GazetteCore

/// `.gazette-sent` beside the output folder (or the file `--send-log` names): one line per message
/// the server accepted, written (and flushed to disk) right after it accepted it and read before
/// each send. Fields, tab-separated: the `Message-ID`, the SHA-256 of the bytes sent, the time
/// (UTC, ISO 8601), the message's path, the server's reply, and the recipients it went to
/// (comma-separated), each as a digest of the lowercased address, so a log kept where others can
/// read it (a repository's branch) holds no address: `hmac-sha256:` and an HMAC-SHA256 keyed with
/// `GAZETTE_RECIPIENT_KEY` when that secret is set, else `sha256:` and a plain SHA-256, which
/// anyone who reads the log can test a guessed address against. With a key, the plain digests of
/// an older log still count, and the send rekeys them once (`rekey`).
///
/// A report's `Message-ID` is made from what its reader sees, never the clock, so the log knows,
/// for each report and recipient, which content that recipient last got: a send goes to those
/// whose last message from the report had another identity. A line of an older log, without its
/// recipients, counts for every recipient of that message; one with plain addresses still counts.
///
/// A send cut off between the server's acceptance and the line reaching the disk sends that one
/// message again the next time: delivery is at least once, with a window of one message.
///
/// The log never forgets in silence: one that exists but cannot be read or is not UTF-8 text is an
/// error (deleting it sends every report once more to everyone), and a last line cut short (a
/// send killed while writing it) is left out with a warning and cut from the file before the
/// next line is written, so the message it named goes once more and only once. A send holds an exclusive lock on the
/// log from before it reads it until it ends, so two sends into one log take turns and the second
/// sees what the first sent.
public struct SendLog {
    public let file: URL
    /// What each recipient (`sha256:` digest; `*` for an older line's every recipient) last got of
    /// each message path: its `Message-ID` and the line's number, later lines over earlier.
    private var last: [String: [String: (messageID: String, line: Int)]] = [:]
    /// Every `Message-ID` sent of each path, oldest first, for a message's `References:`.
    private var sentIDs: [String: [String]] = [:]
    private var lineCount = 0
    /// Said while reading: a last line cut short, left out.
    public private(set) var warnings: [String] = []
    /// Whether a key is set and a line keeps a recipient as a plain `sha256:` digest: `rekey` turns those.
    public private(set) var hasPlainDigests = false
    /// The length of the log without its torn last line, when it has one: what `record` cuts it to.
    private var untornLength: Int?
    /// The secret recipients' digests are keyed with (`GAZETTE_RECIPIENT_KEY`); nil for plain SHA-256.
    private let recipientKey: SymmetricKey?

    /// The log's usual place for an output folder: `.gazette-sent` in the folder that holds it.
    public static func defaultFile(for output: URL) -> URL {
        output.deletingLastPathComponent().appendingPathComponent(".gazette-sent")
    }

    /// Reads the log at `file` (none yet is an empty log); `recipientKey` keys the recipients'
    /// digests it writes and looks up. Throws, with exit status 74, when it exists but cannot be
    /// read or is not UTF-8 text.
    public init(file: URL, recipientKey: [UInt8]? = nil) throws(BuildError) {
        self.file = file
        self.recipientKey = recipientKey.map { SymmetricKey(data: $0) }
        guard FileManager.default.fileExists(atPath: file.path) else { return }
        read(try Self.text(of: file))
    }

    private static func text(of file: URL) throws(BuildError) -> String {
        let afresh = Self.startAfresh
        guard let data = FileManager.default.contents(atPath: file.path) else {
            throw BuildError(
                .io, .file(file.path),
                "cannot read the send log (\(Self.whyUnreadable(file.path)))\(afresh)")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw BuildError(.io, .file(file.path), "the send log is not UTF-8 text\(afresh)")
        }
        return text
    }

    private mutating func read(_ text: String) {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        if let tail = lines.popLast(), !tail.isEmpty {
            untornLength = text.utf8.count - tail.utf8.count
            warnings.append(
                "\(file.path):\(lines.count + 1): the send log's last line was cut short (a send stopped while "
                    + "writing it); it is left out and cut from the log, so that message may be sent once more")
        }
        for line in lines where !line.isEmpty {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count >= 4 else { continue }
            let recipients = fields.count >= 6 ? fields[5].split(separator: ",").map(String.init) : ["*"]
            if recipientKey != nil, !hasPlainDigests { hasPlainDigests = recipients.contains(where: Self.isPlain) }
            note(messageID: fields[0], path: fields[3], recipients: recipients.map(Self.key))
        }
    }

    /// What an error about the log says a user can do.
    static let startAfresh = "; to start afresh, delete it (every report is then sent once more to its recipients)"

    /// The log for an output folder at its usual place.
    public init(output: URL) throws(BuildError) {
        try self.init(file: Self.defaultFile(for: output))
    }

    /// How a recipient is kept without a key: `sha256:` and the digest of the lowercased address;
    /// `*` and a digest already made stay as they are.
    public static func key(_ recipient: String) -> String {
        if recipient == "*" || isDigest(recipient) { return recipient }
        return "sha256:" + digest(Array(recipient.lowercased().utf8))
    }

    /// A recipient kept as a plain digest or (in an older log) as the address itself.
    static func isPlain(_ recipient: String) -> Bool {
        recipient.hasPrefix("sha256:") || recipient.contains("@")
    }

    static func isDigest(_ recipient: String) -> Bool {
        recipient.hasPrefix("sha256:") || recipient.hasPrefix("hmac-sha256:")
    }

    /// How this log keeps a recipient: keyed when it has a key, else as `key(_:)` does.
    public func key(_ recipient: String) -> String {
        guard let recipientKey, recipient != "*", !Self.isDigest(recipient) else { return Self.key(recipient) }
        let mac = HMAC<SHA256>.authenticationCode(for: Array(recipient.lowercased().utf8), using: recipientKey)
        return "hmac-sha256:" + hexText(mac)
    }

    private static func whyUnreadable(_ path: String) -> String {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return String(cString: strerror(errno)).lowercased() }
        close(descriptor)
        return "it could not be read"
    }

    public static func digest(_ bytes: [UInt8]) -> String {
        SHA256.hash(data: bytes).map { String(format: "%02x", $0) }.joined()
    }

    /// The `Message-ID` `recipient` last got of the message at `path`, with the log line's number
    /// (a later send has a higher one); nil when the log has none.
    public func lastSent(path: String, to recipient: String) -> (messageID: String, line: Int)? {
        guard let sent = last[path] else { return nil }
        // A keyed log still knows what its plain digests (written before the key) say.
        let found = [key(recipient), Self.key(recipient)].compactMap { sent[$0] }
        return found.max { $0.line < $1.line } ?? sent["*"]
    }

    /// The `Message-ID`s sent of the message at `path`, oldest first, each once.
    public func sent(path: String) -> [String] { sentIDs[path] ?? [] }

    private mutating func note(messageID: String, path: String, recipients: [String]) {
        lineCount += 1
        for recipient in recipients where !recipient.isEmpty {
            last[path, default: [:]][recipient] = (messageID, lineCount)
        }
        if sentIDs[path]?.last != messageID {
            sentIDs[path, default: []].removeAll { $0 == messageID }
            sentIDs[path, default: []].append(messageID)
        }
    }

    /// Appends one accepted message and waits for the line to reach the disk.
    public mutating func record(
        messageID: String, sha256: String, at time: Date, path: String, reply: String, recipients: [String]
    ) throws(BuildError) {
        // A field of the tab-separated log holds no tab, line end or other control character.
        let clean = { (text: String) in ControlCharacter.replacing(in: text, with: " ") }
        let addresses = recipients.map { key(clean($0)) }
        let line =
            [
                clean(messageID), sha256, UTCTime.iso(time), clean(path), clean(reply),
                addresses.joined(separator: ",")
            ].joined(separator: "\t") + "\n"
        // A log made just now (by the send's lock, or here) is empty until its first line.
        var status = stat()
        let created = stat(file.path, &status) != 0 || status.st_size == 0
        let descriptor = open(file.path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw BuildError(.io, .file(file.path), "cannot write the send log: \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        // A torn last line is cut first: glued to this one it would read as another message.
        if let untornLength {
            guard ftruncate(descriptor, off_t(untornLength)) == 0 else {
                throw BuildError(
                    .io, .file(file.path), "cannot cut the send log's torn line: \(String(cString: strerror(errno)))")
            }
            self.untornLength = nil
        }
        let written = line.utf8CString.withUnsafeBufferPointer { write(descriptor, $0.baseAddress, $0.count - 1) }
        guard written == line.utf8.count, fsync(descriptor) == 0 else {
            throw BuildError(.io, .file(file.path), "cannot write the send log: \(String(cString: strerror(errno)))")
        }
        // A new log's name is in its folder, which must reach the disk too, or a crash could
        // leave the folder without the log after the server took the message.
        if created { try Self.syncFolder(of: file) }
        note(messageID: clean(messageID), path: clean(path), recipients: addresses)
    }

    /// With a key: the log written again with each plain `sha256:` digest of one of `recipients`
    /// turned into its keyed digest, so the log no longer holds a digest a guessed address can be
    /// tested against. Written beside the log, flushed and renamed over it (a crash leaves the old
    /// log or the new, whole); the caller holds the log's lock. Returns how many digests it turned.
    public mutating func rekey(recipients: [String]) throws(BuildError) -> Int {
        guard recipientKey != nil, FileManager.default.fileExists(atPath: file.path) else { return 0 }
        var keyed: [String: String] = [:]
        for recipient in recipients where !recipient.isEmpty && !Self.isDigest(recipient) {
            keyed[Self.key(recipient)] = key(recipient)
            keyed[recipient.lowercased()] = key(recipient)
        }
        let text = try Self.text(of: file)
        var turned = 0
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        lines.removeLast()
        for (index, line) in lines.enumerated() {
            var fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count >= 6 else { continue }
            let digests = fields[5].split(separator: ",").map { digest -> String in
                guard let replacement = keyed[digest.lowercased()] else { return String(digest) }
                turned += 1
                return replacement
            }
            fields[5] = digests.joined(separator: ",")
            lines[index] = fields.joined(separator: "\t")
        }
        guard turned > 0 else { return 0 }
        // The torn tail is left out of the new log: it was never a whole line.
        let rewritten = lines.map { $0 + "\n" }.joined()
        let temporary = file.deletingLastPathComponent().appendingPathComponent(".\(file.lastPathComponent).rekey")
        try Self.writeDurably(rewritten, to: temporary)
        guard rename(temporary.path, file.path) == 0 else {
            throw BuildError(.io, .file(file.path), "cannot rekey the send log: \(String(cString: strerror(errno)))")
        }
        try Self.syncFolder(of: file)
        last = [:]
        sentIDs = [:]
        lineCount = 0
        warnings = []
        untornLength = nil
        hasPlainDigests = false
        read(rewritten)
        return turned
    }

    private static func writeDurably(_ text: String, to file: URL) throws(BuildError) {
        let descriptor = open(file.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw BuildError(.io, .file(file.path), "cannot write the send log: \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        let bytes = Array(text.utf8)
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        guard written == bytes.count, fsync(descriptor) == 0 else {
            throw BuildError(.io, .file(file.path), "cannot write the send log: \(String(cString: strerror(errno)))")
        }
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
