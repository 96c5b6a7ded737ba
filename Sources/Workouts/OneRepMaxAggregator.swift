import Deterministic
import Foundation

/// Reads workout logs and keeps, per exercise and day, only the best estimated 1RM, so memory
/// follows the number of training days, not the number of lines.
///
/// Feed it one or more files with `ingest`, in order, then ask for the `summary()`: files are
/// merged as one log (same exercise name, same day → one daily record), whatever their formats.
/// Line format and rules: SPEC §1.4 and `LogLineParser`; the apps' exports: `Formats/` and
/// docs/guide/workouts.md.
public struct OneRepMaxAggregator: Sendable {
    public let formula: OneRepMaxFormula
    public let invalidLines: InvalidLinePolicy
    /// How files are read: their format, units, warm-ups and exercise names.
    public let log: WorkoutLogOptions

    /// Names as written, interned by their bytes.
    private var names = NameTable()
    /// Parallel to `names.names`: the exercise each written name counts for (several when
    /// `exercise-names:` maps them to one).
    private var exerciseOfName: [Int] = []
    /// The report's exercises, in order of first appearance, with their running figures.
    private var exerciseNames: [String] = []
    private var exerciseIndex: [String: Int] = [:]
    private var tallies: [ExerciseTally] = []
    private var warnings: [WorkoutWarning] = []
    private(set) var leftOut = LeftOutSets()
    /// What the file being read left out, assumed or mended, said when it ends.
    var notes = FileNotes()
    /// The largest `maxReps` of the files read so far.
    private var maxRepsUsed: Int?
    /// The unit every estimate is worked out in: the job's, else the first set's.
    private var reportUnit: WeightUnit?
    /// The unit of the first file's weights where nothing in it says so, for a log without sets.
    private var firstFileUnit: WeightUnit?
    /// Pages of wger's logs read so far, against the total wger said.
    var wgerPages = WgerPages()

    public init(
        formula: OneRepMaxFormula = .brzycki, invalidLines: InvalidLinePolicy = .fail,
        log: WorkoutLogOptions = WorkoutLogOptions()
    ) {
        self.formula = formula
        self.invalidLines = invalidLines
        self.log = log
        reportUnit = log.unit
    }

    // MARK: Input

    /// Reads one file's bytes (UTF-8, LF or CRLF, optional BOM), its format found from its first
    /// line unless the options name it.
    ///
    /// With `.fail`, the first invalid line or row throws, and the aggregator is left as it was before
    /// the call: a file is taken whole or not at all.
    public mutating func ingest(_ bytes: UnsafeRawBufferPointer, file: String) throws(WorkoutLogError) {
        if InputText.needsConverting(bytes) {
            // UTF-16 or CR line ends: read as the converted text, once.
            var text = InputText()
            try ingest(text.convert(Array(bytes), final: true), file: file, text: text)
            return
        }
        try ingest(bytes, file: file, text: nil)
    }

    private mutating func ingest(_ bytes: UnsafeRawBufferPointer, file: String, text: InputText?)
        throws(WorkoutLogError)
    {
        var updated = self
        updated.notes = FileNotes()
        updated.notes.carriageReturnLines = text?.carriageReturnLines == true
        var reading = FileReading()
        _ = try updated.readSome(bytes, file: file, reading: &reading, final: true)
        try updated.finish(reading, file: file)
        self = updated
    }

    private mutating func ingest(_ bytes: [UInt8], file: String, text: InputText) throws(WorkoutLogError) {
        var outcome: Result<Void, WorkoutLogError> = .success(())
        bytes.withUnsafeBytes { raw in
            outcome = Result { () throws(WorkoutLogError) in try ingest(raw, file: file, text: text) }
        }
        try outcome.get()
    }

    public mutating func ingest(_ bytes: [UInt8], file: String) throws(WorkoutLogError) {
        try ingestContiguous(bytes, file: file)
    }

    /// Reads a file from any contiguous bytes, `Data` included.
    public mutating func ingest(_ bytes: some ContiguousBytes, file: String) throws(WorkoutLogError) {
        try ingestContiguous(bytes, file: file)
    }

    /// Reads a log held as text (for instance one made by `WorkoutLogGenerator`).
    public mutating func ingest(_ text: String, file: String) throws(WorkoutLogError) {
        var text = text
        text.makeContiguousUTF8()
        var outcome: Result<Void, WorkoutLogError>?
        text.utf8.withContiguousStorageIfAvailable { buffer in
            outcome = Result { () throws(WorkoutLogError) in try ingest(UnsafeRawBufferPointer(buffer), file: file) }
        }
        if let outcome { try outcome.get() } else { try ingest(Array(text.utf8), file: file) }
    }

