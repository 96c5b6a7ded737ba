import Deterministic
import Crypto
import Foundation
import GazetteCore

/// A file attached to a message (the report's PDF).
public struct EmailAttachment: Sendable {
    public var fileName: String
    public var bytes: [UInt8]

    public init(fileName: String, bytes: [UInt8]) {
        self.fileName = fileName
        self.bytes = bytes
    }
}

/// A report as an RFC 5322 / MIME message that a mail program or `sendmail -t` can send as is:
/// `multipart/alternative` with a plain-text part and a `multipart/related` HTML part whose
/// charts are inline PNG parts referenced by `cid:` (mail programs block data URIs). The text and
/// HTML are quoted-printable, readable in a pager; pictures and the PDF are base64.
public struct EmailMessage: Sendable {
    public var from: Mailbox
    public var to: [Mailbox]
    public var replyTo: Mailbox?
    public var subject: String
    public var date: Date
    /// The report's slug: the left side of the Message-ID.
    public var identity: String
    /// What the reader sees but the build's time (`EmailBody.contentDigest`): with the report,
    /// the addresses and the subject it makes the Message-ID, so the same figures sent to the same
    /// people keep one identity on any clock and any change to what they see gives a new one.
    public var contentDigest: String
    /// The subject as the Message-ID takes it, when the subject says what changed since an
    /// earlier build: "Credit score 530 — …" and "No change since … — …" are one message.
    public var identitySubject: String?
    public var text: String
    public var html: String
    public var parts: [InlinePicture]
    /// The report's PDF, attached after the text and HTML versions.
    public var attachment: EmailAttachment?

    public init(
        from: Mailbox, to: [Mailbox], replyTo: Mailbox? = nil, subject: String, date: Date, identity: String,
        contentDigest: String, text: String, html: String, parts: [InlinePicture], attachment: EmailAttachment? = nil
    ) {
        self.from = from
        self.to = to
        self.replyTo = replyTo
        self.subject = subject
        self.date = date
        self.identity = identity
        self.contentDigest = contentDigest
        self.text = text
        self.html = html
        self.parts = parts
        self.attachment = attachment
    }

    /// `<slug.HASH@DOMAIN>`: HASH from what the reader sees — the report, its subject, its content
    /// (`contentDigest`: the text's figures and words, each chart's data) and whether a PDF goes
    /// with it — never the clock, the markup, the encoded pictures or the recipients (the send log
    /// keeps who had which, so adding a recipient sends to that one alone); DOMAIN is the sender's.
    public var messageID: String {
        let fields = [identity, identitySubject ?? subject, contentDigest, attachment?.fileName ?? ""]
        let hash = hexText(SHA256.hash(data: Array(fields.joined(separator: "\u{0}").utf8)).prefix(12))
        return "<\(Slug.make(identity, fallback: "report")).\(hash)@\(Self.domain(of: from))>"
    }

    /// The right side of a `Message-ID`: the sender's domain, lowercased, as a `dot-atom`
    /// (RFC 5322); `gazette.invalid` when the address has none that is one.
    static func domain(of sender: Mailbox) -> String {
        guard let at = sender.address.lastIndex(of: "@") else { return "gazette.invalid" }
        let domain = sender.address[sender.address.index(after: at)...].lowercased()
        let atext = Set("abcdefghijklmnopqrstuvwxyz0123456789!#$%&'*+-/=?^_`{|}~.")
        guard !domain.isEmpty, !domain.hasPrefix("."), !domain.hasSuffix("."), !domain.contains(".."),
            domain.allSatisfy(atext.contains)
        else { return "gazette.invalid" }
        return domain
    }

