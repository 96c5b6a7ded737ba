/// How every `--summary` (the build's and the send's) writes text that came from inputs, errors
/// or a server's reply: one set of rules, so no summary shows it differently or lets it break out.
package enum SummaryText {
    /// A Markdown table cell or list item. GitHub renders a job summary's Markdown with inline
    /// HTML, so `&`, `<` and `>` are escaped to show as written; a pipe cannot end the cell and a
    /// line end cannot end the row.
    package static func markdown(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "|": out += "\\|"
            case "\n", "\r\n", "\r": out += " "
            default: out.append(character)
            }
        }
        return out
    }

    /// A path in a Markdown code span: a backtick or a line end cannot close it, a pipe cannot
    /// end the cell.
    package static func markdownCode(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "`": out += "'"
            case "|": out += "\\|"
            case "\n", "\r\n", "\r": out += " "
            default: out.append(character)
            }
        }
        return "`" + out + "`"
    }

    /// A GitHub workflow command's message: `%`, CR and LF escaped.
    package static func workflowData(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    /// A workflow command's property value: also `:` and `,` escaped.
    package static func workflowProperty(_ text: String) -> String {
        workflowData(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}