    /// Reads one file in pieces, so a large log never has to be held whole: line numbers run on
    /// across pieces and a line split between two pieces is joined. Like `ingest`, the file is
    /// taken whole or not at all.
    public mutating func ingest<Chunks: Sequence>(chunks: Chunks, file: String) throws(WorkoutLogError)
    where Chunks.Element == [UInt8] {
        var updated = self
        updated.notes = FileNotes()
        var pending: [UInt8] = []
        var reading = FileReading()
        var text = InputText()
        // A record longer than a piece is read again from its start with each piece that comes:
        // waiting until the bytes held have doubled keeps that linear (a 30 MB quoted field).
        var readAgainAt = 0
        for chunk in chunks {
            pending += text.convert(chunk, final: false)
            guard pending.count >= readAgainAt else { continue }
            let consumed = try updated.readPiece(pending, file: file, reading: &reading, final: false)
            if consumed > 0 { pending.removeSubrange(..<consumed) }
            readAgainAt = pending.count > Self.heldBeforeDoubling ? 2 * pending.count : 0
        }
        pending += text.convert([], final: true)
        if !pending.isEmpty || !reading.decided {
            _ = try updated.readPiece(pending, file: file, reading: &reading, final: true)
        }
        updated.notes.carriageReturnLines = text.carriageReturnLines == true
        try updated.finish(reading, file: file)
        self = updated
    }

    /// The bytes of an unfinished record held before waiting for twice as many to read it again.
    private static let heldBeforeDoubling = 1 << 20

    private mutating func readPiece(_ piece: [UInt8], file: String, reading: inout FileReading, final: Bool)
        throws(WorkoutLogError) -> Int
    {
        var outcome: Result<Int, WorkoutLogError> = .success(0)
        piece.withUnsafeBytes { raw in
            outcome = Result { () throws(WorkoutLogError) in
                try readSome(raw, file: file, reading: &reading, final: final)
            }
        }
        return try outcome.get()
    }

    private mutating func ingestContiguous(_ bytes: some ContiguousBytes, file: String) throws(WorkoutLogError) {
        // `withUnsafeBytes` rethrows untyped errors, so carry the typed one out in a Result.
        var outcome: Result<Void, WorkoutLogError> = .success(())
        bytes.withUnsafeBytes { raw in
            outcome = Result { () throws(WorkoutLogError) in try ingest(raw, file: file) }
        }
        try outcome.get()
    }

    // MARK: Output

    /// The figures so far. Exercises come in order of first appearance; an exercise whose
    /// every set had 37 reps or more is listed with no days and no best.
    public func summary() -> WorkoutSummary {
        let exercises = zip(exerciseNames, tallies).map { name, tally in tally.record(named: name) }
        return WorkoutSummary(
            formula: formula, exercises: exercises, warnings: warnings + (wgerPages.warning.map { [$0] } ?? []),
            setCount: tallies.reduce(0) { $0 + $1.setCount },
            unit: reportUnit ?? firstFileUnit ?? WorkoutFormat.gazette.defaultUnit, leftOut: leftOut,
            maxReps: maxRepsUsed ?? log.maxReps ?? WorkoutFormat.gazette.defaultMaxReps)
    }

    // MARK: Reading

    /// Reads whole lines; returns how many lines it read. `firstLine` numbers the first of them.
    @discardableResult
    mutating func readLines(
        _ bytes: UnsafeRawBufferPointer, file: String, firstLine: Int = 1,
        allowBOM: Bool = true, unit: WeightUnit
    ) throws(WorkoutLogError) -> Int {
        var position = 0
        if allowBOM && bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF { position = 3 }
        var lineNumber = firstLine - 1
        while position < bytes.count {
            lineNumber += 1
            let lineStart = position
            var lineEnd = Self.lineFeed(in: bytes, from: position)
            position = lineEnd + 1
            if lineEnd > lineStart && bytes[lineEnd - 1] == UInt8(ascii: "\r") { lineEnd -= 1 }

            do throws(LineFault) {
                guard let line = try LogLineParser.parse(bytes, start: lineStart, end: lineEnd) else { continue }
                try add(line, bytes: bytes, file: file, lineNumber: lineNumber, unit: unit)
            } catch {
                let failure = WorkoutLogError(
                    file: file, line: lineNumber,
                    column: Self.column(of: error.offset, lineStart: lineStart, in: bytes),
                    message: error.message,
                    sourceLine: String(
                        decoding: UnsafeRawBufferPointer(rebasing: bytes[lineStart..<lineEnd]), as: UTF8.self))
                switch invalidLines {
                case .fail: throw failure
                case .skip: skip(line: lineNumber, reason: failure.message, row: false)
                }
            }
        }
        return lineNumber - firstLine + 1
    }

    private mutating func add(
        _ line: LogLine, bytes: UnsafeRawBufferPointer, file: String, lineNumber: Int, unit: WeightUnit
    ) throws(LineFault) {
        if Self.isTooLong(name: bytes, start: line.nameStart, end: line.nameEnd) {
            throw LineFault(offset: line.nameStart, message: Self.nameTooLong)
        }
        let exercise: Int
        do throws(NameFault) {
            exercise = try self.exercise(named: bytes, start: line.nameStart, end: line.nameEnd)
        } catch {
            throw LineFault(offset: error.offset, message: error.message ?? "invalid UTF-8")
        }
        record(
            line.set, unit: unit, exercise: exercise, packedDate: line.packedDate, file: file, lineNumber: lineNumber)
    }

