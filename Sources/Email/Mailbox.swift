import Foundation
import GazetteCore

/// One e-mail address as a job, an option or `GAZETTE_EMAIL_FROM` gives it, checked against
/// RFC 5322's `mailbox`: a bare `local@domain`, or a display name and `<local@domain>`. Parsed
/// once, where the job or the command line is read; the parsed value travels to the message's
/// headers (`header`) and to the envelope (`address`). The one parser of a mailbox in Gazette.
///
/// The address itself is held to the grammar (a dot-atom or quoted local part, a dot-atom domain
/// or a `[literal]`, ASCII). The display name is read more kindly than the RFC's `phrase`: any
/// printable text without `<`, `>`, `"` or `\` (so `Lee, Sam` or `Élodie Martin`), or a proper
/// quoted string; the header writer quotes or encodes it. What is refused is what a mail program
/// would read as a broken or a different address.
public struct Mailbox: Equatable, Hashable, Sendable, Encodable, CustomStringConvertible {
    public var name: String?
    public var address: String

    /// Made only by `parse`, so every mailbox in Gazette has passed it (a line break in one
    /// would be a header injected into the message).
    init(name: String?, address: String) {
        self.name = name
        self.address = address
    }

    /// The mailbox as a person writes it: `Name <local@domain>`, or the bare address.
    public var description: String { name.map { "\($0) <\(address)>" } ?? address }

    /// The header form: a display name of printable ASCII as it is (quoted when it holds
    /// characters with a meaning in addresses); any other RFC 2047-encoded, since a raw UTF-8
    /// name is refused or mangled by many mail transfer agents.
    public var header: String {
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

    /// The bare addresses of a header's mailbox list (`Sam <sam@x.org>, "Lee, Jo" <jo@x.org>` →
    /// `sam@x.org`, `jo@x.org`), each item read by `parse`; an empty group
    /// (`undisclosed-recipients:;`) and items that are no mailbox give none.
    public static func addresses(inList value: String) -> [String] {
        var items: [String] = []
        var current = ""
        var quoted = false, angle = false
        for character in value {
            switch character {
            case "\"": quoted.toggle()
            case "<" where !quoted: angle = true
            case ">" where !quoted: angle = false
            case "," where !quoted && !angle, ";" where !quoted && !angle:
                items.append(current)
                current = ""
                continue
            case ":" where !quoted && !angle:
                current = ""  // a group's name
                continue
            default: break
            }
            current.append(character)
        }
        items.append(current)
        return items.compactMap { item in
            let item = item.trimmingCharacters(in: .whitespaces)
            return item.isEmpty ? nil : (try? parse(item))?.address
        }
    }

    /// Why a text is not a mailbox, in words for an error message.
    public struct Problem: Error, Equatable, Sendable, CustomStringConvertible {
        public let description: String
    }

    public static func parse(_ text: String) throws(Problem) -> Mailbox {
        let text = text.trimmingSpaces
        guard !text.isEmpty else { throw Problem(description: "is empty") }
        if ControlCharacter.contains(in: text) {
            throw Problem(description: "must be one line without control characters")
        }
        guard text.hasSuffix(">") else {
            if text.contains("<") || text.contains(">") {
                throw Problem(description: "has a `<` without a closing `>` at its end: write `Name <local@domain>`")
            }
            return Mailbox(name: nil, address: try checkedAddress(text))
        }
        guard let open = text.lastIndex(of: "<") else {
            throw Problem(description: "ends in `>` with no `<` before it")
        }
        let address = try checkedAddress(
            String(text[text.index(after: open)..<text.index(before: text.endIndex)]).trimmingSpaces)
        let name = try displayName(String(text[..<open]).trimmingSpaces)
        return Mailbox(name: name, address: address)
    }

    /// The name before `<…>`: nil when there is none; a quoted string unquoted.
    private static func displayName(_ text: String) throws(Problem) -> String? {
        if text.isEmpty { return nil }
        if text.hasPrefix("\"") {
            guard let inner = quotedContent(text[...]), !inner.isEmpty else {
                throw Problem(description: "has a display name whose quotes are not closed (or hold an unescaped `\"`)")
            }
            return inner
        }
        if let bad = text.first(where: { "<>\"\\".contains($0) }) {
            throw Problem(description: "has `\(bad)` in its display name: put the name in double quotes")
        }
        return text
    }

    /// The content of a whole quoted string, `\x` unescaped; nil when `text` is not exactly one.
    private static func quotedContent(_ text: Substring) -> String? {
        guard text.count >= 2, text.first == "\"", text.last == "\"" else { return nil }
        var content = ""
        var escaped = false
        for character in text.dropFirst().dropLast() {
            if escaped {
                content.append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == "\"" {
                return nil
            } else {
                content.append(character)
            }
        }
        return escaped ? nil : content
    }

    /// `local@domain` by the RFC's addr-spec (without comments and obsolete forms).
    private static func checkedAddress(_ text: String) throws(Problem) -> String {
        guard text.unicodeScalars.allSatisfy({ $0.isASCII }) else {
            throw Problem(description: "`\(text)` is not an address: an address is ASCII (a name may be in any script)")
        }
        guard let at = text.lastIndex(of: "@") else {
            throw Problem(description: "`\(text)` is not an address: expected `local@domain`")
        }
        let local = text[..<at], domain = text[text.index(after: at)...]
        guard isDotAtom(local) || (quotedContent(local) != nil && local.count > 2) else {
            throw Problem(
                description: "`\(text)` is not an address: its part before `@` has characters an address cannot hold")
        }
        let literal =
            domain.hasPrefix("[") && domain.hasSuffix("]") && domain.count > 2
            && domain.dropFirst().dropLast().allSatisfy { $0 != "[" && $0 != "]" && $0 != "\\" && $0 != " " }
        guard isDotAtom(domain) || literal else {
            throw Problem(description: "`\(text)` is not an address: its domain after `@` is not a host name")
        }
        guard text.utf8.count <= 254 else {
            throw Problem(description: "is longer than an address may be (254 characters)")
        }
        return text
    }

    /// Runs of `atext` joined by single dots.
    private static func isDotAtom(_ text: Substring) -> Bool {
        let atomSpecials = "!#$%&'*+-/=?^_`{|}~"
        var previousWasDot = true
        for character in text {
            if character == "." {
                if previousWasDot { return false }
                previousWasDot = true
            } else if character.isASCII, character.isLetter || character.isNumber || atomSpecials.contains(character) {
                previousWasDot = false
            } else {
                return false
            }
        }
        return !text.isEmpty && !previousWasDot
    }
}

private extension String {
    var trimmingSpaces: String {
        var scalars = Substring(self)
        while let first = scalars.first, first == " " || first == "\t" { scalars = scalars.dropFirst() }
        while let last = scalars.last, last == " " || last == "\t" { scalars = scalars.dropLast() }
        return String(scalars)
    }
}
