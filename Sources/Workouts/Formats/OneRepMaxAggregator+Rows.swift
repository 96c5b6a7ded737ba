/// The rows of an app's export: each record's cells read by the file's `ColumnLayout`, then
/// counted as a set, or left out (warm-ups, rows without a weight or reps), or an error at its
/// cell.
extension OneRepMaxAggregator {
    /// What one row says, once its cells are read.
    private struct Row {
        var packedDate: Int
        var sets: Int
        var reps: Int?
        var weight: Double?
        var unit: WeightUnit
        var warmup: Bool
    }

    /// Reads whole records from `start`; returns where the first record not yet ended begins.
    mutating func readRows(
        _ bytes: UnsafeRawBufferPointer, from start: Int, layout: ColumnLayout, file: String,
        reading: inout FileReading, final: Bool
    ) throws(WorkoutLogError) -> Int {
        var position = start
        if reading.first && position == 0 && bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB
            && bytes[2] == 0xBF
        {
            position = 3
        }
        while position < bytes.count {
            let recordStart = position
            let recordLine = reading.line
            do throws(CellFault) {
                let record: CSVRecordReader.Record?
                do {
                    record = try CSVRecordReader.next(
                        bytes, from: position, delimiter: layout.delimiter, into: &reading.fields, final: final)
                } catch {
                    position = bytes.count
                    throw CellFault(offset: error.offset, message: error.message)
                }
                guard let record else { break }
                position = record.next
                reading.line += record.lineFeeds
                try readRow(
                    bytes, fields: reading.fields, layout: layout, fileUnit: reading.fileUnit, file: file,
                    line: recordLine)
            } catch {
                let failure = failure(
                    file: file, line: recordLine, at: error.offset, lineStart: recordStart, in: bytes,
                    message: error.message)
                switch invalidLines {
                case .fail: throw failure
                case .skip:
                    warn(
                        WorkoutWarning(file: file, line: failure.line, reason: .skippedRow(failure.message)))
                }
            }
        }
        return position
    }

    private mutating func readRow(
        _ bytes: UnsafeRawBufferPointer, fields: [CSVField], layout: ColumnLayout,
        fileUnit: WeightUnit, file: String, line: Int
    ) throws(CellFault) {
        if Self.isEmpty(bytes, fields) { return }
        guard fields.count > layout.lastNeeded else {
            let missing = layout.needed.first { $0 >= fields.count } ?? layout.lastNeeded
            throw CellFault(
                offset: fields.last?.end ?? 0,
                message: "the row has \(fields.count) fields and no `\(layout.headers[missing])` cell "
                    + "(the header has \(layout.headers.count))")
        }
        let row = try cells(bytes, fields, layout, fileUnit: fileUnit)
        if row.warmup && !log.includeWarmups { return leaveOut(LeftOutSets(warmups: 1)) }
        guard let weight = row.weight, weight > 0 else { return leaveOut(LeftOutSets(withoutWeight: 1)) }
        guard let reps = row.reps, reps > 0 else { return leaveOut(LeftOutSets(withoutReps: 1)) }

        let nameField = fields[layout.exercise]
        let exercise: Int?
        if nameField.irregular {
            let decoded = CSVRecordReader.decode(nameField, in: bytes)
            var tooLong = false
            exercise = decoded.withUnsafeBytes { raw in
                let name = CellReader.trimmed(raw, 0..<raw.count)
                tooLong = Self.isTooLong(name: raw, start: name.lowerBound, end: name.upperBound)
                return tooLong ? nil : self.exercise(named: raw, start: name.lowerBound, end: name.upperBound)
            }
            if tooLong { throw CellFault(offset: nameField.start, message: Self.nameTooLong) }
        } else {
            let name = CellReader.trimmed(bytes, nameField.plainRange)
            if Self.isTooLong(name: bytes, start: name.lowerBound, end: name.upperBound) {
                throw CellFault(offset: nameField.start, message: Self.nameTooLong)
            }
            exercise = self.exercise(named: bytes, start: name.lowerBound, end: name.upperBound)
        }
        guard let exercise else {
            throw CellFault(offset: nameField.start, message: "`\(layout.headers[layout.exercise])` is not UTF-8 text")
        }
        record(
            SetRecord(sets: row.sets, reps: reps, weight: weight), unit: row.unit, exercise: exercise,
            packedDate: row.packedDate, file: file, lineNumber: line)
    }

