/// RFC 2045 §6.7 quoted-printable for the text and HTML parts of `report.eml`, so the message stays
/// readable in a pager.
///
/// - A line break of the text (LF or CRLF) is a hard break, written CRLF; a lone CR is `=0D`.
/// - Printable ASCII but `=` stays as it is; `=`, control characters, DEL and every byte of a
///   non-ASCII character are `=XX` (uppercase hex).
/// - A space or tab just before a hard break (or at the end) is encoded, so no line ends in white space.
/// - Lines are at most 76 characters, a soft break `=` included. A soft break never splits an `=XX`
///   nor the bytes of one character, so a pager shows each character whole on one line.
/// - For robustness through SMTP and mbox, a line starting with `.` starts `=2E`, and one starting
///   with `From ` starts `=46rom `.
public enum QuotedPrintable {
    /// The longest encoded line, a soft break's `=` included.
    static let lineLimit = 76

    /// The encoded lines, without line ends: join them with CRLF. Empty text gives one empty line.
    public static func encode(_ text: String) -> [String] {
        var lines: [String] = []
        var hardLine: [Unicode.Scalar] = []
        var pendingCR = false
        for scalar in text.unicodeScalars {
            if pendingCR {
                pendingCR = false
                if scalar == "\n" {
                    lines += pack(hardLine)
                    hardLine = []
                    continue
                }
                hardLine.append("\r")
            }
            switch scalar {
            case "\r": pendingCR = true
            case "\n":
                lines += pack(hardLine)
                hardLine = []
            default: hardLine.append(scalar)
            }
        }
        if pendingCR { hardLine.append("\r") }
        lines += pack(hardLine)
        return lines
    }

    /// One line of the text (no line break in it) as encoded lines joined by soft breaks.
    private static func pack(_ scalars: [Unicode.Scalar]) -> [String] {
        var tokens = scalars.map(token)
        if let last = scalars.last, last == " " || last == "\t" {
            tokens[tokens.count - 1] = escaped(UInt8(last.value))
        }
        var lines: [String] = []
        var line = ""
        for (index, original) in tokens.enumerated() {
            let isLast = index == tokens.count - 1
            var token = original
            if line.count + token.count > (isLast ? lineLimit : lineLimit - 1) {
                lines.append(line + "=")
                line = ""
            }
            if line.isEmpty {
                if token == "." {
                    token = "=2E"
                } else if token == "F", tokens[index...].prefix(5).joined().hasPrefix("From ") {
                    token = "=46"
                }
            }
            line += token
        }
        lines.append(line)
        return lines
    }

    /// One character's encoding: itself when it may stand as it is, else `=XX` for each UTF-8 byte.
    private static func token(_ scalar: Unicode.Scalar) -> String {
        let value = scalar.value
        if (value >= 0x21 && value <= 0x7E && value != 0x3D) || value == 0x20 || value == 0x09 {
            return String(Character(scalar))
        }
        return String(scalar).utf8.map(escaped).joined()
    }

    private static func escaped(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return "=" + String(digits[Int(byte >> 4)]) + String(digits[Int(byte & 0x0F)])
    }
}
