import Deterministic
import Foundation

/// Reading one file whatever its format: the line format as before, or the rows of an app's
/// export, found from the first line and read in pieces (a record never has to be whole in one).
extension OneRepMaxAggregator {
    private static let lineFeed = UInt8(ascii: "\n")

    /// Reads what it can of `bytes`, the file from where the last call stopped; returns how many
    /// bytes it took. The rest (a line or record not yet ended) comes again with the next piece,
    /// or with `final` at the end of the file.
    mutating func readSome(
        _ bytes: UnsafeRawBufferPointer, file: String, reading: inout FileReading,
        final: Bool
    ) throws(WorkoutLogError) -> Int {
        var start = 0
        if !reading.decided {
            guard let headerEnd = try decide(bytes, file: file, reading: &reading, final: final) else { return 0 }
            start = headerEnd
        }
        switch reading.mode {
        case .undecided:
            return 0
        case .lines:
            return try readLinePiece(bytes, file: file, reading: &reading, final: final)
        case let .rows(layout):
            let consumed = try readRows(bytes, from: start, layout: layout, file: file, reading: &reading, final: final)
            reading.first = false
            return consumed
        case .sections:
            let consumed = try readSections(bytes, from: start, file: file, reading: &reading, final: final)
            reading.first = false
            return consumed
        case .blocks:
            let consumed = try readBlocks(bytes, from: start, file: file, reading: &reading, final: final)
            reading.first = false
            return consumed
        case .strongLifts:
            let consumed = try readStrongLifts(bytes, from: start, file: file, reading: &reading, final: final)
            reading.first = false
            return consumed
        case .json:
            guard final else { return 0 }
            try readWgerLogs(bytes, file: file)
            return bytes.count
        }
    }

    /// Whole lines in the line format, as the reader always read them.
    private mutating func readLinePiece(
        _ bytes: UnsafeRawBufferPointer, file: String, reading: inout FileReading,
        final: Bool
    ) throws(WorkoutLogError) -> Int {
        var end = bytes.count
        if !final {
            while end > 0 && bytes[end - 1] != Self.lineFeed { end -= 1 }
            guard end > 0 else { return 0 }
        }
        let piece = UnsafeRawBufferPointer(rebasing: bytes[0..<end])
        reading.line += try readLines(
            piece, file: file, firstLine: reading.line, allowBOM: reading.first, unit: reading.fileUnit)
        reading.first = false
        return end
    }

    /// Ends a file: a JEFIT file must have held its sets' section; what the file left out,
    /// assumed or mended becomes its warnings.
    mutating func finish(_ reading: FileReading, file: String) throws(WorkoutLogError) {
        if case let .sections(jefit) = reading.mode { try jefit.checkFound(file: file) }
        if case let .strongLifts(state) = reading.mode { try finishStrongLifts(state) }
        noteFileUnit(reading.fileUnit)
        if reading.decided { noteMaxReps(notes.maxReps) }
        for warning in notes.warnings(file: file) { warn(warning) }
    }

    // MARK: The format, from the first line

    /// Settles the file's format once its first non-blank line is whole: returns where reading
    /// goes on (after the header of a CSV file, at the start for lines), or nil to wait for more.
    private mutating func decide(
        _ bytes: UnsafeRawBufferPointer, file: String, reading: inout FileReading,
        final: Bool
    ) throws(WorkoutLogError) -> Int? {
        if case .named(.gazette) = log.format { return decideLines(&reading) }
        guard let opening = Self.firstCharacter(bytes, reading: reading, final: final) else { return nil }
        if let opening, bytes[opening] == UInt8(ascii: "{") || bytes[opening] == UInt8(ascii: "[") {
            return try decideJSON(bytes, at: opening, file: file, reading: &reading, final: final)
        }
        guard let first = try firstLine(bytes, file: file, reading: reading, final: final) else { return nil }
        guard let (position, line) = first else { return decideLines(&reading) }  // Nothing but blank lines.
        let lineEnd = CSVRecordReader.find(Self.lineFeed, in: bytes, from: position) ?? bytes.count
        if lineEnd - position > Self.longestFirstLine {
            throw firstLineTooLong(bytes, from: position, file: file, line: line)
        }
        if case .named(.wger) = log.format {
            throw failure(
                file: file, line: line, at: position, lineStart: position, in: bytes,
                message: "a wger file is JSON, starting with `[` or `{`: \(Self.wgerShapes)")
        }
        if SetgraphShare.starts(bytes, position, lineEnd) {
            throw failure(
                file: file, line: line, at: position, lineStart: position, in: bytes, message: SetgraphShare.refusal)
        }
        if Self.isBanner(bytes, position, lineEnd) {
            switch log.format {
            case .auto, .named(.jefit): return decideSections(&reading, line: line, start: position)
            default: break
            }
        } else if case .named(.jefit) = log.format {
            throw failure(
                file: file, line: line, at: position, lineStart: position, in: bytes,
                message: "a jefit file starts with a section's banner such as `### SETTING ####`")
        }
        if case .auto = log.format, Self.looksLikeLogLine(bytes, position, lineEnd) { return decideLines(&reading) }
        switch log.format {
        case .auto, .named(.alphaProgression):
            switch AlphaReading.scan(bytes, from: position, final: final) {
            case .wait: return nil
            case let .found(delimiter): return decideBlocks(&reading, line: line, start: position, delimiter: delimiter)
            case .none:
                if case .named = log.format {
                    throw failure(
                        file: file, line: line, at: position, lineStart: position, in: bytes,
                        message: "an alpha-progression file has a `#,KG,REPS` line over each exercise's sets")
                }
            }
        default: break
        }
        return try decideRows(
            bytes, file: file, line: line, at: position, lineEnd: lineEnd, reading: &reading, final: final)
    }

