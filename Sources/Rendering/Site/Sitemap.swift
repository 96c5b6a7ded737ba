import GazetteCore

/// The site's pages for search engines and site tools (sitemaps.org): `sitemap.xml` when the
/// site has an address (`base-url`). Past 50,000 pages — the most one file may list — the pages
/// go into `sitemap-1.xml`, `sitemap-2.xml`, … and `sitemap.xml` is their index.
package struct Sitemap: Sendable {
    /// What one sitemap file may list.
    package static let pagesPerFile = 50_000
    package static let path = "sitemap.xml"

    /// The site's address, ending in `/`.
    let baseURL: String

    package init(baseURL: String) {
        self.baseURL = baseURL
    }

    /// The numbered files that a site of `pageCount` pages needs beside `sitemap.xml` (none
    /// while one file holds them all).
    package static func parts(pageCount: Int) -> Int {
        pageCount <= pagesPerFile ? 0 : (pageCount + pagesPerFile - 1) / pagesPerFile
    }

    package static func partPath(_ number: Int) -> String { "sitemap-\(number).xml" }

    /// Whether `path` is a file a sitemap writes (so not a static file's name to take).
    package static func writes(_ path: String) -> Bool {
        path == Self.path || (path.hasPrefix("sitemap-") && path.hasSuffix(".xml"))
    }

    /// Every file of the sitemap for `pages` (site paths of HTML pages, in the order listed), by
    /// path: one `sitemap.xml`, or the parts and their index.
    package func files(pages: [String]) -> [(path: String, text: String)] {
        let parts = Self.parts(pageCount: pages.count)
        guard parts > 0 else { return [(Self.path, urlSet(pages[...]))] }
        var files: [(path: String, text: String)] = []
        var index = Self.header + #"<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">"# + "\n"
        for number in 1...parts {
            let start = (number - 1) * Self.pagesPerFile
            let slice = pages[start..<min(start + Self.pagesPerFile, pages.count)]
            files.append((Self.partPath(number), urlSet(slice)))
            index += "  <sitemap><loc>\(AtomFeed.escaped(baseURL + Self.partPath(number)))</loc></sitemap>\n"
        }
        files.append((Self.path, index + "</sitemapindex>\n"))
        return files
    }

    private static let header = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"

    private func urlSet(_ pages: ArraySlice<String>) -> String {
        var text = Self.header + #"<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">"# + "\n"
        for page in pages {
            text += "  <url><loc>\(AtomFeed.escaped(baseURL + Self.location(page)))</loc></url>\n"
        }
        return text + "</urlset>\n"
    }

    /// A page's path as a URL path: each segment percent-encoded where a URL needs it (slugs are
    /// plain already; a static page's name may not be).
    static func location(_ path: String) -> String {
        let allowed = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~/".utf8
        return path.utf8.reduce(into: "") { text, byte in
            if allowed.contains(byte) {
                text.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                text += "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
            }
        }
    }
}

/// `robots.txt` for a site that asks not to be indexed (`index: false`).
package enum RobotsFile {
    package static let path = "robots.txt"
    package static let text = "User-agent: *\nDisallow: /\n"
}
