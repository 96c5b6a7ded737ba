import GazetteCore
import Rendering
import Reports

/// What a later build needs to reuse a report's folder unchanged: the key of everything the
/// report was made from, and what the front page and the summary need of it.
struct ReportRecord: Codable, Sendable, Equatable {
    struct Card: Codable, Sendable, Equatable {
        var headline: String
        var detail: String
        var thumbnail: String?
    }

    struct Thumbnail: Codable, Sendable, Equatable {
        var stem: String
        var alt: String
        var width: Int
        var height: Int
    }

    var key: String
    var title: String
    var kind: String
    /// The warnings' texts: all that the manifest's cache section and a part keep of them, so
    /// those files are as before warnings were typed.
    var warnings: [String]
    var headline: String?
    var summary: [String]
    var card: Card?
    var thumbnail: Thumbnail?
    var sources: [String]

    init(key: String, built: BuiltReport) {
        self.key = key
        title = built.outcome.title
        kind = built.outcome.kind.rawValue
        warnings = built.outcome.warnings.map(\.text)
        headline = built.outcome.headline
        summary = built.outcome.summary
        card = built.card.map { Card(headline: $0.headline, detail: $0.detail, thumbnail: $0.thumbnail) }
        thumbnail = built.thumbnail.map {
            Thumbnail(stem: $0.stem, alt: $0.alt, width: $0.width, height: $0.height)
        }
        sources = built.sources
    }

    /// The report as the front page knows it; nil when the record names an unknown kind.
    func built(slug: String) -> BuiltReport? {
        guard let kind = ReportKind(rawValue: kind) else { return nil }
        let outcome = ReportOutcome(
            title: title, slug: slug, kind: kind, warnings: warnings.map { ReportWarning(.recorded, $0) }, error: nil,
            headline: headline, summary: summary)
        return BuiltReport(
            outcome: outcome,
            card: card.map { ReportCard(headline: $0.headline, detail: $0.detail, thumbnail: $0.thumbnail) },
            thumbnail: thumbnail.map { ChartImage(stem: $0.stem, alt: $0.alt, width: $0.width, height: $0.height) },
            sources: sources)
    }
}
