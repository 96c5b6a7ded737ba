import ReportFacts

/// A report as a short document: its headline figures once, then a few sections of text, each
/// with at most one chart and one short table. Channels that cannot show the site's pages render
/// it — the e-mail now — so none of them has to take the web page apart.
package struct ReportDigest: Sendable, Equatable {
    package var figures: [DigestFigure]
    package var sections: [DigestSection]
    /// What the site shows beyond the digest, when sections were left out to keep it short.
    package var more: String?
    /// What identifies the message when its words change with the clock alone (a next-to-go
    /// digest's countdowns): these lines stand for the text in its identity. Nil: the text's
    /// figures and words are its identity.
    package var identityLines: [String]?

    package init(
        figures: [DigestFigure], sections: [DigestSection], more: String? = nil, identityLines: [String]? = nil
    ) {
        self.figures = figures
        self.sections = sections
        self.more = more
        self.identityLines = identityLines
    }
}

/// One headline figure: "Score" "514" "out of 700".
package struct DigestFigure: Codable, Sendable, Equatable {
    package var label: String
    package var value: String
    package var detail: String?

    package init(_ label: String, _ value: String, detail: String? = nil) {
        self.label = label
        self.value = value
        self.detail = detail
    }
}

/// One section of a digest: a title, sentences, and optionally a chart (by its `ChartSpec`'s ref)
/// and a short table.
package struct DigestSection: Sendable, Equatable {
    package var title: String
    package var lines: [String]
    package var chart: ChartRef?
    package var table: DataTable?

    package init(title: String, lines: [String], chart: ChartRef? = nil, table: DataTable? = nil) {
        self.title = title
        self.lines = lines
        self.chart = chart
        self.table = table
    }
}
