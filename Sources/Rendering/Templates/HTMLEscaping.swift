import Mustache
import GazetteCore

/// HTML escaping for templates that declare `{{% CONTENT_TYPE: HTML }}`: the same five
/// replacements as swift-mustache's own (`<`, `>`, `&`, `"`, `'`), found by one pass over the
/// UTF-8 bytes instead of a dictionary look-up per character, and no copy for text that needs
/// none. Registered under the name `HTML` before any template is parsed; a template without the
/// pragma is escaped by swift-mustache's built-in type, to the same text — except where the
/// built-in pass, which compares whole characters, leaves a `<` or `&` that carries a combining
/// mark raw; this one escapes it, as HTML needs.
package struct HTMLEscaping: MustacheContentType {
    package static let register: Void = {
        MustacheContentTypes.register(HTMLEscaping(), named: "HTML")
    }()

    package func escapeText(_ text: String) -> String {
        var text = text
        // The search runs on the string's own bytes: most text needs no escape and is returned as it is.
        guard text.withUTF8({ $0.contains(where: Self.needsEscape) }) else { return text }
        let utf8 = text.utf8
        var out = [UInt8]()
        out.reserveCapacity(utf8.count + 16)
        for byte in utf8 {
            switch byte {
            case UInt8(ascii: "<"): out.append(contentsOf: "&lt;".utf8)
            case UInt8(ascii: ">"): out.append(contentsOf: "&gt;".utf8)
            case UInt8(ascii: "&"): out.append(contentsOf: "&amp;".utf8)
            case UInt8(ascii: "\""): out.append(contentsOf: "&quot;".utf8)
            case UInt8(ascii: "'"): out.append(contentsOf: "&#39;".utf8)
            default: out.append(byte)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "&")
            || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'")
    }
}