    /// Where the first byte that is not white space is: nil to wait for more bytes, `.some(nil)`
    /// when the file holds nothing else. A JSON file is known by it (`{` or `[`) before its first
    /// line ends: a page of the API is one long line.
    private static func firstCharacter(_ bytes: UnsafeRawBufferPointer, reading: FileReading, final: Bool) -> Int?? {
        var position = 0
        if reading.first && bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF {
            position = 3
        }
        while position < bytes.count, CellReader.isSpace(bytes[position]) || bytes[position] == Self.lineFeed {
            position += 1
        }
        if position < bytes.count { return .some(position) }
        return final ? .some(nil) : nil
    }

    /// A JSON file: wger's logs, read whole at the end of the file. Any other format named for it
    /// is an error saying what the file is.
    private mutating func decideJSON(
        _ bytes: UnsafeRawBufferPointer, at position: Int, file: String, reading: inout FileReading, final: Bool
    ) throws(WorkoutLogError) -> Int? {
        switch log.format {
        case .auto where log.columns == nil, .named(.wger): break
        default:
            let named = log.columns == nil ? log.format.name : WorkoutFormat.csv.rawValue
            let message = "the file is JSON, not a \(named) file; \(Self.wgerShapes), read as `format: wger`"
            guard let error = jsonFault(bytes, at: position, file: file, line: reading.line, final: final, message)
            else { return nil }
            throw error
        }
        reading.mode = .json
        reading.fileUnit = log.weightsIn ?? log.unit ?? WorkoutFormat.wger.defaultUnit
        notes.maxReps = log.maxReps ?? WorkoutFormat.wger.defaultMaxReps
        return 0
    }

