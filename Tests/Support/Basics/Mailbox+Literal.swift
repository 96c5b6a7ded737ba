import Email

/// A mailbox written in a test as the job would write it: `"Sam <sam@example.org>"`. A literal
/// that is no mailbox stops the test at once.
extension Mailbox: ExpressibleByStringLiteral {
    public init(stringLiteral text: String) {
        do {
            self = try Mailbox.parse(text)
        } catch {
            preconditionFailure("\(text) is not a mailbox: \(error)")
        }
    }
}
