/// Something a report should mention without failing: sets that get no estimate, invalid lines
/// skipped under `InvalidLinePolicy.skip`, a unit assumed, rows mended. Each kind is one warning
/// per file, with a count and the first lines (`FileNotes`), so a long log never lists them all.
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
        /// Several lines or rows of one file skipped: how many, the first three's numbers, and
        /// why the first could not be read.
        case skippedMany(count: Int, lines: [Int], rows: Bool, firstReason: String)
        /// A set with more reps than give an estimate (`maxReps`).
        case noEstimate(reps: Int, maxReps: Int)
        /// Several such sets in one file: how many and the first three's line numbers.
        case noEstimates(count: Int, lines: [Int], maxReps: Int)
        /// The file does not say its weights' unit, so they were read in this one.
        case unitAssumed(WeightUnit)
        /// Rows whose exercise name held unquoted commas, read with the commas in the name.
        case mendedNames(count: Int, example: String)
        /// The file's lines end in a lone CR, each read as a line end.
        case carriageReturnLines
        /// Rows that repeat an earlier row whole, left out: how many and the first three's lines.
        case repeatedRows(count: Int, lines: [Int])
        /// The file gives every weight in kilograms and in pounds, and the report names no unit:
        /// read in kilograms.
        case bothUnits
        /// The file names its exercises only by their ids in the app (wger's): the first one
        /// `exercise-names:` does not map, as the report names it (`wger exercise 123`).
        case exercisesByID(example: String)
        /// Pages of wger's logs that hold fewer logs than wger said it has (`count`).
        case morePages(read: Int, count: Int)
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
        case let .skippedMany(count, lines, rows, why):
            message =
                "skipped \(count) invalid \(rows ? "rows" : "lines") (\(Self.lines(lines, of: count))); "
                + "line \(lines[0]): \(why)"
        case let .noEstimate(reps, maxReps): message = "reps \(reps) ≥ \(maxReps + 1): no 1RM estimate"
        case let .noEstimates(count, lines, maxReps):
            message =
                "left out \(count) sets of more than \(maxReps) reps (\(Self.lines(lines, of: count))): no estimate"
        case let .unitAssumed(unit):
            let other: WeightUnit = unit == .kg ? .lb : .kg
            message =
                "\(file) does not say its weight unit: read as \(unit.rawValue); "
                + "set `weights-in: \(other.rawValue)` on the report if the app recorded \(other.rawValue)"
        case let .mendedNames(count, example):
            message =
                "\(count) row\(count == 1 ? "" : "s") had unquoted commas in the exercise name; read as `\(example)`"
        case .carriageReturnLines:
            message = "the file's lines end in a lone CR (classic Mac OS): each CR read as a line end"
        case let .repeatedRows(count, lines):
            message =
                "left out \(count) repeated row\(count == 1 ? "" : "s") (\(Self.lines(lines, of: count))): "
                + "each row that repeats an earlier one whole is counted once"
        case .bothUnits:
            message = "both kg and lb are in the file; read in kg, set `unit: lb` for pounds"
        case let .exercisesByID(example):
            message =
                "\(file) names its exercises only by their wger ids (such as `\(example)`): their names are not in "
                + "the file; map them on the report with `exercise-names:`, e.g. `\"\(example)\": Bench Press`"
        case let .morePages(read, count):
            message =
                "\(file) is a page of wger's logs: the files hold \(read) of the \(count) logs wger has; save every "
                + "page (`next` names the next one) or ask for them all at once with `?limit=\(count)`"
        }
    }

    /// `lines 570, 3726, 3727, …` (or `line 570`): at most the first three numbers.
    public static func lines(_ lines: [Int], of count: Int) -> String {
        let listed = lines.map(String.init).joined(separator: ", ") + (count > lines.count ? ", …" : "")
        return (count == 1 ? "line " : "lines ") + listed
    }

    /// Warnings are equal when they say the same thing at the same place, however they were made.
    public static func == (lhs: WorkoutWarning, rhs: WorkoutWarning) -> Bool {
        lhs.file == rhs.file && lhs.line == rhs.line && lhs.message == rhs.message
    }

    /// `file:line: message`, as listed in a report's warnings.
    public var text: String { "\(file):\(line): \(message)" }
}

/// What to do with a line that cannot be read.
public enum InvalidLinePolicy: String, Sendable, Encodable {
    /// Stop at the first invalid line and throw its `WorkoutLogError`.
    case fail
    /// Leave the line out, record a `WorkoutWarning` naming it, and go on.
    case skip
}