    /// The error at the first character of a JSON file, quoting at most the start of its line
    /// (a page of an API is one long line): nil to wait until that much has come, so a file read
    /// in pieces is quoted as one read whole.
    private func jsonFault(
        _ bytes: UnsafeRawBufferPointer, at position: Int, file: String, line first: Int, final: Bool,
        _ message: String
    ) -> WorkoutLogError? {
        var lineStart = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF ? 3 : 0
        var line = first
        while let lineFeed = CSVRecordReader.find(Self.lineFeed, in: bytes, from: lineStart), lineFeed < position {
            lineStart = lineFeed + 1
            line += 1
        }
        let shownEnd = min(bytes.count, position + 4 * LineCut.width)
        let lineEnd = CSVRecordReader.find(Self.lineFeed, in: bytes, from: position).map { min($0, shownEnd) }
        guard let end = lineEnd ?? (final || shownEnd < bytes.count ? shownEnd : nil) else { return nil }
        var quoted = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[lineStart..<end]), as: UTF8.self)
        quoted = String(quoted.prefix(LineCut.width)).trimmingCharacters(in: ["\r"])
        return WorkoutLogError(
            file: file, line: line, column: Self.column(of: position, lineStart: lineStart, in: bytes),
            message: message, sourceLine: quoted)
    }

    /// Where the first line with anything on it starts, and its number: nil to wait for more
    /// bytes, `.some(nil)` when the file holds nothing but blank lines.
    private func firstLine(_ bytes: UnsafeRawBufferPointer, file: String, reading: FileReading, final: Bool)
        throws(WorkoutLogError) -> (position: Int, line: Int)??
    {
        var position = 0
        if reading.first && bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF {
            position = 3
        }
        var line = reading.line
        while true {
            let lineFeed = CSVRecordReader.find(Self.lineFeed, in: bytes, from: position)
            if lineFeed == nil && !final {
                guard bytes.count - position > Self.longestFirstLine else { return nil }
                throw firstLineTooLong(bytes, from: position, file: file, line: line)
            }
            if !Self.isBlank(bytes, position, lineFeed ?? bytes.count) { return .some((position, line)) }
            guard let lineFeed else { return .some(nil) }
            position = lineFeed + 1
            line += 1
        }
    }

    /// A CSV file: its header read, its format found (or named) and its columns laid out.
    private mutating func decideRows(
        _ bytes: UnsafeRawBufferPointer, file: String, line: Int, at position: Int, lineEnd: Int,
        reading: inout FileReading, final: Bool
    ) throws(WorkoutLogError) -> Int? {
        let delimiter = Self.delimiter(bytes, position, lineEnd)
        let header: CSVRecordReader.Record?
        do {
            header = try CSVRecordReader.next(
                bytes, from: position, delimiter: delimiter, into: &reading.fields, final: final)
        } catch {
            throw failure(
                file: file, line: line, at: error.offset, lineStart: position, in: bytes, message: error.message)
        }
        guard let header else { return nil }
        let names = reading.fields.map { field in
            String(decoding: CSVRecordReader.decode(field, in: bytes), as: UTF8.self)
                .trimmingCharacters(in: [" ", "\t", "\r"])
        }
        // A CRLF header is quoted without its CR.
        let shownEnd = lineEnd > position && bytes[lineEnd - 1] == UInt8(ascii: "\r") ? lineEnd - 1 : lineEnd
        let written = Self.shown(
            String(decoding: UnsafeRawBufferPointer(rebasing: bytes[position..<shownEnd]), as: UTF8.self))
        func fault(_ message: String) -> WorkoutLogError {
            failure(file: file, line: line, at: position, lineStart: position, in: bytes, message: message)
        }
        guard
            let (format, shape) = try headerFormat(
                names, written: written, bytes, after: header.next, delimiter: delimiter, fields: &reading.fields,
                final: final, fault: fault)
        else { return nil }
        if format == .stronglifts {
            guard let layout = StrongLiftsLayout(headers: names) else {
                throw fault("\(StrongLiftsLayout.expected) (the header is `\(written)`)")
            }
            return decideStrongLifts(layout, delimiter: delimiter, line: line, header: header, reading: &reading)
        }
        let fallback =
            (format == .csv ? log.columns?.weightUnit : nil) ?? log.weightsIn ?? log.unit ?? format.defaultUnit
        let layout: ColumnLayout
        do {
            layout = try ColumnLayout.make(
                format, headers: names, delimiter: delimiter, columns: log.columns, strongShape: shape,
                fallbackUnit: fallback)
        } catch {
            throw fault("\(error.message) (the header is `\(written)`)")
        }
        reading.fileUnit = fallback
        if case let .fixed(unit) = layout.unit { reading.fileUnit = unit }
        if !layout.unitSaid && log.weightsIn == nil { notes.unitAssumed = fallback }
        notes.maxReps = log.maxReps ?? format.defaultMaxReps
        reading.mode = .rows(layout)
        reading.line = line + header.lineFeeds
        return header.next
    }

    /// The format a header names: the report's, `csv` with `columns:`, else the one its names
    /// belong to; where the names do not tell, Strong's shape when the first rows fit one (Strong
    /// in another language), else an error offering a `columns:` mapping to paste. Nil to wait
    /// for more bytes.
    private func headerFormat(
        _ names: [String], written: String, _ bytes: UnsafeRawBufferPointer, after start: Int, delimiter: UInt8,
        fields: inout [CSVField], final: Bool, fault: (String) -> WorkoutLogError
    ) throws(WorkoutLogError) -> (WorkoutFormat, StrongLayout?)? {
        var known: WorkoutFormat?
        if case let .named(named) = log.format {
            known = named
        } else if log.columns != nil {
            known = .csv
        } else {
            known = ColumnLayout.detect(names)
        }
        if let known, known != .strong || ColumnLayout.hasStrongNames(names) { return (known, nil) }
        guard let sample = SampleRows.read(bytes, from: start, delimiter: delimiter, fields: &fields, final: final)
        else { return nil }
        let shape = StrongLayout.recognised(headers: names, sample: sample)
        if let known { return (known, shape) }
        guard let shape else {
            var error = fault("the header `\(written)` matches no workout format Gazette knows: \(WorkoutFormat.known)")
            let repeated = ColumnGuess.repeatedNames(names)
            if !repeated.isEmpty {
                // One group of columns per exercise: no one table of sets, so no block is offered.
                error.message +=
                    ". Its column names repeat (\(repeated.prefix(4).map { "`\($0)`" }.joined(separator: ", "))): "
                    + "a row holds one group of columns per exercise, which a `columns:` block cannot describe"
            } else if let guess = ColumnGuess(headers: names, sample: sample) {
                error.message +=
                    ". If it is a spreadsheet of sets, name its columns: `columns:` on the report in a job file, "
                    + "`--columns` or `--columns-from` with `--workouts`, or `gazette init --from` the file for a "
                    + "job that carries them"
                error.message += guess.undecidedNote.map { " (\($0))" } ?? ""
                error.message += ":"
                error.hint = guess.yaml
            }
            throw error
        }
        return (.strong, shape)
    }

    /// A StrongLifts file: its rows read by their groups of columns, each set in the unit its
    /// column says, its dates as the report's `date-format:` or the header says, else as the
    /// file's dates show.
    private mutating func decideStrongLifts(
        _ layout: StrongLiftsLayout, delimiter: UInt8, line: Int, header: CSVRecordReader.Record,
        reading: inout FileReading
    ) -> Int {
        var days = layout.headerDates
        if case .perExercise = layout.rows, days == nil { days = .automatic }
        if let pattern = log.dateFormat, let reader = DayReader(pattern: pattern) { days = reader }
        reading.mode = .strongLifts(StrongLiftsReading(layout: layout, delimiter: delimiter, days: days))
        reading.fileUnit = log.unit ?? WorkoutFormat.stronglifts.defaultUnit
        notes.maxReps = log.maxReps ?? WorkoutFormat.stronglifts.defaultMaxReps
        reading.line = line + header.lineFeeds
        return header.next
    }

    private mutating func decideLines(_ reading: inout FileReading) -> Int {
        reading.mode = .lines
        reading.fileUnit = log.weightsIn ?? log.unit ?? WorkoutFormat.gazette.defaultUnit
        notes.maxReps = log.maxReps ?? WorkoutFormat.gazette.defaultMaxReps
        return 0
    }

    /// A JEFIT file: read from its first banner on, in the unit its `SETTING` will say (until
    /// then the job's, else the format's).
    private mutating func decideSections(_ reading: inout FileReading, line: Int, start: Int) -> Int {
        reading.mode = .sections(JefitReading())
        reading.fileUnit = log.weightsIn ?? log.unit ?? WorkoutFormat.jefit.defaultUnit
        reading.line = line
        notes.maxReps = log.maxReps ?? WorkoutFormat.jefit.defaultMaxReps
        // Until `SETTING` says the unit, the weights are in one nobody said.
        if log.weightsIn == nil { notes.unitAssumed = reading.fileUnit }
        return start
    }

    /// An Alpha Progression file: read in blocks from its first line, each set in the unit its
    /// sub-header says.
    private mutating func decideBlocks(_ reading: inout FileReading, line: Int, start: Int, delimiter: UInt8) -> Int {
        reading.mode = .blocks(AlphaReading(delimiter: delimiter))
        reading.fileUnit = log.weightsIn ?? log.unit ?? WorkoutFormat.alphaProgression.defaultUnit
        reading.line = line
        notes.maxReps = log.maxReps ?? WorkoutFormat.alphaProgression.defaultMaxReps
        return start
    }

    /// A line of `#` signs, with or without a section's name: how JEFIT opens and closes a section.
    static func isBanner(_ bytes: UnsafeRawBufferPointer, _ start: Int, _ end: Int) -> Bool {
        let range = CellReader.trimmed(bytes, start..<end)
        return range.count >= 3 && bytes[range.lowerBound] == UInt8(ascii: "#")
            && bytes[range.lowerBound + 1] == UInt8(ascii: "#") && bytes[range.lowerBound + 2] == UInt8(ascii: "#")
    }

    private static func isBlank(_ bytes: UnsafeRawBufferPointer, _ start: Int, _ end: Int) -> Bool {
        var i = start
        while i < end {
            if !CellReader.isSpace(bytes[i]) { return false }
            i += 1
        }
        return true
    }

    /// A line of SPEC §1.4 rather than a header: it starts with a month (`Oct 11 2017,…`), it
    /// has five comma-separated fields whose third and fourth (sets, reps) are digits, or it has
    /// no letter at all (a header names its columns).
    static func looksLikeLogLine(_ bytes: UnsafeRawBufferPointer, _ start: Int, _ end: Int) -> Bool {
        if !(start..<end).contains(where: {
            (bytes[$0] | 0x20) >= UInt8(ascii: "a") && (bytes[$0] | 0x20) <= UInt8(ascii: "z")
        }) {
            return true
        }
        var i = start
        while i < end && CellReader.isSpace(bytes[i]) { i += 1 }
        if end - i >= 4 {
            var key: UInt32 = 0
            for k in 0..<3 { key = key << 8 | UInt32(bytes[i + k] | 0x20) }
            if LogLineParser.monthIndex(key) != nil
                && (bytes[i + 3] == UInt8(ascii: " ") || bytes[i + 3] == UInt8(ascii: "\t"))
            {
                return true
            }
        }
        var commas: [Int] = []
        for k in start..<end {
            if bytes[k] == UInt8(ascii: "\"") { return false }
            if bytes[k] == UInt8(ascii: ",") { commas.append(k) }
        }
        guard commas.count == 4 else { return false }
        func digits(_ from: Int, _ to: Int) -> Bool {
            let range = CellReader.trimmed(bytes, from..<to)
            return !range.isEmpty
                && range.allSatisfy { bytes[$0] >= UInt8(ascii: "0") && bytes[$0] <= UInt8(ascii: "9") }
        }
        return digits(commas[1] + 1, commas[2]) && digits(commas[2] + 1, commas[3])
    }

    /// The delimiter a header uses: the most frequent of `,`, `;` and tab outside quotes (a
    /// comma on a tie, or when there is none of them: a file of one column).
    static func delimiter(_ bytes: UnsafeRawBufferPointer, _ start: Int, _ end: Int) -> UInt8 {
        var commas = 0, semicolons = 0, tabs = 0
        var inQuotes = false
        for i in start..<end {
            switch bytes[i] {
            case UInt8(ascii: "\""): inQuotes.toggle()
            case UInt8(ascii: ",") where !inQuotes: commas += 1
            case UInt8(ascii: ";") where !inQuotes: semicolons += 1
            case UInt8(ascii: "\t") where !inQuotes: tabs += 1
            default: break
            }
        }
        if semicolons > commas && semicolons >= tabs { return UInt8(ascii: ";") }
        if tabs > commas && tabs > semicolons { return UInt8(ascii: "\t") }
        return UInt8(ascii: ",")
    }

    /// The longest first line read as a header or a log line. Real headers take a few hundred
    /// bytes; waiting for the end of a longer one would hold a file of garbage whole, to refuse it.
    static let longestFirstLine = 64 * 1024

    /// The error for a first line longer than `longestFirstLine`, quoting its start only.
    private func firstLineTooLong(_ bytes: UnsafeRawBufferPointer, from position: Int, file: String, line: Int)
        -> WorkoutLogError
    {
        let start = String(
            decoding: UnsafeRawBufferPointer(
                rebasing: bytes[position..<min(bytes.count, position + 4 * LineCut.width)]),
            as: UTF8.self)
        return WorkoutLogError(
            file: file, line: line, column: 1,
            message: "the first line runs past \(Self.longestFirstLine / 1024) KB without a line end: "
                + "not a header nor a workout line; formats Gazette knows: \(WorkoutFormat.known)",
            sourceLine: String(start.prefix(LineCut.width)))
    }

    static func shown(_ text: String) -> String {
        text.count > 200 ? String(text.prefix(200)) + "…" : text
    }

    // MARK: Errors

    /// The error at `offset` of a record that starts at `lineStart` on line `line`: the line and
    /// column of the offset (a record may span lines), with that whole line to quote.
    func failure(
        file: String, line: Int, at offset: Int, lineStart: Int, in bytes: UnsafeRawBufferPointer,
        message: String
    ) -> WorkoutLogError {
        var start = lineStart
        var number = line
        while let lineFeed = CSVRecordReader.find(Self.lineFeed, in: bytes, from: start), lineFeed < offset {
            start = lineFeed + 1
            number += 1
        }
        var end = CSVRecordReader.find(Self.lineFeed, in: bytes, from: start) ?? bytes.count
        if end > start && bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        return WorkoutLogError(
            file: file, line: number, column: Self.column(of: min(offset, end), lineStart: start, in: bytes),
            message: message,
            sourceLine: String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self))
    }
}
