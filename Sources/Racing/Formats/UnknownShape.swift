import JSONSupport

/// A format as the errors for an input that fits no shape list it.
struct Reader {
    let name: String
    let shape: String
    let fit: (RaceInput) -> FormatFit

    init(_ reader: any RaceCardReader.Type) {
        name = reader.name
        shape = reader.shape
        fit = reader.fit
    }

    init(_ reader: any NextToGoReader.Type) {
        name = reader.name
        shape = reader.shape
        fit = reader.fit
    }
}

/// The errors for an input no format takes whole: what Gazette reads for the kind, the shape the
/// input came closest to and what it lacked, and the other kind's option when the input fits it.
enum UnknownShape {
    /// How close an input must come to a shape to be read as it, so that the error names the
    /// first fault with its key path (a card with `rides` but no `race_summary`).
    static let closeEnough = 0.5

    /// The reader an input that fits no shape whole comes closest to, when it is close enough to be
    /// read as it; nil otherwise. A syntax fault in the text is thrown first, with its line.
    static func closest(_ input: RaceInput, among readers: [Reader]) throws(RacingDecodingError) -> (Reader, FormatFit)?
    {
        try JSONDocumentDecoding.check(input.data)
        let fits = readers.map { ($0, $0.fit(input)) }.filter { $0.1.score > 0 }
        guard let best = fits.max(by: { $0.1.score < $1.1.score }) else { return nil }
        return best
    }

    /// A reader's fault on an input read as the closest shape, with that shape and the others.
    static func explained(
        _ error: RacingDecodingError, closest: (Reader, FormatFit), readers: [Reader], other: String?
    ) -> RacingDecodingError {
        var lines = [error.message]
        lines.append("read as the closest shape, \(describe(closest))")
        if let other { lines.append(other) }
        lines.append(known(readers))
        return RacingDecodingError(
            keyPath: error.keyPath, message: lines.joined(separator: "\n  "), line: error.line, column: error.column)
    }

    /// The error for an input that comes close to no shape.
    static func error(
        kind: String, closest: (Reader, FormatFit)?, readers: [Reader], other: String?
    ) -> RacingDecodingError {
        var lines = ["not a \(kind) Gazette reads"]
        if let other { lines.append(other) }
        if let closest { lines.append("closest: \(describe(closest))") }
        lines.append(known(readers))
        return RacingDecodingError(keyPath: "", message: lines.joined(separator: "\n  "))
    }

    /// The error with a `fields:` block guessed from the input appended, ready to paste, when a
    /// guess finds one; a guess that could not choose between two candidates says which.
    static func guessing(_ error: RacingDecodingError, _ guess: FieldGuess?, kind: String) -> RacingDecodingError {
        guard let guess else { return error }
        var message = error.message
        message +=
            "\n  if it is a \(kind) of a shape of its own, say where its values are: `fields:` on the report in a "
            + "job file (docs/reference/inputs.md, \"Any other JSON\")"
        message += guess.undecidedNote.map { " (\($0))" } ?? ""
        message += "; a guess from the input:"
        var guessed = RacingDecodingError(
            keyPath: error.keyPath, message: message, line: error.line, column: error.column)
        guessed.hint = guess.yaml
        return guessed
    }

    private static func describe(_ closest: (Reader, FormatFit)) -> String {
        let (reader, fit) = closest
        let lacking = fit.lacks.map { "`\($0)`" }.joined(separator: ", ")
        return "`format: \(reader.name)`, \(reader.shape)" + (lacking.isEmpty ? "" : ", which lacks \(lacking)")
    }

    private static func known(_ readers: [Reader]) -> String {
        // Names only: a dozen shapes described would make a line no one reads (and errors are cut).
        "the formats read (docs/reference/inputs.md describes each): "
            + readers.map(\.name).joined(separator: ", ")
    }
}
