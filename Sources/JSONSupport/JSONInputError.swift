/// Why a JSON input could not be read: the key path at fault and what was wrong, with the line
/// and column when the text itself is not JSON. The report modules name it for their inputs
/// (`CreditReportError`, `RacingDecodingError`).
public struct JSONInputError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Dotted key path, e.g. `creditReportInfo.score` or `[0].rides[3].horse.name`; array
    /// elements appear as `[i]`. Empty when the document itself is at fault.
    public let keyPath: String
    /// What was wrong, in words, e.g. "missing required key" or "expected an integer".
    public let message: String
    /// 1-based line of a JSON syntax error, when one was located.
    public let line: Int?
    /// 1-based column (in Unicode scalars) of a JSON syntax error, when one was located.
    public let column: Int?
    /// Lines to print after the error: a fix ready to paste (a guessed `fields:` block).
    public var hint: String?
    /// The `fields:` key (`fields.runners.price`) whose path reached the value at fault, when the
    /// input was read through a mapping.
    package var mappedField: String?

    package init(keyPath: String, message: String, mappedField: String) {
        self.init(keyPath: keyPath, message: message)
        self.mappedField = mappedField
    }

    public init(keyPath: String, message: String, line: Int? = nil, column: Int? = nil) {
        self.keyPath = keyPath
        self.message = message
        self.line = line
        self.column = column
    }

    public var description: String {
        keyPath.isEmpty ? message : "\(keyPath): \(message)"
    }
}
