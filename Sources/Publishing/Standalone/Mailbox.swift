import Foundation
import GazetteCore

/// One address for a From, To or Reply-To header: `Name <local@domain>` or a bare address, as the
/// job or command line gives it. A display name of printable ASCII is written as it is (quoted
/// when it holds characters with a meaning in addresses); any other is RFC 2047-encoded, since
/// a raw UTF-8 name is refused or mangled by many mail transfer agents.
struct Mailbox: Equatable {
    var name: String?
    var address: String

    init(name: String?, address: String) {
        self.name = name
        self.address = address
    }

    /// The address as checked when the job or command line was read (RFC 5322); text that did
    /// not pass through that check is taken apart loosely, as before.
    init(parsing text: String) {
        if let checked = try? MailboxSyntax.parse(text) {
            self.init(name: checked.name, address: checked.address)
            return
        }
        let text = EmailMessage.oneLine(text).trimmingCharacters(in: .whitespaces)
        guard text.hasSuffix(">"), let open = text.lastIndex(of: "<") else {
            self.init(name: nil, address: text)
            return
        }
        var name = text[..<open].trimmingCharacters(in: .whitespaces)
        if name.count >= 2, name.hasPrefix("\""), name.hasSuffix("\"") {
            name = String(name.dropFirst().dropLast()).replacingOccurrences(of: "\\\"", with: "\"")
                .replacingOccurrences(of: "\\\\", with: "\\")
        }
        let address = String(text[text.index(after: open)..<text.index(before: text.endIndex)]).trimmingCharacters(
            in: .whitespaces)
        self.init(name: name.isEmpty ? nil : name, address: address)
    }

    /// The header form.
    var header: String {
        guard let name else { return address }
        if name.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value >= 0x7F }) {
            return "\(EmailMessage.encodeHeader(name)) <\(address)>"
        }
        let specials = "()<>[]:;@\\,.\""
        if name.contains(where: { specials.contains($0) }) {
            let quoted = name.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            return "\"\(quoted)\" <\(address)>"
        }
        return "\(name) <\(address)>"
    }
}
