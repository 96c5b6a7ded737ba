import GazetteCore

/// What a build knows of a report once its files are written: how it ended, its card and the
/// card's thumbnail, and its sources. The front page, the summary, a shard's part and the next
/// build read it; `ReportRecord` keeps it in the report's folder with the key and the files.
package struct BuiltReport: Sendable, Equatable {
    package var outcome: ReportOutcome
    /// The front page's card; nil when the report failed.
    package var card: ReportCard?
    package var thumbnail: DrawnChart?
    package var sources: [String]
    /// How fresh its data was; nil for a report that failed, or a record of an older Gazette.
    package var freshness: DataFreshness?

    package init(
        outcome: ReportOutcome, card: ReportCard?, thumbnail: DrawnChart?, sources: [String],
        freshness: DataFreshness? = nil
    ) {
        self.outcome = outcome
        self.card = card
        self.thumbnail = thumbnail
        self.sources = sources
        self.freshness = freshness
    }
}

/// One flat JSON object (`slug`, `title`, `kind`, `warnings`, `error`, `headline`, `summary`,
/// `card`, `thumbnail`, `sources`, `freshness`), so a record can add its own members beside these.
extension BuiltReport: Codable {
    private enum CodingKeys: String, CodingKey {
        case slug, title, kind, warnings, error, headline, summary, card, thumbnail, sources, freshness
    }

    package init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        outcome = ReportOutcome(
            title: try container.decode(String.self, forKey: .title),
            slug: try container.decode(String.self, forKey: .slug),
            kind: try container.decode(ReportKind.self, forKey: .kind),
            warnings: try container.decode([ReportWarning].self, forKey: .warnings),
            error: try container.decodeIfPresent(BuildError.self, forKey: .error),
            headline: try container.decodeIfPresent(String.self, forKey: .headline),
            summary: try container.decode([String].self, forKey: .summary))
        card = try container.decodeIfPresent(ReportCard.self, forKey: .card)
        thumbnail = try container.decodeIfPresent(DrawnChart.self, forKey: .thumbnail)
        sources = try container.decode([String].self, forKey: .sources)
        freshness = try container.decodeIfPresent(DataFreshness.self, forKey: .freshness)
    }

    package func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(outcome.slug, forKey: .slug)
        try container.encode(outcome.title, forKey: .title)
        try container.encode(outcome.kind, forKey: .kind)
        try container.encode(outcome.warnings, forKey: .warnings)
        try container.encodeIfPresent(outcome.error, forKey: .error)
        try container.encodeIfPresent(outcome.headline, forKey: .headline)
        try container.encode(outcome.summary, forKey: .summary)
        try container.encodeIfPresent(card, forKey: .card)
        try container.encodeIfPresent(thumbnail, forKey: .thumbnail)
        try container.encode(sources, forKey: .sources)
        try container.encodeIfPresent(freshness, forKey: .freshness)
    }
}
