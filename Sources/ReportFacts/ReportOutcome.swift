import GazetteCore

/// What one report came to in a build: its name, warnings, and its error when it failed.
public struct ReportOutcome: Sendable, Equatable {
    public var title: String
    public var slug: String
    public var kind: ReportKind
    public var warnings: [ReportWarning]
    public var error: BuildError?
    /// The front page's headline figure ("514 out of 700"), when built.
    public var headline: String?
    /// The report in a few plain-text lines, when built.
    public var summary: [String] = []

    public init(
        title: String, slug: String, kind: ReportKind, warnings: [ReportWarning], error: BuildError?,
        headline: String? = nil, summary: [String] = []
    ) {
        self.title = title
        self.slug = slug
        self.kind = kind
        self.warnings = warnings
        self.error = error
        self.headline = headline
        self.summary = summary
    }
}
