import Foundation

/// Where the reading of a JEFIT file stands: the section it is in, the sections met so far (for
/// the error when the sets' section is missing), and the columns of the two sections it reads.
struct JefitReading: Sendable {
    enum Place: Sendable {
        /// Before the first banner, or after a section's closing line of `#`.
        case outside
        /// After a banner: the next record is the section's header.
        case header(String)
        /// The section's rows.
        case rows(String)
    }

    /// `EXERCISE LOGS`' columns: the day, the exercise and the packed sets.
    struct LogColumns: Sendable {
        var date: Int
        var name: Int
        var logs: Int
        var headers: [String]
    }

    static let settings = "SETTING"
    static let exerciseLogs = "EXERCISE LOGS"

    var place = Place.outside
    var sections: [String] = []
    /// `SETTING`'s `mass` column (` lbs` or ` kgs`).
    var mass: Int?
    var settingsColumns = 0
    var logs: LogColumns?

    /// A JEFIT file without its sets' section is not a log: an error naming what it holds.
    func checkFound(file: String) throws(WorkoutLogError) {
        guard !sections.contains(Self.exerciseLogs) else { return }
        let found = sections.isEmpty ? "none" : sections.joined(separator: ", ")
        throw WorkoutLogError(
            file: file, line: 1, column: 1,
            message:
                "the JEFIT file has no `\(Self.exerciseLogs)` section, which holds the sets (its sections: \(found))",
            sourceLine: "")
    }
}

/// JEFIT's export (docs/guide/workouts.md): banners `### NAME ####…` open sections of CSV (a header,
/// then rows) and a line of `#` closes each. The sets are in `EXERCISE LOGS`: per exercise and
/// day, `mydate`, `ename` and `logs`, every set of it packed as `50.0x15,50.0x15,40.0x10`
/// (weight `x` reps) in the unit `SETTING`'s `mass` says. Other sections are split into records
/// (a note may hold line breaks in quotes) and read past.
extension OneRepMaxAggregator {
    private static let exerciseLogsColumns = ["mydate", "ename", "logs"]

    /// Reads whole records from `start`; returns where the first record not yet ended begins.
    mutating func readSections(
        _ bytes: UnsafeRawBufferPointer, from start: Int, file: String, reading: inout FileReading, final: Bool
    ) throws(WorkoutLogError) -> Int {
        try readRecords(
            bytes, from: start, delimiter: UInt8(ascii: ","), file: file, reading: &reading, final: final
        ) { aggregator, reading, place throws(CellFault) in
            guard case var .sections(state) = reading.mode else { return }
            defer { reading.mode = .sections(state) }
            try aggregator.readSectionRecord(
                bytes, fields: reading.fields, csvRecord: place.record, recordStart: place.start, state: &state,
                reading: &reading, file: file, line: place.line)
        }
    }

    private mutating func readSectionRecord(
        _ bytes: UnsafeRawBufferPointer, fields: [CSVField], csvRecord: CSVRecordReader.Record, recordStart: Int,
        state: inout JefitReading, reading: inout FileReading, file: String, line: Int
    ) throws(CellFault) {
        if Self.isEmpty(bytes, fields) { return }
        if fields.count == 1, !fields[0].quoted, Self.isBanner(bytes, fields[0].start, fields[0].end) {
            let name = Self.sectionName(bytes, fields[0])
            if name.isEmpty {
                state.place = .outside
            } else {
                state.sections.append(name)
                state.place = .header(name)
            }
            return
        }
        switch state.place {
        case .outside:
            return  // Nothing is written between sections; whatever is, is not a set.
        case let .header(section):
            let names = fields.map { field in
                String(decoding: CSVRecordReader.decode(field, in: bytes), as: UTF8.self)
                    .trimmingCharacters(in: [" ", "\t", "\r"])
            }
            if section == JefitReading.settings {
                state.mass = names.firstIndex { $0.lowercased() == "mass" }
                state.settingsColumns = names.count
            } else if section == JefitReading.exerciseLogs {
                var found: [Int] = []
                for column in Self.exerciseLogsColumns {
                    guard let index = names.firstIndex(where: { $0.lowercased() == column.lowercased() }) else {
                        throw CellFault(
                            offset: recordStart,
                            message: "the `\(section)` header has no `\(column)` column, which JEFIT writes there")
                    }
                    found.append(index)
                }
                state.logs = JefitReading.LogColumns(date: found[0], name: found[1], logs: found[2], headers: names)
            }
            state.place = .rows(section)
        case let .rows(section):
            if section == JefitReading.settings, let mass = state.mass, mass < fields.count {
                let unit = try Self.read(bytes, fields[mass]) { raw, range throws(CellFault) in
                    try CellReader.unit(raw, range, header: "mass")
                }
                if let unit {
                    reading.fileUnit = unit
                    notes.unitAssumed = nil
                }
            } else if section == JefitReading.exerciseLogs, let columns = state.logs {
                try readExerciseLog(
                    bytes, fields, columns: columns, csvRecord: csvRecord, recordStart: recordStart,
                    unit: reading.fileUnit,
                    file: file, line: line)
            }
        }
    }

