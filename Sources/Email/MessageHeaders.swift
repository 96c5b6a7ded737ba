import Deterministic
import Foundation

/// Reading and editing a message's header section as bytes: the fields unfolded, the `Bcc:`
/// field taken out, `In-Reply-To:`/`References:` put in after `Message-ID:`. The body is never
/// touched.
public enum MessageHeaders {
    /// The most `Message-ID`s a `References:` field names: the thread's first and its latest.
    public static let referencesKept = 10

    /// The bytes with `In-Reply-To:` naming `previous` (a `<…>` Message-ID) and `References:`
    /// the chain before it (`earlier`, oldest first: the parent's own references) and `previous`,
    /// right after the `Message-ID:` line, so mail programs show a report's messages as a thread.
    /// A long chain keeps its first message and the latest ones (RFC 5322 §3.6.4), one per line.
    public static func threaded(_ bytes: [UInt8], after previous: String, earlier: [String] = []) -> [UInt8] {
        let clean = { (id: String) in id.filter { !$0.isWhitespace && !$0.isNewline && $0 != "\u{0}" } }
        var chain = (earlier.map(clean) + [clean(previous)]).filter { !$0.isEmpty }
        if chain.count > referencesKept { chain = [chain[0]] + chain.suffix(referencesKept - 1) }
        let added = Array(
            "In-Reply-To: \(clean(previous))\r\nReferences: \(chain.joined(separator: "\r\n "))\r\n".utf8)
        guard let field = Self.field("message-id", in: bytes) else { return added + bytes }
        return Array(bytes[..<field.upperBound]) + added + Array(bytes[field.upperBound...])
    }

    /// The bytes with the `Date:` field saying `date` (RFC 5322, UTC): a message is dated when it
    /// is sent, not when its report was built (a scheduled build runs on its commit's clock). The
    /// field is put first when the message has none.
    public static func dated(_ bytes: [UInt8], _ date: Date) -> [UInt8] {
        let dated = Array("Date: \(UTCTime.rfc5322(date))\r\n".utf8)
        guard let field = Self.field("date", in: bytes) else { return dated + bytes }
        return Array(bytes[..<field.lowerBound]) + dated + Array(bytes[field.upperBound...])
    }

    /// Where the first header field called `name` (lowercase) lies, its folded lines and line end
    /// included; nil when the header section has none.
    private static func field(_ name: String, in bytes: [UInt8]) -> Range<Int>? {
        let prefix = Array((name + ":").utf8)
        var index = 0
        while index < bytes.count {
            let end = lineEnd(bytes, from: index)
            if end.content == index { return nil }  // the blank line: the headers end without one
            let head = bytes[index..<min(end.content, index + prefix.count)].map { $0 | (0x41...0x5A ~= $0 ? 0x20 : 0) }
            if head == prefix {
                var next = end.next
                // Past the field's folded lines too.
                while next < bytes.count, bytes[next] == UInt8(ascii: " ") || bytes[next] == UInt8(ascii: "\t") {
                    next = lineEnd(bytes, from: next).next
                }
                return index..<next
            }
            index = end.next
        }
        return nil
    }

    /// The header fields, unfolded, and where the body starts.
    public static func fields(of bytes: [UInt8]) -> (fields: [(name: String, value: String)], bodyStart: Int) {
        var fields: [(name: String, value: String)] = []
        var index = 0
        while index < bytes.count {
            let end = lineEnd(bytes, from: index)
            let line = String(decoding: bytes[index..<end.content], as: UTF8.self)
            index = end.next
            if line.isEmpty { return (fields, index) }
            if let first = line.first, first == " " || first == "\t", !fields.isEmpty {
                fields[fields.count - 1].value += line
            } else if let colon = line.firstIndex(of: ":") {
                fields.append((String(line[..<colon]), String(line[line.index(after: colon)...])))
            }
        }
        return (fields, bytes.count)
    }

    /// The bytes without the `Bcc:` field and its folded lines; the body untouched.
    public static func withoutBcc(_ bytes: [UInt8], bodyStart: Int) -> [UInt8] {
        var kept: [UInt8] = []
        kept.reserveCapacity(bytes.count)
        var index = 0
        var inBcc = false
        while index < bodyStart {
            let end = lineEnd(bytes, from: index)
            let line = bytes[index..<end.content]
            let folded = line.first == UInt8(ascii: " ") || line.first == UInt8(ascii: "\t")
            if !folded {
                inBcc = line.count >= 4 && String(decoding: line.prefix(4), as: UTF8.self).lowercased() == "bcc:"
            }
            if !inBcc { kept.append(contentsOf: bytes[index..<end.next]) }
            index = end.next
        }
        kept.append(contentsOf: bytes[bodyStart...])
        return kept
    }

    /// Where the line starting at `index` ends (before CRLF or LF) and where the next begins.
    private static func lineEnd(_ bytes: [UInt8], from index: Int) -> (content: Int, next: Int) {
        var end = index
        while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
        let content = end > index && bytes[end - 1] == UInt8(ascii: "\r") ? end - 1 : end
        return (content, min(end + 1, bytes.count))
    }
}
