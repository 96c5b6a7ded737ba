import GazetteCore

/// What one report came to in a build: its name, warnings, and its error when it failed.
public struct ReportOutcome: Sendable, Equatable {
    public var title: String
    public var slug: String
    public var kind: ReportKind
    public var warnings: [ReportWarning]
    public var error: BuildError? {
        get { errorBox?.error }
        set { errorBox = newValue.map(ErrorBox.init) }
    }
    /// The error held boxed: a build's result holds an outcome for every report (100,000 of them
    /// at the largest), and an error inline made each 240 bytes where few have one.
    private var errorBox: ErrorBox?
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
        self.errorBox = error.map(ErrorBox.init)
        self.headline = headline
        self.summary = summary
    }
}

/// A report's error, boxed (see `ReportOutcome.errorBox`); equal when the errors are.
private final class ErrorBox: Sendable, Equatable {
    let error: BuildError

    init(_ error: BuildError) {
        self.error = error
    }

    static func == (one: ErrorBox, other: ErrorBox) -> Bool {
        one.error == other.error
    }
}
