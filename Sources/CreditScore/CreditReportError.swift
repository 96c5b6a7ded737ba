import JSONSupport

/// Why a credit report could not be read: the JSON key path at fault and what was wrong.
public typealias CreditReportError = JSONInputError

extension JSONInputError {
    /// The message for a value Foundation could not read; replaced by a located syntax
    /// error when the whole document is at hand (see `CreditReport.decode(from:)`).
    static let malformedValue = "invalid JSON: malformed value"
}