    /// One `EXERCISE LOGS` row: every set packed in its `logs` cell.
    private mutating func readExerciseLog(
        _ bytes: UnsafeRawBufferPointer, _ fields: [CSVField], columns: JefitReading.LogColumns,
        csvRecord: CSVRecordReader.Record, recordStart: Int, unit: WeightUnit, file: String, line: Int
    ) throws(CellFault) {
        guard fields.count == columns.headers.count else {
            throw Self.fieldCountFault(
                bytes, fields: fields.count, headers: columns.headers.count, csvRecord: csvRecord,
                recordStart: recordStart, line: line)
        }
        let dateField = fields[columns.date]
        guard let packedDate = Self.value(bytes, dateField, { raw, range in DayReader.automatic.day(raw, range) })
        else {
            let shown = Self.value(bytes, dateField) { raw, range in CellReader.shown(raw, range) }
            throw CellFault(
                offset: dateField.start,
                message: shown.isEmpty ? "`mydate` is empty" : "`mydate` is not a date like 2010-11-28: `\(shown)`")
        }
        let nameField = fields[columns.name]
        if Self.value(bytes, nameField, { _, range in range.isEmpty }) {
            throw CellFault(offset: nameField.start, message: "`ename` is empty")
        }
        let sets = try Self.read(bytes, fields[columns.logs]) { raw, range throws(CellFault) in
            try Self.packedSets(raw, range)
        }
        var exercise: Int?
        for set in sets {
            guard set.weight > 0 else {
                leaveOut(LeftOutSets(withoutWeight: 1))
                continue
            }
            guard set.reps > 0 else {
                leaveOut(LeftOutSets(withoutReps: 1))
                continue
            }
            if exercise == nil { exercise = try self.exercise(bytes, nameField, header: "ename") }
            record(
                SetRecord(sets: 1, reps: set.reps, weight: set.weight), unit: unit, exercise: exercise!,
                packedDate: packedDate, file: file, lineNumber: line)
        }
    }

    /// `50.0x15,50.0x15,40.0x10`: each set as weight `x` reps (an empty cell: no sets).
    static func packedSets(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>) throws(CellFault) -> [(
        weight: Double, reps: Int
    )] {
        var sets: [(weight: Double, reps: Int)] = []
        var start = range.lowerBound
        while start < range.upperBound {
            var end = start
            while end < range.upperBound && bytes[end] != UInt8(ascii: ",") { end += 1 }
            let item = CellReader.trimmed(bytes, start..<end)
            if !item.isEmpty {
                guard let times = item.lastIndex(where: { bytes[$0] | 0x20 == UInt8(ascii: "x") }) else {
                    throw CellFault(
                        offset: item.lowerBound,
                        message:
                            "`logs` holds `\(CellReader.shown(bytes, item))`, not a set like 50.0x15 (weight x reps)")
                }
                let weight = try CellReader.weight(
                    bytes, CellReader.trimmed(bytes, item.lowerBound..<times), header: "logs", decimalComma: false)
                let reps = try CellReader.wholeNumber(
                    bytes, CellReader.trimmed(bytes, (times + 1)..<item.upperBound), header: "logs",
                    decimalComma: false)
                sets.append((weight ?? 0, reps ?? 0))
            }
            start = end + 1
        }
        return sets
    }

    /// `### EXERCISE LOGS ####` → `EXERCISE LOGS`; a line of `#` alone → empty.
    private static func sectionName(_ bytes: UnsafeRawBufferPointer, _ field: CSVField) -> String {
        String(decoding: UnsafeRawBufferPointer(rebasing: bytes[field.start..<field.end]), as: UTF8.self)
            .trimmingCharacters(in: CharacterSet(charactersIn: "# \t\r"))
    }
}
