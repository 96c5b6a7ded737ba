import Foundation
import GazetteCore

/// `max-age`, the key of every kind whose input `gazette watch` fetches again: how old the fetched
/// data may get (`300`, `90s`, `5m`, `1h`). One schema and one reading for all of them.
extension OptionKey {
    /// The key's schema; `what` names the data in its description ("the feed", "a fetched card").
    static func maxAge(_ what: String) -> OptionKey {
        OptionKey(
            "max-age",
            .object([
                "type": .array([.string("string"), .string("integer")]),
                "pattern": .string("^[0-9]+(\\.[0-9]+)?[smh]?$"),
                "description": .string("how old \(what) may be before watch fetches it again: 300, 90s, 5m, 1h")
            ]))
    }
}

extension OptionValue {
    /// The value of `max-age` in seconds; an error naming its place for anything but a duration.
    func maxAge() throws(BuildError) -> TimeInterval {
        let text = try text()
        guard let seconds = NextToGoOptions.duration(text) else {
            throw error("max-age must be a duration such as 300, 90s, 5m or 1h, found \"\(text)\"")
        }
        return seconds
    }
}
