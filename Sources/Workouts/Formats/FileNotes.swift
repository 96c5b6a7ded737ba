/// What reading one file left out, assumed or mended, counted as it goes and said when the file
/// ends: one warning per kind with its count and the first three line numbers, so a log with
/// hundreds of long sets gives one line, not hundreds.
struct FileNotes: Sendable {
    /// How many lines of one kind, and the first three of them.
    struct Lines: Sendable {
        var count = 0
        var first: [Int] = []

        mutating func add(_ line: Int) {
            count += 1
            if first.count < 3 { first.append(line) }
        }
    }

    /// Sets with more reps than give an estimate, with the first one's reps and the limit.
    var longSets = Lines()
    var firstLongReps = 0
    var maxReps = OneRepMaxFormula.repLimit - 1
    /// Lines or rows skipped under `invalid-lines: skip`, with why the first was.
    var skipped = Lines()
    var firstSkipReason = ""
    var skippedRows = false
    /// Rows whose name held unquoted commas, with the first name read.
    var mended = Lines()
    var mendedExample = ""
    /// The unit the file's weights were read in when it says none.
    var unitAssumed: WeightUnit?
    var carriageReturnLines = false
    /// Rows that repeat an earlier row byte for byte (StrongLifts' 2016 export), left out.
    var repeatedRows = Lines()
    /// Weights given in kilograms and pounds alike, read in kilograms as the report named no unit.
    var bothUnits = false
    /// The first exercise a file names only by an id (wger's) that `exercise-names:` does not
    /// map, with the line it is on.
    var exerciseByID: (line: Int, name: String)?

    /// The warnings, in the order of their first lines (a file-wide note first).
    func warnings(file: String) -> [WorkoutWarning] {
        var noted: [WorkoutWarning] = []
        if carriageReturnLines { noted.append(WorkoutWarning(file: file, line: 1, reason: .carriageReturnLines)) }
        if let unitAssumed { noted.append(WorkoutWarning(file: file, line: 1, reason: .unitAssumed(unitAssumed))) }
        if bothUnits { noted.append(WorkoutWarning(file: file, line: 1, reason: .bothUnits)) }
        if let (line, name) = exerciseByID {
            noted.append(WorkoutWarning(file: file, line: line, reason: .exercisesByID(example: name)))
        }
        var placed: [WorkoutWarning] = []
        if longSets.count == 1 {
            placed.append(
                WorkoutWarning(
                    file: file, line: longSets.first[0], reason: .noEstimate(reps: firstLongReps, maxReps: maxReps)))
        } else if longSets.count > 1 {
            placed.append(
                WorkoutWarning(
                    file: file, line: longSets.first[0],
                    reason: .noEstimates(count: longSets.count, lines: longSets.first, maxReps: maxReps)))
        }
        if skipped.count == 1 {
            let reason: WorkoutWarning.Reason =
                skippedRows ? .skippedRow(firstSkipReason) : .skippedLine(firstSkipReason)
            placed.append(WorkoutWarning(file: file, line: skipped.first[0], reason: reason))
        } else if skipped.count > 1 {
            placed.append(
                WorkoutWarning(
                    file: file, line: skipped.first[0],
                    reason: .skippedMany(
                        count: skipped.count, lines: skipped.first, rows: skippedRows, firstReason: firstSkipReason)))
        }
        if mended.count > 0 {
            placed.append(
                WorkoutWarning(
                    file: file, line: mended.first[0], reason: .mendedNames(count: mended.count, example: mendedExample)
                ))
        }
        if repeatedRows.count > 0 {
            placed.append(
                WorkoutWarning(
                    file: file, line: repeatedRows.first[0],
                    reason: .repeatedRows(count: repeatedRows.count, lines: repeatedRows.first)))
        }
        return noted + placed.sorted { $0.line < $1.line }
    }
}
