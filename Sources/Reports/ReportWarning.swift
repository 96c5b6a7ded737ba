/// Something a report says without failing: what it is about, its sentence, and the line of an
/// input it was found at, when there is one. Every channel (terminal, pages, e-mail, summaries,
/// `report.json`) shows it as `text`.
public struct ReportWarning: Equatable, Sendable {
    public enum Subject: String, Sendable {
        /// Input left out: a skipped line or row, sets without an estimate, race ids without a summary.
        case leftOut
        /// A figure shown differently from the input: a clamped gauge, an unknown band.
        case shownDifferently
        /// Nothing, or nothing yet, to show: an empty log, a card without races or runners.
        case nothingToShow
        /// The report's e-mail: no recipient.
        case email
        /// Read back from a build's record of the report (the build's ledger, which the summary
        /// reads, a previous manifest, a shard's part), which keeps only the text.
        case recorded
    }

    /// A line of an input, by the input's file name (never a machine's folders).
    public struct Place: Equatable, Sendable {
        public var file: String
        /// 1-based.
        public var line: Int

        public init(file: String, line: Int) {
            self.file = file
            self.line = line
        }
    }

    public var about: Subject
    public var message: String
    public var place: Place?

    public init(_ about: Subject, _ message: String, at place: Place? = nil) {
        self.about = about
        self.message = message
        self.place = place
    }

    /// `file:line: message`, or the message alone.
    public var text: String {
        guard let place else { return message }
        return "\(place.file):\(place.line): \(message)"
    }
}
