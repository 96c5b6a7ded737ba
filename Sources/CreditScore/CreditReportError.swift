/// Why a credit report could not be read: the JSON key path at fault and what was wrong.
public struct CreditReportError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Dotted JSON key path, e.g. `creditReportInfo.score`; array elements appear as `[i]`.
    /// Empty when the fault is not at a key (invalid JSON, or the top level is not an object).
    public let keyPath: String
    /// What was wrong, e.g. "missing required key" or "expected an integer, found a string".
    public let message: String
    /// 1-based position of a JSON syntax error, when one was located.
    public let line: Int?
    /// 1-based column (in Unicode scalars) of a JSON syntax error, when one was located.
    public let column: Int?

    public init(keyPath: String, message: String, line: Int? = nil, column: Int? = nil) {
        self.keyPath = keyPath
        self.message = message
        self.line = line
        self.column = column
    }

    /// The message for a value Foundation could not read; replaced by a located syntax
    /// error when the whole document is at hand (see `CreditReport.decode(from:)`).
    static let malformedValue = "invalid JSON: malformed value"

    public var description: String {
        keyPath.isEmpty ? message : "\(keyPath): \(message)"
    }
}
