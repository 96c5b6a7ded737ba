import Foundation
import JSONSupport

/// A JSON file: wger's workout logs as its REST API answers `/api/v2/workoutlog/`, either a list
/// of logs or a page of them (`{"count": …, "next": …, "results": [ … ]}`). The file is held
/// whole and read at its end: JSON is checked as a whole before a value is taken from it, and
/// the API's pages are small (20 logs, or as many as `?limit=` asks).
extension OneRepMaxAggregator {
    /// What a JSON file must be for Gazette to read it, for the error about one that is not.
    static let wgerShapes =
        "the JSON Gazette reads is wger's workout logs as its API gives them (`/api/v2/workoutlog/`): "
        + "a list of logs, each with `date`, `exercise`, `repetitions` and `weight`, or a page of them, "
        + "`{\"count\": …, \"next\": …, \"results\": [ … ]}`"

    /// Reads the whole JSON file in `bytes`.
    mutating func readWgerLogs(_ bytes: UnsafeRawBufferPointer, file: String) throws(WorkoutLogError) {
        let start = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF ? 3 : 0
        if let fault = JSONSyntaxLocator.firstError(in: Data(bytes)) {
            throw failure(
                file: file, line: 1, at: fault.offset, lineStart: start, in: bytes,
                message: "the file starts as JSON but is not valid JSON: \(fault.reason)")
        }
        var reading = WgerFileReading(scanner: JSONScanner(bytes, at: start), lines: LineCursor(start: start))
        _ = reading.scanner.peek()
        let top = reading.scanner.offset
        if reading.scanner.peek() == UInt8(ascii: "[") {
            try readWgerList(&reading, file: file)
            return
        }
        var total: Int?
        var hasNext = false
        var found = false
        _ = reading.scanner.take("{")
        var first = true
        while let key = reading.scanner.nextKey(first: first) {
            first = false
            if reading.scanner.isKey(key, "results"), reading.scanner.peek() == UInt8(ascii: "[") {
                try readWgerList(&reading, file: file)
                found = true
                continue
            }
            let value = reading.scanner.value()
            if reading.scanner.isKey(key, "count"), value.kind == .number {
                total = Int(String(decoding: UnsafeRawBufferPointer(rebasing: bytes[value.range]), as: UTF8.self))
            } else if reading.scanner.isKey(key, "next") {
                hasNext = value.kind == .string
            }
        }
        guard found else { throw notWgerLogs("the JSON object has no `results` list of logs", at: top, file, bytes) }
        wgerPages.add(file: file, read: reading.logs, total: total, hasNext: hasNext)
    }

    /// The logs of the list the scanner is at. Its first entry must be a log (else the file is
    /// no log of wger's); a later entry that is not one is a fault at its place.
    private mutating func readWgerList(_ reading: inout WgerFileReading, file: String) throws(WorkoutLogError) {
        let bytes = reading.scanner.bytes
        _ = reading.scanner.take("[")
        var first = true
        while reading.scanner.nextMember(closing: "]", first: first) {
            _ = reading.scanner.peek()
            let start = reading.scanner.offset
            let log = WgerLog(&reading.scanner)
            reading.lines.advance(to: start, in: bytes)
            let line = reading.lines.line
            if first, !(log?.isLog ?? false) {
                throw notWgerLogs(
                    "the first entry is not a workout log (no `date` and `exercise`)", at: start, file, bytes)
            }
            first = false
            reading.logs += 1
            do throws(CellFault) {
                guard let log, log.isLog else {
                    throw CellFault(offset: start, message: "the entry is not a workout log (no `date` and `exercise`)")
                }
                try readWgerLog(log, reading.scanner, file: file, line: line)
            } catch {
                reading.lines.advance(to: error.offset, in: bytes)
                switch invalidLines {
                case .fail:
                    throw failure(
                        file: file, line: reading.lines.line, at: error.offset, lineStart: reading.lines.lineStart,
                        in: bytes, message: error.message)
                case .skip: skip(line: reading.lines.line, reason: error.message, row: true)
                }
            }
        }
    }

    /// The error for JSON that holds no logs of wger's, at `offset`, saying what JSON is read.
    private func notWgerLogs(_ why: String, at offset: Int, _ file: String, _ bytes: UnsafeRawBufferPointer)
        -> WorkoutLogError
    {
        let start = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF ? 3 : 0
        return failure(
            file: file, line: 1, at: offset, lineStart: start, in: bytes, message: "\(why): \(Self.wgerShapes)")
    }

    /// One log: a set of its exercise, named by its id, or left out and counted.
    private mutating func readWgerLog(_ entry: WgerLog, _ scanner: JSONScanner, file: String, line: Int)
        throws(CellFault)
    {
        let set: WgerLog.LoggedSet
        switch try entry.read(scanner) {
        case let .leftOut(counts): return leaveOut(counts)
        case let .set(read): set = read
        }
        let offset = entry.exercise?.range.lowerBound ?? entry.start
        var outcome: Result<Int, NameFault> = .failure(NameFault(offset: offset))
        set.name.withUnsafeBytes { raw in
            outcome = Result { () throws(NameFault) in try exercise(named: raw, start: 0, end: raw.count) }
        }
        let counted: Int
        do { counted = try outcome.get() } catch {
            throw CellFault(offset: offset, message: error.message ?? "`exercise` is not UTF-8 text")
        }
        let written = String(decoding: set.name, as: UTF8.self)
        if notes.exerciseByID == nil && log.exerciseNames[written] == nil {
            notes.exerciseByID = (line, written)
        }
        record(
            SetRecord(sets: 1, reps: set.reps, weight: set.weight, effort: set.effort), unit: set.unit,
            exercise: counted, packedDate: set.packedDate, file: file, lineNumber: line)
    }
}

/// Where the reading of a JSON file stands: the scanner, the line it is on, the logs counted.
private struct WgerFileReading {
    var scanner: JSONScanner
    var lines: LineCursor
    var logs = 0
}

/// The line of an offset, found by going forward only: a file's logs and faults come in order,
/// so their lines cost one pass over the file, however many there are.
struct LineCursor {
    private var offset: Int
    private(set) var line = 1
    private(set) var lineStart: Int

    init(start: Int) {
        offset = start
        lineStart = start
    }

    mutating func advance(to target: Int, in bytes: UnsafeRawBufferPointer) {
        guard target > offset else { return }
        while let lineFeed = CSVRecordReader.find(UInt8(ascii: "\n"), in: bytes, from: offset), lineFeed < target {
            line += 1
            lineStart = lineFeed + 1
            offset = lineFeed + 1
        }
        offset = target
    }
}
