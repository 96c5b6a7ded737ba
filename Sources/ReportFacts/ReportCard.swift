/// The front page's card for a report: what its kind's presenter says of it, kept in the report's
/// record for the builds and merges that reuse it.
package struct ReportCard: Codable, Sendable, Equatable {
    package var headline: String
    package var detail: String
    /// The chart shown as the card's thumbnail.
    package var thumbnail: ChartRef?
    /// What changed since an earlier build ("Score 530, +16 since 1 October 2026"), when the
    /// report keeps a history and has something to say.
    package var change: String?
    /// When the report's figures last changed (Unix seconds): its history's last entry's time, and
    /// its entry's `updated` in the site's feed. Nil for a report that keeps no history. A build on
    /// the same clock knows from it that the history already holds its entry, without reading it.
    package var updated: Int64?

    package init(headline: String, detail: String, thumbnail: ChartRef?, change: String? = nil) {
        self.headline = headline
        self.detail = detail
        self.thumbnail = thumbnail
        self.change = change
    }

    /// The card with what changed since an earlier build.
    package func with(change: String?) -> ReportCard {
        var card = self
        card.change = change
        return card
    }
}

/// A chart of the report as the channels that show it name it (the card's thumbnail, a digest
/// section, the e-mail, the PDF): made from the `ChartSpec` it names (`ChartSpec.ref`, in
/// Reports) or read back from a record, so no channel names a chart by a string of its own.
/// Kept in a record as its stem.
package struct ChartRef: Hashable, Sendable, Codable {
    /// The file stem under `charts/`.
    package let stem: String

    /// Only `ChartSpec.ref` and a record's decoding make one.
    package init(drawn stem: String) {
        self.stem = stem
    }

    package init(from decoder: Decoder) throws {
        stem = try decoder.singleValueContainer().decode(String.self)
    }

    package func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(stem)
    }
}

/// A chart a report's folder holds, as a later build or a merge needs it without drawing it again:
/// the stem its files share (`charts/back-squat`), its alternative text and its size in points.
package struct DrawnChart: Codable, Sendable, Equatable {
    package var stem: String
    package var alt: String
    package var width: Int
    package var height: Int

    package init(stem: String, alt: String, width: Int, height: Int) {
        self.stem = stem
        self.alt = alt
        self.width = width
        self.height = height
    }
}
