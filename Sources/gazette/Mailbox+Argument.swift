import ArgumentParser
import Email

extension Mailbox {
    /// A mailbox given on the command line or in the environment, read where it is given: a bad
    /// one is a usage error naming where it came from.
    static func argument(_ text: String, flag: String) throws(ValidationError) -> Mailbox {
        do {
            return try Mailbox.parse(text)
        } catch {
            throw ValidationError("\(flag) \(error.description)")
        }
    }
}
