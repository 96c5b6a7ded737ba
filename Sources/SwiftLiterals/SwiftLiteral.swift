/// Swift source text for values, for the build tools that write Swift (`CompileTemplates`,
/// `CompileCatalogs`).
public enum SwiftLiteral {
    /// A Swift string literal of `text`, usable as a `String` or a `StaticString`: quotes and
    /// backslashes escaped, control characters as `\u{…}`, everything else as it is.
    public static func string(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    out += "\\u{\(String(scalar.value, radix: 16))}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