    /// A blank line, or a row of empty cells.
    private static func isEmpty(_ bytes: UnsafeRawBufferPointer, _ fields: [CSVField]) -> Bool {
        for field in fields where field.quoted || !CellReader.trimmed(bytes, field.start..<field.end).isEmpty {
            return false
        }
        return true
    }

    private func cells(
        _ bytes: UnsafeRawBufferPointer, _ fields: [CSVField], _ layout: ColumnLayout,
        fileUnit: WeightUnit
    ) throws(CellFault) -> Row {
        let headers = layout.headers
        let comma = layout.decimalComma
        let dateField = fields[layout.date]
        let day = Self.value(bytes, dateField) { raw, range in layout.days.day(raw, range) }
        guard let packedDate = day else {
            let shown = Self.value(bytes, dateField) { raw, range in CellReader.shown(raw, range) }
            throw CellFault(
                offset: dateField.start,
                message: shown.isEmpty
                    ? "`\(headers[layout.date])` is empty"
                    : "`\(headers[layout.date])` is not a date like \(layout.days.example): `\(shown)`")
        }
        let nameField = fields[layout.exercise]
        let nameIsEmpty = Self.value(bytes, nameField) { _, range in range.isEmpty }
        if nameIsEmpty { throw CellFault(offset: nameField.start, message: "`\(headers[layout.exercise])` is empty") }

        let reps = try Self.read(bytes, fields[layout.reps]) { raw, range throws(CellFault) in
            try CellReader.wholeNumber(raw, range, header: headers[layout.reps], decimalComma: comma)
        }
        let weight = try Self.read(bytes, fields[layout.weight]) { raw, range throws(CellFault) in
            try CellReader.weight(raw, range, header: headers[layout.weight], decimalComma: comma)
        }
        var unit = fileUnit
        if case let .column(column) = layout.unit {
            unit =
                try Self.read(bytes, fields[column]) { raw, range throws(CellFault) in
                    try CellReader.unit(raw, range, header: headers[column])
                } ?? fileUnit
        }
        var sets = 1
        if let column = layout.sets {
            let count = try Self.read(bytes, fields[column]) { raw, range throws(CellFault) in
                try CellReader.wholeNumber(raw, range, header: headers[column], decimalComma: comma)
            }
            if let count {
                guard count >= 1 else {
                    throw CellFault(offset: fields[column].start, message: "`\(headers[column])` must be at least 1")
                }
                sets = count
            }
        }
        var warmup = false
        switch layout.warmup {
        case .none: break
        case let .setType(column):
            warmup = Self.value(bytes, fields[column]) { raw, range in
                CellReader.equals(raw, range, "warmup") || CellReader.equals(raw, range, "warm-up")
            }
        case let .setOrder(column):
            warmup = Self.value(bytes, fields[column]) { raw, range in CellReader.equals(raw, range, "W") }
        case let .flag(column):
            warmup = try Self.read(bytes, fields[column]) { raw, range throws(CellFault) in
                try CellReader.flag(raw, range, header: headers[column])
            }
        }
        return Row(packedDate: packedDate, sets: sets, reps: reps, weight: weight, unit: unit, warmup: warmup)
    }

    /// `body` on the field's trimmed value: in place, or decoded first when quotes were doubled.
    private static func value<T>(
        _ bytes: UnsafeRawBufferPointer, _ field: CSVField,
        _ body: (UnsafeRawBufferPointer, Range<Int>) -> T
    ) -> T {
        guard field.irregular else { return body(bytes, CellReader.trimmed(bytes, field.plainRange)) }
        let decoded = CSVRecordReader.decode(field, in: bytes)
        return decoded.withUnsafeBytes { raw in body(raw, CellReader.trimmed(raw, 0..<raw.count)) }
    }

    /// As `value`, for readers that fault; a fault in a decoded value points at the field.
    private static func read<T>(
        _ bytes: UnsafeRawBufferPointer, _ field: CSVField,
        _ body: (UnsafeRawBufferPointer, Range<Int>) throws(CellFault) -> T
    ) throws(CellFault) -> T {
        guard field.irregular else { return try body(bytes, CellReader.trimmed(bytes, field.plainRange)) }
        let decoded = CSVRecordReader.decode(field, in: bytes)
        var outcome: Result<T, CellFault>!
        decoded.withUnsafeBytes { raw in
            outcome = Result { () throws(CellFault) in try body(raw, CellReader.trimmed(raw, 0..<raw.count)) }
        }
        do { return try outcome.get() } catch { throw CellFault(offset: field.start, message: error.message) }
    }
}
