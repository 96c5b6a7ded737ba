import GazetteCore

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
        /// The report's history of earlier builds could not be read: it starts afresh.
        case history
        /// The report's data is past its cadence's warn-after: no new data came.
        case stale
        /// Read back from a build's record of the report (the build's ledger, which the summary
        /// reads, a previous manifest, a shard's part), which keeps only the text.
        case recorded
    }

    /// A line of an input, or the input as a whole, by the input's file name (never a machine's
    /// folders): what a CI annotation points at.
    public struct Place: Equatable, Sendable {
        public var file: String
        /// 1-based; nil when the warning is about the file as a whole (a clamped score).
        public var line: Int?

        public init(file: String, line: Int?) {
            self.file = file
            self.line = line
        }
    }

    public var about: Subject
    public var message: String
    public var place: Place?
    /// The sentence in the user's words (the job's), when the report's readers read another
    /// language: the terminal and the summaries print it, never a page (issue 39, item 5).
    public var userMessage: String?

    public init(_ about: Subject, _ message: String, at place: Place? = nil) {
        self.about = about
        self.message = message
        self.place = place
    }

    /// `file:line: message`, or the message alone (a report of one input needs no file named).
    public var text: String { Self.text(message, at: place) }

    /// `text` in the user's words: what the terminal and the summaries print.
    public var userText: String { Self.text(userMessage ?? message, at: place) }

    private static func text(_ message: String, at place: Place?) -> String {
        guard let place, let line = place.line else { return message }
        return "\(place.file):\(line): \(message)"
    }

    /// The warning tied to `source`'s file when it is tied to nothing yet: for the warnings of a
    /// report read from one input (a credit report, a race card, a feed), so CI can point at it.
    /// Only a file is a place; a URL or the demo's sample data is not.
    public func placed(in source: Source) -> ReportWarning {
        guard place == nil, case .file = source else { return self }
        var placed = self
        placed.place = Place(file: source.displayName, line: nil)
        return placed
    }
}

/// A record keeps a warning's sentence and its line (`{"message", "file", "line"}`, and
/// `userMessage` when the user reads another language than the report's readers); read back, it
/// is `recorded`, since what it was about is not kept.
extension ReportWarning: Codable {
    private enum CodingKeys: String, CodingKey { case message, file, line, userMessage }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let message = try container.decode(String.self, forKey: .message)
        let file = try container.decodeIfPresent(String.self, forKey: .file)
        let line = try container.decodeIfPresent(Int.self, forKey: .line)
        self.init(.recorded, message, at: file.map { Place(file: $0, line: line) })
        userMessage = try container.decodeIfPresent(String.self, forKey: .userMessage)
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(message, forKey: .message)
        try container.encodeIfPresent(place?.file, forKey: .file)
        try container.encodeIfPresent(place?.line, forKey: .line)
        try container.encodeIfPresent(userMessage, forKey: .userMessage)
    }
}
