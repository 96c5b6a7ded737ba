import Foundation
import Deterministic
import GazetteCore
import Localization

/// What a kept page says while its report fails: the layout marks a spot (`<!--gazette:notice-->`)
/// and the notice, from `stale-notice.mustache`, goes right after it; the rest of the page stays
/// as it was built. A page kept twice gets its notice replaced, not a second one.
package struct StaleNotice: Sendable {
    package static let marker = Array("<!--gazette:notice-->".utf8)
    static let end = Array("<!--/gazette:notice-->".utf8)

    let html: [UInt8]

    /// `builtAt` is when the kept pages were made (nil when unknown), `failedAt` the failing build's clock.
    package init(
        templates: TemplateLibrary, builtAt: Date?, failedAt: Date, error: BuildError, conventions: TextConventions
    ) throws(BuildError) {
        let context = Context(
            builtAt: builtAt.map(conventions.longTime), builtAtISO: builtAt.map(UTCTime.iso),
            failedAt: conventions.longTime(failedAt), failedAtISO: UTCTime.iso(failedAt),
            error: error.withoutHint.portableDescription, hint: error.hint)
        html = PageRenderer.withoutControlCharacters(try templates.render(context)) + Self.end
    }

    // gazette:template stale-notice
    struct Context: Codable {
        var builtAt: String?
        var builtAtISO: String?
        var failedAt: String
        var failedAtISO: String
        var error: String
        var hint: String?
    }

    /// The page with the notice after its marker, an earlier notice removed; nil when the page has
    /// no marker (a layout of the user's without one), so it is kept as it is.
    package func placed(in page: [UInt8]) -> [UInt8]? {
        guard let at = page.firstRange(of: Self.marker)?.lowerBound else { return nil }
        var rest = page[(at + Self.marker.count)...]
        if rest.first == UInt8(ascii: "\n") { rest = rest.dropFirst() }
        if let close = rest.firstRange(of: Self.end) { rest = rest[close.upperBound...] }
        if rest.first == UInt8(ascii: "\n") { rest = rest.dropFirst() }
        return Array(page[..<(at + Self.marker.count)]) + [UInt8(ascii: "\n")] + html + [UInt8(ascii: "\n")] + rest
    }
}
