/// GymBook's rows (`GymBookColumns`): each cell a number with its word, read by the app's rules.
extension OneRepMaxAggregator {
    /// One row: a skipped set and a warm-up or cool-down set left out and counted, a time or a
    /// distance counted as a row without reps or weight, else one set.
    mutating func readGymBookRow(
        _ bytes: UnsafeRawBufferPointer, _ fields: [CSVField], csvRecord: CSVRecordReader.Record, recordStart: Int,
        layout: ColumnLayout, columns: GymBookColumns, fileUnit: WeightUnit, file: String, line: Int
    ) throws(CellFault) {
        guard fields.count == layout.headers.count else {
            throw Self.fieldCount(
                bytes, fields, csvRecord: csvRecord, recordStart: recordStart, layout: layout, line: line)
        }
        let headers = layout.headers
        func shown(_ column: Int) -> String {
            Self.value(bytes, fields[column]) { raw, range in CellReader.shown(raw, range) }
        }
        if let skipped = columns.skipped, Self.value(bytes, fields[skipped], GymBookColumns.isYes) {
            return leaveOut(LeftOutSets(skipped: 1))
        }
        let dateField = fields[layout.date]
        guard let packedDate = Self.value(bytes, dateField, { raw, range in layout.days.day(raw, range) }) else {
            let written = shown(layout.date)
            throw CellFault(
                offset: dateField.start,
                message: written.isEmpty
                    ? "`\(headers[layout.date])` is empty"
                    : "`\(headers[layout.date])` is not a date like 28/04/25: `\(written)`")
        }
        if Self.value(bytes, fields[layout.exercise], { _, range in range.isEmpty }) {
            throw CellFault(offset: fields[layout.exercise].start, message: "`\(headers[layout.exercise])` is empty")
        }
        guard let weight = Self.value(bytes, fields[layout.weight], GymBookColumns.weight) else {
            throw CellFault(
                offset: fields[layout.weight].start,
                message: "`\(headers[layout.weight])` is not a weight like `50,00 kg`: `\(shown(layout.weight))`")
        }
        guard let reps = Self.value(bytes, fields[layout.reps], GymBookColumns.reps) else {
            throw CellFault(
                offset: fields[layout.reps].start,
                message: "`\(headers[layout.reps])` is not a count like `10 ripetizioni`: `\(shown(layout.reps))`")
        }
        if Self.value(bytes, fields[columns.kind], columns.isWarmup) && !log.includeWarmups {
            return leaveOut(LeftOutSets(warmups: 1))
        }
        guard let value = weight.value, value > 0 else { return leaveOut(LeftOutSets(withoutWeight: 1)) }
        guard let reps, reps > 0 else { return leaveOut(LeftOutSets(withoutReps: 1)) }
        if weight.unit != nil { notes.unitAssumed = nil }
        let exercise = try exercise(bytes, fields[layout.exercise], header: headers[layout.exercise])
        record(
            SetRecord(sets: 1, reps: reps, weight: value), unit: weight.unit ?? fileUnit, exercise: exercise,
            packedDate: packedDate, file: file, lineNumber: line)
    }
}