    /// The message with CRLF line ends.
    public func rendered() -> String {
        let digest = hexText(SHA256.hash(data: Array((identity + "|" + text + "|" + html).utf8)).prefix(10))
        let alternative = "=_gazette_alt_\(digest)"
        let related = "=_gazette_rel_\(digest)"
        let mixed = "=_gazette_mix_\(digest)"
        var lines: [String] = [
            "From: \(from.header)",
            "To: \(to.isEmpty ? "undisclosed-recipients:;" : to.map(\.header).joined(separator: ", "))"
        ]
        if let replyTo { lines.append("Reply-To: \(replyTo.header)") }
        lines += [
            "Subject: \(Self.encodeHeader(subject))",
            "Date: \(UTCTime.rfc5322(date))",
            "Message-ID: \(messageID)",
            "MIME-Version: 1.0"
        ]
        if attachment != nil {
            lines += [
                "Content-Type: multipart/mixed;",
                " boundary=\"\(mixed)\"",
                "",
                "This is a MIME message: the report as text and HTML, and as a PDF.",
                "",
                "--\(mixed)"
            ]
        }
        lines += [
            "Content-Type: multipart/alternative;",
            " boundary=\"\(alternative)\"",
            "",
            "This is a MIME message: a text version and an HTML version of the report.",
            "",
            "--\(alternative)",
            "Content-Type: text/plain; charset=utf-8",
            "Content-Transfer-Encoding: quoted-printable",
            ""
        ]
        // A quoted-printable body is followed by the boundary's own line break and nothing else, so
        // it decodes to exactly the text (a base64 body is followed by a blank line, which it ignores).
        lines += QuotedPrintable.encode(text)
        lines += [
            "--\(alternative)",
            "Content-Type: multipart/related; type=\"text/html\";",
            " boundary=\"\(related)\"",
            "",
            "--\(related)",
            "Content-Type: text/html; charset=utf-8",
            "Content-Transfer-Encoding: quoted-printable",
            ""
        ]
        lines += QuotedPrintable.encode(html)
        for part in parts {
            lines += [
                "--\(related)",
                "Content-Type: image/png",
                "Content-Transfer-Encoding: base64",
                "Content-ID: <\(part.contentID)>",
                "Content-Disposition: inline;",
                " filename=\"\(part.fileName)\"",
                ""
            ]
            lines += Self.base64Lines(part.bytes)
            lines.append("")
        }
        lines += ["--\(related)--", "", "--\(alternative)--", ""]
        if let attachment {
            lines += [
                "--\(mixed)",
                "Content-Type: application/pdf",
                "Content-Transfer-Encoding: base64",
                "Content-Disposition: attachment;",
                " filename=\"\(attachment.fileName)\"",
                ""
            ]
            lines += Self.base64Lines(attachment.bytes)
            lines += ["", "--\(mixed)--", ""]
        }
        return lines.joined(separator: "\r\n")
    }

    /// Base64 folded at 76 columns.
    static func base64Lines(_ bytes: [UInt8]) -> [String] {
        let encoded = Data(bytes).base64EncodedString()
        var lines: [String] = []
        var index = encoded.startIndex
        while index < encoded.endIndex {
            let end = encoded.index(index, offsetBy: 76, limitedBy: encoded.endIndex) ?? encoded.endIndex
            lines.append(String(encoded[index..<end]))
            index = end
        }
        return lines
    }

    /// An address header's value with any line break or control character made a space, so no
    /// value can start a header of its own.
    static func oneLine(_ text: String) -> String {
        ControlCharacter.replacing(in: text, with: " ")
    }

    /// Printable ASCII stays as it is; anything else (non-ASCII, control characters) becomes RFC 2047
    /// encoded words of whole characters, each short enough for a 78-column line.
    static func encodeHeader(_ text: String) -> String {
        guard !text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value >= 0x7F }) else {
            return encodedWords(text)
        }
        return text
    }

    private static func encodedWords(_ text: String) -> String {
        var words: [String] = []
        var chunk: [UInt8] = []
        for character in text {
            let bytes = Array(String(character).utf8)
            // 42 bytes are 56 in base64, a 68-column word: 77 with `Subject: ` before it.
            if chunk.count + bytes.count > 42 {
                words.append("=?UTF-8?B?\(Data(chunk).base64EncodedString())?=")
                chunk = []
            }
            chunk += bytes
        }
        if !chunk.isEmpty { words.append("=?UTF-8?B?\(Data(chunk).base64EncodedString())?=") }
        return words.joined(separator: "\r\n ")
    }
}
