import JSONSupport

/// A format as the error for an unknown shape lists it.
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

/// The error for an input no format reads: the shapes Gazette reads for the kind, the one the
/// input came closest to and what it lacked, and the other kind's option when the input fits it.
enum UnknownShape {
    static func error(_ input: RaceInput, kind: String, readers: [Reader], other: String?) -> RacingDecodingError {
        var lines: [String] = []
        // Text Foundation reads but Gazette does not (a key given twice) is refused for that first,
        // with its place, before any shape is offered or guessed.
        if let syntax = syntaxError(input) { return syntax }
        lines.append("not a \(kind) Gazette reads")
        if let other { lines.append(other) }
        let closest = readers.map { ($0, $0.fit(input)) }.filter { $0.1.score > 0 }.max { $0.1.score < $1.1.score }
        if let (reader, fit) = closest {
            let lacking = fit.lacks.map { "`\($0)`" }.joined(separator: ", ")
            lines.append("closest: `format: \(reader.name)`, \(reader.shape), which lacks \(lacking)")
        }
        let known = readers.map { "`\($0.name)` \($0.shape)" }.joined(separator: "; ")
        lines.append("the shapes read: \(known)")
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

    /// The input's JSON syntax error with its line and column, for an input that is not JSON and
    /// that no format reading other text took.
    private static func syntaxError(_ input: RaceInput) -> RacingDecodingError? {
        do {
            _ = try RacingDecodingError.decode(JSONAny.self, from: input.data)
            return nil
        } catch {
            return error
        }
    }
}

/// Any JSON value: decoding it only checks the syntax.
private struct JSONAny: Decodable {
    init(from decoder: any Decoder) throws {}
}
