/// Paths inside the site, as pages name them relative to their own folder.
package enum SitePath {
    /// The site path a relative URL names from `folder` ("" or "slug/"), or nil for absolute
    /// URLs and for paths that climb out of the site.
    package static func resolve(_ value: String, from folder: String) -> String? {
        guard !value.isEmpty, !value.contains(":"), !value.hasPrefix("/"), !value.contains(" ") else { return nil }
        var parts = folder.split(separator: "/").map(String.init)
        for part in value.split(separator: "/", omittingEmptySubsequences: true) {
            if part == ".." {
                guard !parts.isEmpty else { return nil }
                parts.removeLast()
            } else if part != "." {
                parts.append(String(part))
            }
        }
        return parts.joined(separator: "/")
    }
}
