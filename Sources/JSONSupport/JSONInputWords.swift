/// The words every JSON input uses for the same fault, whichever way it is read.
extension JSONInputError {
    /// A key the input must have is not there: `creditReportInfo.score: missing required key`.
    package static func missingKey(at keyPath: String) -> JSONInputError {
        JSONInputError(keyPath: keyPath, message: "missing required key")
    }

    /// A value of the wrong type: `race_number: expected an integer, found a string`.
    package static func mismatch(at keyPath: String, expected: String, found: String) -> JSONInputError {
        JSONInputError(keyPath: keyPath, message: "expected \(expected), found \(found)")
    }

    /// The message for a value Foundation could not read; replaced by a located syntax error
    /// when the whole document is at hand.
    package static let malformedValue = "invalid JSON: malformed value"

    /// `reports[2].creditReportInfo`: names joined by dots, array positions in brackets.
    package static func keyPath(_ codingPath: [any CodingKey]) -> String {
        var text = ""
        for key in codingPath {
            // Array positions carry an int value and a label such as "Index 3"; object keys
            // that merely look numeric ("123") have a string value equal to that number.
            if let index = key.intValue, key.stringValue != String(index) {
                text += "[\(index)]"
            } else {
                text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
            }
        }
        return text
    }
}
