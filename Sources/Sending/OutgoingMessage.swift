import Email
import Foundation

/// A `report.eml` as it goes out: the envelope read from its headers (the sender from `From:`,
/// the recipients from `To:`, `Cc:` and `Bcc:`), and its bytes with the `Bcc:` header taken out,
/// since a blind copy's address must never reach the other recipients.
public struct OutgoingMessage: Sendable {
    /// Where it was found, relative to the output folder: `credit-score/report.eml`.
    public let path: String
    public let messageID: String?
    public let sender: String?
    public let recipients: [String]
    /// What is sent: the file's bytes without `Bcc:`.
    public let bytes: [UInt8]

    public init(path: String, fileBytes: [UInt8]) {
        self.path = path
        let (headers, bodyStart) = MessageHeaders.fields(of: fileBytes)
        func values(_ name: String) -> [String] { headers.filter { $0.name.lowercased() == name }.map(\.value) }
        messageID = values("message-id").first?.trimmingCharacters(in: .whitespaces)
        sender = values("from").flatMap(Mailbox.addresses(inList:)).first
        var seen = Set<String>()
        recipients = (values("to") + values("cc") + values("bcc")).flatMap(Mailbox.addresses(inList:)).filter {
            seen.insert($0.lowercased()).inserted
        }
        bytes = MessageHeaders.withoutBcc(fileBytes, bodyStart: bodyStart)
    }

    /// The bytes with `In-Reply-To:` and `References:` naming `previous` (a `<…>` Message-ID)
    /// right after the `Message-ID:` line, so mail programs show a report's messages as a thread.
    public func threaded(after previous: String, earlier: [String] = []) -> [UInt8] {
        MessageHeaders.threaded(bytes, after: previous, earlier: earlier)
    }
}
