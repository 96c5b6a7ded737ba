/// One e-mail address as a job, an option or `GAZETTE_EMAIL_FROM` gives it, checked against
/// RFC 5322's `mailbox`: a bare `local@domain`, or a display name and `<local@domain>`.
///
/// The address itself is held to the grammar (a dot-atom or quoted local part, a dot-atom domain
/// or a `[literal]`, ASCII). The display name is read more kindly than the RFC's `phrase`: any
/// printable text without `<`, `>`, `"` or `\` (so `Lee, Sam` or `Élodie Martin`), or a proper
/// quoted string; the header writer quotes or encodes it. What is refused is what a mail program
/// would read as a broken or a different address.
public struct MailboxSyntax: Equatable, Sendable {
    public var name: String?
    public var address: String

    public init(name: String?, address: String) {
        self.name = name
        self.address = address
    }

    /// Why a text is not a mailbox, in words for an error message.
    public struct Problem: Error, Equatable, Sendable, CustomStringConvertible {
        public let description: String
    }

    public static func parse(_ text: String) throws(Problem) -> MailboxSyntax {
        let text = text.trimmingSpaces
        guard !text.isEmpty else { throw Problem(description: "is empty") }
        if ControlCharacter.contains(in: text) {
            throw Problem(description: "must be one line without control characters")
        }
        guard text.hasSuffix(">") else {
            if text.contains("<") || text.contains(">") {
                throw Problem(description: "has a `<` without a closing `>` at its end: write `Name <local@domain>`")
            }
            return MailboxSyntax(name: nil, address: try checkedAddress(text))
        }
        guard let open = text.lastIndex(of: "<") else {
            throw Problem(description: "ends in `>` with no `<` before it")
        }
        let address = try checkedAddress(
            String(text[text.index(after: open)..<text.index(before: text.endIndex)]).trimmingSpaces)
        let name = try displayName(String(text[..<open]).trimmingSpaces)
        return MailboxSyntax(name: name, address: address)
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
