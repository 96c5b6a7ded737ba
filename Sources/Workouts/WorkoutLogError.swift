import Foundation
import Deterministic

/// A line of a workout log that cannot be read, located the way compilers locate errors.
public struct WorkoutLogError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file name as given to the aggregator.
    public let file: String
    /// 1-based line number.
    public let line: Int
    /// 1-based column, in characters, of the start of the offending field.
    public let column: Int
    /// What is wrong, naming the field: `reps must be a whole number ≥ 1`.
    public internal(set) var message: String
    /// The line as written (without its line ending), to quote under the message: all of it, or
    /// for a long line the part `cut` says (`LineCut`), so a line of garbage stays small.
    public let sourceLine: String
    public let cut: LineCut?
    /// Lines to print after the quoted line: a fix ready to paste (a guessed `columns:` block).
    public internal(set) var hint: String?

    public init(file: String, line: Int, column: Int, message: String, sourceLine: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
        (self.sourceLine, self.cut) = LineCut.quoting(sourceLine, column: column)
    }

    /// `file:line:column: error: message` alone, for one-line summaries.
    public var headline: String { "\(file):\(line):\(column): error: \(message)" }

    /// The headline, then the source line, then a caret under the column, then the hint.
    public var description: String {
        let caret = TextColumns.caretLine(under: column - (cut?.start ?? 0), of: sourceLine)
        let place =
            cut.map { "\($0.decorate(sourceLine, keptCount: sourceLine.count))\n\($0.start > 0 ? " " : "")\(caret)" }
            ?? "\(sourceLine)\n\(caret)"
        return "\(headline)\n\(place)" + (hint.map { "\n\($0)" } ?? "")
    }
}

extension WorkoutLogError: LocalizedError {
    /// So `localizedDescription` gives the located message rather than a generic one.
    public var errorDescription: String? { description }
}
