import Foundation

/// The site's address (`base-url:`, `--base-url`): an absolute http(s) URL, kept ending in `/`
/// so a page's path follows it as it is. The feeds' links and ids are made under it.
public enum BaseURL {
    /// `text` as the feeds use it, or a sentence saying what is wrong with it.
    public static func normalized(_ text: String) -> Result<String, BaseURLProblem> {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard let url = URL(string: trimmed), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
            let host = url.host, !host.isEmpty, url.query == nil, url.fragment == nil
        else {
            return .failure(
                BaseURLProblem(
                    "base-url must be the site's absolute http(s) address without a query or fragment, such as https://example.org/reports/, found \"\(text)\""
                ))
        }
        return .success(trimmed.hasSuffix("/") ? trimmed : trimmed + "/")
    }
}

public struct BaseURLProblem: Error, Sendable, CustomStringConvertible {
    public let description: String

    init(_ description: String) {
        self.description = description
    }
}
