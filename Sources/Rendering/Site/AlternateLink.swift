/// A `<link rel="alternate">` in every page's head naming another form of the page or the site
/// (a feed): what a wanted channel offers its readers, from the site's root or the report's folder.
package struct AlternateLink: Codable, Equatable, Sendable {
    /// Its media type: `application/atom+xml`, `application/feed+json`.
    package var type: String
    package var href: String
    package var title: String

    package init(type: String, href: String, title: String) {
        self.type = type
        self.href = href
        self.title = title
    }
}
