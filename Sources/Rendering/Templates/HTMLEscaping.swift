import GazetteCore
import Mustache

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
        var out = [UInt8]()
        out.reserveCapacity(text.utf8.count + 16)
        Self.append(text, escapedTo: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends `text`'s UTF-8 to `out` with the five characters replaced: for HTML made as bytes.
    package static func append(_ text: String, escapedTo out: inout [UInt8]) {
        escapedRuns(text) { out.append(contentsOf: $0) }
    }

    /// The same into a `ByteBuffer` (the long row loops' writer).
    package static func append(_ text: String, escapedTo out: inout ByteBuffer) {
        escapedRuns(text) { out.append(contentsOf: $0) }
    }

    /// `text`'s UTF-8 escaped, handed on as runs of bytes: the text's own between the characters
    /// replaced, and each replacement.
    @inline(__always)
    private static func escapedRuns(_ text: String, _ emit: (UnsafeBufferPointer<UInt8>) -> Void) {
        var text = text
        text.withUTF8 { bytes in
            var run = 0
            for (index, byte) in bytes.enumerated() where needsEscape(byte) {
                emit(UnsafeBufferPointer(rebasing: bytes[run..<index]))
                let entity: StaticString =
                    switch byte {
                    case UInt8(ascii: "<"): "&lt;"
                    case UInt8(ascii: ">"): "&gt;"
                    case UInt8(ascii: "&"): "&amp;"
                    case UInt8(ascii: "\""): "&quot;"
                    default: "&#39;"
                    }
                entity.withUTF8Buffer(emit)
                run = index + 1
            }
            emit(UnsafeBufferPointer(rebasing: bytes[run...]))
        }
    }

    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "&")
            || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'")
    }
}
