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
        var effort: Effort?
    }

    /// One whole record, as `readRecords` hands it on: its fields are in `reading.fields`.
    struct RecordPlace {
        var record: CSVRecordReader.Record
        /// Where the record starts in the piece, and the line it starts on.
        var start: Int
        var line: Int
    }

    /// Reads whole records from `start`, each handed to `row`; returns where the first record not
    /// yet ended begins. A fault in a record is an error at its place, or under `invalid-lines:
    /// skip` a counted skip. The loop of every CSV format (rows under a header, JEFIT's sections).
    mutating func readRecords(
        _ bytes: UnsafeRawBufferPointer, from start: Int, delimiter: UInt8, file: String,
        reading: inout FileReading, final: Bool,
        row: (inout OneRepMaxAggregator, inout FileReading, RecordPlace) throws(CellFault) -> Void
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
                        bytes, from: position, delimiter: delimiter, into: &reading.fields, final: final)
                } catch {
                    position = bytes.count
                    throw CellFault(offset: error.offset, message: error.message)
                }
                guard let record else { break }
                position = record.next
                reading.line += record.lineFeeds
                try row(&self, &reading, RecordPlace(record: record, start: recordStart, line: recordLine))
            } catch {
                let failure = failure(
                    file: file, line: recordLine, at: error.offset, lineStart: recordStart, in: bytes,
                    message: error.message)
                switch invalidLines {
                case .fail: throw failure
                case .skip: skip(line: failure.line, reason: failure.message, row: true)
                }
            }
        }
        return position
    }

    /// Reads whole rows under the file's header; returns where the first one not yet ended begins.
    mutating func readRows(
        _ bytes: UnsafeRawBufferPointer, from start: Int, layout: ColumnLayout, file: String,
        reading: inout FileReading, final: Bool
    ) throws(WorkoutLogError) -> Int {
        try readRecords(
            bytes, from: start, delimiter: layout.delimiter, file: file, reading: &reading, final: final
        ) { aggregator, reading, place throws(CellFault) in
            try aggregator.readRow(
                bytes, fields: &reading.fields, csvRecord: place.record, recordStart: place.start, layout: layout,
                fileUnit: reading.fileUnit, file: file, line: place.line)
        }
    }

    private mutating func readRow(
        _ bytes: UnsafeRawBufferPointer, fields: inout [CSVField], csvRecord: CSVRecordReader.Record, recordStart: Int,
        layout: ColumnLayout, fileUnit: WeightUnit, file: String, line: Int
    ) throws(CellFault) {
        if Self.isEmpty(bytes, fields) { return }
        if let gymBook = layout.gymBook {
            return try readGymBookRow(
                bytes, fields, csvRecord: csvRecord, recordStart: recordStart, layout: layout, columns: gymBook,
                fileUnit: fileUnit, file: file, line: line)
        }
        if let order = layout.restRows, order < fields.count,
            Self.value(bytes, fields[order], { raw, range in StrongSetOrder(raw, range) == .noSet })
        {
            return  // A rest timer's row or a note: no set, and nothing to say about it.
        }
        var countFault: CellFault?
        if fields.count != layout.headers.count {
            let fault = Self.fieldCount(
                bytes, fields, csvRecord: csvRecord, recordStart: recordStart, layout: layout, line: line)
            guard layout.format == .fitnotes, Self.mendName(bytes, &fields, layout: layout) else { throw fault }
            countFault = fault
        }
        let row: Row
        do { row = try cells(bytes, fields, layout, fileUnit: fileUnit) } catch {
            // A mended row that does not read was not one to mend: its field count is the fault.
            throw countFault ?? error
        }
        if countFault != nil {
            if notes.mended.count == 0 {
                notes.mendedExample = Self.value(bytes, fields[layout.exercise]) { raw, range in
                    String(decoding: UnsafeRawBufferPointer(rebasing: raw[range]), as: UTF8.self)
                }
            }
            notes.mended.add(line)
        }
        if row.warmup && !log.includeWarmups { return leaveOut(LeftOutSets(warmups: 1)) }
        if layout.emptyRepsIsNotDone && (row.reps ?? 0) == 0 { return leaveOut(LeftOutSets(withoutReps: 1)) }
        guard let weight = row.weight, weight > 0 else { return leaveOut(LeftOutSets(withoutWeight: 1)) }
        guard let reps = row.reps, reps > 0 else { return leaveOut(LeftOutSets(withoutReps: 1)) }

        let exercise = try exercise(bytes, fields[layout.exercise], header: layout.headers[layout.exercise])
        record(
            SetRecord(sets: row.sets, reps: reps, weight: weight, effort: row.effort), unit: row.unit,
            exercise: exercise,
            packedDate: row.packedDate, file: file, lineNumber: line)
    }

    /// The exercise the name in `field` counts for: at most `longestName` characters of UTF-8
    /// text without control characters, decoded first when its quotes were doubled.
    mutating func exercise(_ bytes: UnsafeRawBufferPointer, _ field: CSVField, header: String) throws(CellFault)
        -> Int
    {
        var outcome: Result<Int, NameFault>
        if field.irregular {
            let decoded = CSVRecordReader.decode(field, in: bytes)
            var tooLong = false
            outcome = .failure(NameFault(offset: 0))
            decoded.withUnsafeBytes { raw in
                let name = CellReader.trimmed(raw, 0..<raw.count)
                tooLong = Self.isTooLong(name: raw, start: name.lowerBound, end: name.upperBound)
                if !tooLong {
                    outcome = Result { () throws(NameFault) in
                        try self.exercise(named: raw, start: name.lowerBound, end: name.upperBound)
                    }
                }
            }
            if tooLong { throw CellFault(offset: field.start, message: Self.nameTooLong) }
            // Offsets in the decoded copy are not the file's: the fault points at the field.
            if case let .failure(fault) = outcome {
                outcome = .failure(NameFault(offset: field.start, message: fault.message))
            }
        } else {
            let name = CellReader.trimmed(bytes, field.plainRange)
            if Self.isTooLong(name: bytes, start: name.lowerBound, end: name.upperBound) {
                throw CellFault(offset: field.start, message: Self.nameTooLong)
            }
            outcome = Result { () throws(NameFault) in
                try self.exercise(named: bytes, start: name.lowerBound, end: name.upperBound)
            }
        }
        switch outcome {
        case let .success(exercise): return exercise
        case let .failure(fault):
            throw CellFault(offset: fault.offset, message: fault.message ?? "`\(header)` is not UTF-8 text")
        }
    }

    /// The error for a row whose field count is not the header's, at the row's first line: a
    /// quoted field that ran past its line end (a stray quote) is named with the line it opened
    /// on. Every CSV format says it so (rows under a header, JEFIT's sections).
    static func fieldCountFault(
        _ bytes: UnsafeRawBufferPointer, fields: Int, headers: Int, missing: String? = nil,
        csvRecord: CSVRecordReader.Record, recordStart: Int, line: Int
    ) -> CellFault {
        var message = "the row has \(fields) fields where the header has \(headers)"
        if let missing { message += " (no `\(missing)` cell)" }
        if let quote = csvRecord.spanningQuote {
            let opened = line + CSVRecordReader.countLineFeeds(bytes, from: recordStart, to: quote)
            let last = line + csvRecord.lineFeeds - 1
            message +=
                "; the quoted field that opens on line \(opened) runs on to line \(max(last, opened + 1)): "
                + "a quote is missing or stray"
        }
        return CellFault(offset: recordStart, message: message)
    }

    static func fieldCount(
        _ bytes: UnsafeRawBufferPointer, _ fields: [CSVField], csvRecord: CSVRecordReader.Record, recordStart: Int,
        layout: ColumnLayout, line: Int
    ) -> CellFault {
        let missing =
            fields.count <= layout.lastNeeded
            ? layout.needed.first(where: { $0 >= fields.count }).map { layout.headers[$0] } : nil
        return fieldCountFault(
            bytes, fields: fields.count, headers: layout.headers.count, missing: missing, csvRecord: csvRecord,
            recordStart: recordStart, line: line)
    }

    /// FitNotes writes an exercise name with commas unquoted, so its row has a field more per
    /// comma. Joins the extra fields into the name when they can only be its: unquoted, and the
    /// field after them (the category) not a number. Whether the rest reads is checked after.
    private static func mendName(_ bytes: UnsafeRawBufferPointer, _ fields: inout [CSVField], layout: ColumnLayout)
        -> Bool
    {
        let extra = fields.count - layout.headers.count
        let name = layout.exercise
        guard extra > 0, name + extra < fields.count else { return false }
        guard fields[name...(name + extra)].allSatisfy({ !$0.quoted }) else { return false }
        if let category = layout.category, category == name + 1, name + extra + 1 < fields.count {
            let cell = fields[name + extra + 1]
            if CellReader.decimal(bytes, CellReader.trimmed(bytes, cell.plainRange), decimalComma: false).value != nil {
                return false
            }
        }
        fields[name] = CSVField(
            start: fields[name].start, end: fields[name + extra].end, quoted: false, irregular: false)
        fields.removeSubrange((name + 1)...(name + extra))
        return true
    }

    /// A blank line, or a row of empty cells.
    static func isEmpty(_ bytes: UnsafeRawBufferPointer, _ fields: [CSVField]) -> Bool {
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

        let null = layout.nullIsEmpty
        let reps: Int? = try Self.read(bytes, fields[layout.reps]) { raw, range throws(CellFault) in
            if null && CellReader.equals(raw, range, "null") { return nil }
            return try CellReader.wholeNumber(raw, range, header: headers[layout.reps], decimalComma: comma)
        }
        let weight: Double? = try Self.read(bytes, fields[layout.weight]) { raw, range throws(CellFault) in
            if null && CellReader.equals(raw, range, "null") { return nil }
            return try CellReader.weight(raw, range, header: headers[layout.weight], decimalComma: comma)
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
                    || CellReader.equals(raw, range, "WARMUP_SET")
            }
        case let .setOrder(column):
            warmup = Self.value(bytes, fields[column]) { raw, range in StrongSetOrder(raw, range) == .warmup }
        case let .flag(column):
            warmup = try Self.read(bytes, fields[column]) { raw, range throws(CellFault) in
                try CellReader.flag(raw, range, header: headers[column])
            }
        }
        var effort: Effort?
        if log.effortCounts, let column = layout.rpe, column < fields.count {
            effort = Self.value(bytes, fields[column]) { raw, range in
                CellReader.decimal(raw, range, decimalComma: comma).value.map(Effort.rpe)
            }
        }
        return Row(
            packedDate: packedDate, sets: sets, reps: reps, weight: weight, unit: unit, warmup: warmup, effort: effort)
    }

    /// `body` on the field's trimmed value: in place, or decoded first when quotes were doubled.
    static func value<T>(
        _ bytes: UnsafeRawBufferPointer, _ field: CSVField,
        _ body: (UnsafeRawBufferPointer, Range<Int>) -> T
    ) -> T {
        guard field.irregular else { return body(bytes, CellReader.trimmed(bytes, field.plainRange)) }
        let decoded = CSVRecordReader.decode(field, in: bytes)
        return decoded.withUnsafeBytes { raw in body(raw, CellReader.trimmed(raw, 0..<raw.count)) }
    }

    /// As `value`, for readers that fault; a fault in a decoded value points at the field.
    static func read<T>(
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
