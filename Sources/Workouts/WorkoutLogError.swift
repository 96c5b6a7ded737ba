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
    public let message: String
    /// The line as written (without its line ending), to quote under the message: all of it, or
    /// for a long line the part `cut` says (`LineCut`), so a line of garbage stays small.
    public let sourceLine: String
    public let cut: LineCut?

    public init(file: String, line: Int, column: Int, message: String, sourceLine: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
        (self.sourceLine, self.cut) = LineCut.quoting(sourceLine, column: column)
    }

    /// `file:line:column: error: message` alone, for one-line summaries.
    public var headline: String { "\(file):\(line):\(column): error: \(message)" }

    /// The headline, then the source line, then a caret under the column.
    public var description: String {
        let caret = TextColumns.caretLine(under: column - (cut?.start ?? 0), of: sourceLine)
        guard let cut else { return "\(headline)\n\(sourceLine)\n\(caret)" }
        return
            "\(headline)\n\(cut.decorate(sourceLine, keptCount: sourceLine.count))\n\(cut.start > 0 ? " " : "")\(caret)"
    }
}

extension WorkoutLogError: LocalizedError {
    /// So `localizedDescription` gives the located message rather than a generic one.
    public var errorDescription: String? { description }
}
