/// Something a report should mention without failing: a set that gets no estimate, or an
/// invalid line skipped under `InvalidLinePolicy.skip`.
public struct WorkoutWarning: Equatable, Sendable {
    public let file: String
    /// 1-based line number.
    public let line: Int
    public let message: String
    /// What the warning is about, with its figures, for a reader's language to say; nil for a
    /// warning made from its message alone.
    public let reason: Reason?

    /// What a warning is about.
    public enum Reason: Equatable, Sendable {
        /// A line skipped under `InvalidLinePolicy.skip`, with why it could not be read.
        case skippedLine(String)
        /// A row of a table format skipped under `InvalidLinePolicy.skip`, with why.
        case skippedRow(String)
        /// A set with too many reps for an estimate.
        case noEstimate(reps: Int)
    }

    public init(file: String, line: Int, message: String) {
        self.file = file
        self.line = line
        self.message = message
        reason = nil
    }

    /// A warning about `reason`, its message in English.
    public init(file: String, line: Int, reason: Reason) {
        self.file = file
        self.line = line
        self.reason = reason
        switch reason {
        case .skippedLine(let why): message = "skipped invalid line: \(why)"
        case .skippedRow(let why): message = "skipped invalid row: \(why)"
        case .noEstimate(let reps): message = "reps \(reps) ≥ \(OneRepMaxFormula.repLimit): no 1RM estimate"
        }
    }

    /// Warnings are equal when they say the same thing at the same place, however they were made.
    public static func == (lhs: WorkoutWarning, rhs: WorkoutWarning) -> Bool {
        lhs.file == rhs.file && lhs.line == rhs.line && lhs.message == rhs.message
    }

    /// `file:line: message`, as listed in a report's warnings.
    public var text: String { "\(file):\(line): \(message)" }
}

/// What to do with a line that cannot be read.
public enum InvalidLinePolicy: String, Sendable {
    /// Stop at the first invalid line and throw its `WorkoutLogError`.
    case fail
    /// Leave the line out, record a `WorkoutWarning` naming it, and go on.
    case skip
}