    /// The longest exercise name, in characters: a longer one is no lift's name but a broken
    /// file, and would be drawn and written on every page that names it.
    static let longestName = 200
    static let nameTooLong = "the exercise name is longer than \(longestName) characters"

    /// Whether the name written as `bytes[start..<end]` has more than `longestName` characters
    /// (counted only when its bytes could be that many).
    static func isTooLong(name bytes: UnsafeRawBufferPointer, start: Int, end: Int) -> Bool {
        let count = end - start
        if count <= longestName { return false }
        // No character takes more than a few dozen bytes: a longer run is too long uncounted.
        if count > longestName * 32 { return true }
        return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self).count > longestName
    }

    /// Why a name cannot be an exercise's: not UTF-8 (no message: each reader says it its way),
    /// or a control character in it, at its offset.
    struct NameFault: Error {
        var offset: Int
        var message: String?
    }

    /// The exercise a name written as `bytes[start..<end]` counts for. A new name must be UTF-8
    /// without control characters (a NUL or an escape is a broken file, not a lift's name).
    mutating func exercise(named bytes: UnsafeRawBufferPointer, start: Int, end: Int) throws(NameFault) -> Int {
        if let known = names.index(of: bytes, start: start, end: end) { return exerciseOfName[known] }
        for offset in start..<end
        where bytes[offset] < 0x20 && bytes[offset] != UInt8(ascii: "\t") || bytes[offset] == 0x7F {
            let code = String(bytes[offset], radix: 16, uppercase: true)
            throw NameFault(
                offset: offset,
                message:
                    "the exercise name holds a control character (U+\(String(repeating: "0", count: 4 - code.count))\(code))"
            )
        }
        guard names.insert(bytes, start: start, end: end) != nil, let written = names.names.last else {
            throw NameFault(offset: start, message: nil)
        }
        let name = log.exerciseNames[written] ?? written
        if let known = exerciseIndex[name] {
            exerciseOfName.append(known)
            return known
        }
        let added = exerciseNames.count
        exerciseNames.append(name)
        exerciseIndex[name] = added
        tallies.append(ExerciseTally())
        exerciseOfName.append(added)
        return added
    }

    /// Counts one row of sets in `unit`, converted into the report's unit before its estimate.
    mutating func record(
        _ set: SetRecord, unit: WeightUnit, exercise: Int, packedDate: Int, file: String, lineNumber: Int
    ) {
        let target: WeightUnit
        if let reportUnit {
            target = reportUnit
        } else {
            target = unit
            reportUnit = unit
        }
        var set = set
        // A set in another unit keeps its own, so pages show it as it was logged.
        if unit != target {
            set = SetRecord(sets: set.sets, reps: set.reps, weight: set.weight, unit: unit, effort: set.effort)
        }
        tallies[exercise].setCount += set.sets
        tallies[exercise].count(
            sets: set.sets, reps: set.reps, weight: unit == target ? set.weight : unit.convert(set.weight, to: target),
            packedDate: packedDate)
        if set.reps <= notes.maxReps,
            let estimate = formula.estimate(
                weight: unit == target ? set.weight : unit.convert(set.weight, to: target),
                reps: log.effortCounts
                    ? set.effort?.estimatedReps(set.reps, maxReps: notes.maxReps) ?? set.reps : set.reps)
        {
            tallies[exercise].offer(estimate, set: set, packedDate: packedDate)
        } else {
            if notes.longSets.count == 0 { notes.firstLongReps = set.reps }
            notes.longSets.add(lineNumber)
        }
    }

    mutating func warn(_ warning: WorkoutWarning) {
        warnings.append(warning)
    }

    /// Counts a line or row left out under `invalid-lines: skip`.
    mutating func skip(line: Int, reason: String, row: Bool) {
        if notes.skipped.count == 0 {
            notes.firstSkipReason = reason
            notes.skippedRows = row
        }
        notes.skipped.add(line)
    }

    mutating func leaveOut(_ counts: LeftOutSets) {
        leftOut = leftOut + counts
    }

    mutating func noteMaxReps(_ maxReps: Int) {
        maxRepsUsed = max(maxRepsUsed ?? maxReps, maxReps)
    }

    mutating func noteFileUnit(_ unit: WeightUnit) {
        if firstFileUnit == nil { firstFileUnit = unit }
    }

    /// The offset of the next line feed at or after `start`, or the end of the buffer.
    private static func lineFeed(in bytes: UnsafeRawBufferPointer, from start: Int) -> Int {
        guard let base = bytes.baseAddress, start < bytes.count,
            let found = memchr(base + start, Int32(UInt8(ascii: "\n")), bytes.count - start)
        else { return bytes.count }
        return base.distance(to: UnsafeRawPointer(found))
    }

    /// 1-based column of `offset`, counted as every error counts it (`TextColumns`).
    static func column(of offset: Int, lineStart: Int, in bytes: UnsafeRawBufferPointer) -> Int {
        TextColumns.column(ofUTF8Offset: offset, lineStart: lineStart, in: bytes)
    }
}
