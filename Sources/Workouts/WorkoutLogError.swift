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
    /// The whole line as written (without its line ending), to quote under the message.
    public let sourceLine: String

    public init(file: String, line: Int, column: Int, message: String, sourceLine: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
        self.sourceLine = sourceLine
    }

    /// `file:line:column: error: message` alone, for one-line summaries.
    public var headline: String { "\(file):\(line):\(column): error: \(message)" }

    /// The headline, then the source line, then a caret under the column.
    public var description: String {
        "\(headline)\n\(sourceLine)\n\(TextColumns.caretLine(under: column, of: sourceLine))"
    }
}

extension WorkoutLogError: LocalizedError {
    /// So `localizedDescription` gives the located message rather than a generic one.
    public var errorDescription: String? { description }
}
