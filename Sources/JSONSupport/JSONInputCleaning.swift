import Foundation
import GazetteCore

/// Where text from a JSON input enters: every string it holds, cleaned once for every output.
///
/// A JSON text may carry what no page, chart, feed or drawing library takes: a control character
/// or noncharacter written as an escape (`\u0000`, `\u001b`, `\ufffe`), a lone surrogate escape
/// (`\ud800`), or DEL, a C1 control or a noncharacter written as itself. Each becomes U+FFFD
/// (`\ufffd`), so a reader sees that something was there and every writer gets text it can
/// write. The escapes of tab and line ends (`\u0009`, `\u000a`, `\u000d`) stay: they lay out
/// lines, as `\t` and `\n` do. Raw C0 controls are syntax errors, named at their place before this.
package enum JSONInputCleaning {
    /// `data` with every such character replaced; the same bytes when there is none (one pass
    /// over the bytes, however many ordinary escapes and letters beyond ASCII the text has).
    package static func cleaned(_ data: Data) -> Data {
        guard data.withUnsafeBytes(mayNeedCleaning) else { return data }
        let text = String(decoding: data, as: UTF8.self)
        var out = String.UnicodeScalarView()
        var scalars = Array(text.unicodeScalars)[...]
        var changed = false
        while let scalar = scalars.popFirst() {
            guard scalar == "\\" else {
                let keep = ControlCharacter.isWritable(scalar)
                out.append(keep ? scalar : "\u{FFFD}")
                changed = changed || !keep
                continue
            }
            guard let next = scalars.popFirst() else {
                out.append(scalar)
                break
            }
            guard next == "u", let code = hex4(scalars.prefix(4)) else {
                out.append(scalar)
                out.append(next)
                continue
            }
            scalars = scalars.dropFirst(4)
            let (text, consumed) = escape(code, followedBy: scalars)
            scalars = scalars.dropFirst(consumed)
            changed = changed || text == "\\ufffd"
            out.append(contentsOf: text.unicodeScalars)
        }
        return changed ? Data(String(out).utf8) : data
    }

    /// The escape `\uXXXX` of `code` as it is kept (its own text, or with its low surrogate's
    /// escape), or `\ufffd`; and how many scalars after it were taken (a low surrogate's six).
    private static func escape(_ code: UInt32, followedBy rest: ArraySlice<Unicode.Scalar>) -> (String, Int) {
        let written = "\\u" + hexText(code)
        if (0xD800...0xDBFF).contains(code) {
            guard rest.count >= 6, rest.first == "\\", rest.dropFirst().first == "u",
                let low = hex4(rest.dropFirst(2).prefix(4)), (0xDC00...0xDFFF).contains(low)
            else { return ("\\ufffd", 0) }
            let value = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
            let scalar = Unicode.Scalar(value)!
            return ControlCharacter.isWritable(scalar) ? (written + "\\u" + hexText(low), 6) : ("\\ufffd", 6)
        }
        guard let scalar = Unicode.Scalar(code), ControlCharacter.isWritable(scalar) else { return ("\\ufffd", 0) }
        return (written, 0)
    }

    private static func hex4(_ digits: ArraySlice<Unicode.Scalar>) -> UInt32? {
        guard digits.count == 4, digits.allSatisfy(\.properties.isASCIIHexDigit) else { return nil }
        var text = String.UnicodeScalarView()
        text.append(contentsOf: digits)
        return UInt32(String(text), radix: 16)
    }

    private static func hexText(_ value: UInt32) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
