/// Something a report should mention without failing: a set that gets no estimate, or an
/// invalid line skipped under `InvalidLinePolicy.skip`.
public struct WorkoutWarning: Equatable, Sendable {
    public let file: String
    /// 1-based line number.
    public let line: Int
    public let message: String

    public init(file: String, line: Int, message: String) {
        self.file = file
        self.line = line
        self.message = message
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
