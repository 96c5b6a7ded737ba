import Foundation
import GazetteCore

/// Rewrites the `src` and `srcset` attributes of a rendered page that name files of the site,
/// so the page stands alone: as data URIs in a self-contained file, as `cid:` references in an
/// e-mail. Values that name no file of the site are left as they are.
enum AssetInliner {
    /// `folder` is the page's folder inside the site ("" or "slug/"); `resolve` gets the site path.
    static func rewrite(_ html: String, folder: String, resolve: (String) -> String?) -> String {
        var out = ""
        out.reserveCapacity(html.utf8.count)
        var rest = html[...]
        while let match = nextAttribute(in: rest) {
            out += rest[..<match.valueStart]
            let value = String(rest[match.valueStart..<match.valueEnd])
            if match.isList {
                out += rewriteCandidates(value, folder: folder, resolve: resolve)
            } else if let path = sitePath(value, folder: folder), let replacement = resolve(path) {
                out += replacement
            } else {
                out += value
            }
            rest = rest[match.valueEnd...]
        }
        out += rest
        return out
    }

    /// A `srcset` list ("a.png 1x, b.png 2x") keeps only its densest candidate when inlined: one
    /// embedded copy is enough for a page that must travel.
    private static func rewriteCandidates(_ value: String, folder: String, resolve: (String) -> String?) -> String {
        let candidates = value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        guard let densest = candidates.last else { return value }
        let url = String(densest.prefix { $0 != " " })
        guard let path = sitePath(url, folder: folder), let replacement = resolve(path) else { return value }
        return replacement
    }

    private static func nextAttribute(in text: Substring) -> (valueStart: String.Index, valueEnd: String.Index, isList: Bool)? {
        var search = text
        while let found = search.range(of: "src") {
            var cursor = found.upperBound
            let isList = text[cursor...].hasPrefix("set")
            if isList { cursor = text.index(cursor, offsetBy: 3) }
            let isAttribute = found.lowerBound > text.startIndex && text[text.index(before: found.lowerBound)] == " "
            if isAttribute, text[cursor...].hasPrefix("=\"") {
                let start = text.index(cursor, offsetBy: 2)
                if let end = text[start...].firstIndex(of: "\"") { return (start, end, isList) }
            }
            search = text[found.upperBound...]
        }
        return nil
    }

    /// The site path a relative URL names from `folder`, or nil for absolute URLs.
    static func sitePath(_ value: String, folder: String) -> String? {
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

    /// Drops the `href` of links to other files of the site, keeping their text: in an e-mail
    /// those files are not there. Fragment, absolute and `mailto:` links stay.
    static func unlinkSiteFiles(_ html: String) -> String {
        var out = ""
        out.reserveCapacity(html.utf8.count)
        var rest = html[...]
        while let found = rest.range(of: " href=\"") {
            guard let end = rest[found.upperBound...].firstIndex(of: "\"") else { break }
            let value = rest[found.upperBound..<end]
            out += rest[..<found.lowerBound]
            if value.hasPrefix("#") || value.contains(":") {
                out += rest[found.lowerBound...end]
            }
            rest = rest[rest.index(after: end)...]
        }
        out += rest
        return out
    }
}
