/// Alpha Progression's blocks (`AlphaReading`): each record is known by what it holds, not by
/// a header above it.
extension OneRepMaxAggregator {
    /// Reads whole records from `start`; returns where the first record not yet ended begins.
    mutating func readBlocks(
        _ bytes: UnsafeRawBufferPointer, from start: Int, file: String, reading: inout FileReading, final: Bool
    ) throws(WorkoutLogError) -> Int {
        guard case let .blocks(initial) = reading.mode else { return start }
        return try readRecords(
            bytes, from: start, delimiter: initial.delimiter, file: file, reading: &reading, final: final
        ) { aggregator, reading, place throws(CellFault) in
            guard case var .blocks(state) = reading.mode else { return }
            defer { reading.mode = .blocks(state) }
            try aggregator.readBlockRecord(
                bytes, fields: reading.fields, state: &state, file: file, line: place.line)
        }
    }

    /// One record: a set under a sub-header, a sub-header, a numbered exercise, a line with the
    /// workout's date; the workout's name, its plan and an exercise's target are read past. A set
    /// row is read on the bytes (the file is mostly sets); the rest, once a workout or exercise.
    private mutating func readBlockRecord(
        _ bytes: UnsafeRawBufferPointer, fields: [CSVField], state: inout AlphaReading, file: String, line: Int
    ) throws(CellFault) {
        if Self.isEmpty(bytes, fields) { return }
        switch Self.value(bytes, fields[0], AlphaReading.Line.init) {
        case .number where fields.count >= 2:
            guard let columns = state.columns else {
                throw CellFault(offset: fields[0].start, message: "a set row before its exercise's `#,KG,REPS` line")
            }
            try readBlockSet(bytes, fields, columns: columns, state: &state, file: file, line: line)
        case .subHeader:
            let words = [.other] + fields.dropFirst().map { Self.value(bytes, $0, AlphaReading.word) }
            let columns = AlphaReading.columns(words)
            guard let columns else {
                throw CellFault(
                    offset: fields[0].start,
                    message: "a sub-header names its columns: `#,KG,REPS`, `#,LBS,REPS` or `#,REPS`")
            }
            state.columns = columns
        case let .exercise(name):
            if name != state.exercise { state.exerciseID = nil }
            state.exercise = name
            state.columns = nil
            if fields.count >= 2 {
                let beside = Self.value(bytes, fields[1]) { raw, range in
                    String(decoding: UnsafeRawBufferPointer(rebasing: raw[range]), as: UTF8.self)
                }
                try readWarmups(beside, at: fields[1].start, state: &state, file: file, line: line)
            }
        case .number, .other:
            // A workout's date: alone at the start of its line, or after its name.
            for index in 0..<min(fields.count, 2) {
                if let day = Self.value(bytes, fields[index], { raw, range in DayReader.automatic.day(raw, range) }) {
                    state.packedDate = day
                    state.exercise = nil
                    state.exerciseID = nil
                    state.columns = nil
                    return
                }
            }
        }
    }

    /// A set row `1,27.5,20` (`1,20` under `#,REPS`) under its exercise and sub-header.
    private mutating func readBlockSet(
        _ bytes: UnsafeRawBufferPointer, _ fields: [CSVField], columns: AlphaReading.Columns,
        state: inout AlphaReading, file: String, line: Int
    ) throws(CellFault) {
        let last = max(columns.reps, columns.weight ?? 0)
        guard fields.count > last else {
            throw CellFault(
                offset: fields[0].start,
                message: "the set row has \(fields.count) fields where its sub-header has \(last + 1)")
        }
        var weight = 0.0
        if let column = columns.weight {
            let comma = state.decimalComma
            let read = Self.value(bytes, fields[column]) { raw, range in
                (AlphaReading.number(raw, range, decimalComma: comma), CellReader.shown(raw, range))
            }
            guard read.0.valid else {
                throw CellFault(offset: fields[column].start, message: "the weight is not a number: `\(read.1)`")
            }
            weight = read.0.value ?? 0
        }
        let reps = Self.value(bytes, fields[columns.reps]) { raw, range -> Int?? in
            if range.isEmpty || (range.count == 1 && raw[range.lowerBound] == UInt8(ascii: "-")) { return .some(nil) }
            guard range.count <= 6, range.allSatisfy({ raw[$0] >= UInt8(ascii: "0") && raw[$0] <= UInt8(ascii: "9") })
            else { return nil }
            return .some(range.reduce(0) { $0 * 10 + Int(raw[$1] - UInt8(ascii: "0")) })
        }
        guard let reps else {
            let shown = Self.value(bytes, fields[columns.reps]) { raw, range in CellReader.shown(raw, range) }
            throw CellFault(offset: fields[columns.reps].start, message: "the reps are not a whole number: `\(shown)`")
        }
        var effort: Effort?
        if log.effortCounts, let column = columns.reserve, column < fields.count {
            let comma = state.decimalComma
            effort = Self.value(bytes, fields[column]) { raw, range in
                AlphaReading.number(raw, range, decimalComma: comma).value.map(Effort.repsInReserve)
            }
        }
        try recordBlockSet(
            weight: weight, reps: reps ?? 0, unit: columns.unit, effort: effort, at: fields[0].start, state: &state,
            file: file, line: line)
    }

    /// The warm-ups beside an exercise: left out and counted, or with `include-warmups` sets.
    private mutating func readWarmups(
        _ text: String, at offset: Int, state: inout AlphaReading, file: String, line: Int
    ) throws(CellFault) {
        let warmups = AlphaReading.warmups(text, decimalComma: state.decimalComma)
        guard log.includeWarmups else { return leaveOut(LeftOutSets(warmups: warmups.count)) }
        for warmup in warmups {
            try recordBlockSet(
                weight: warmup.weight ?? 0, reps: warmup.reps ?? 0, unit: warmup.unit, at: offset, state: &state,
                file: file, line: line)
        }
    }

    private mutating func recordBlockSet(
        weight: Double, reps: Int, unit: WeightUnit?, effort: Effort? = nil, at offset: Int, state: inout AlphaReading,
        file: String, line: Int
    ) throws(CellFault) {
        guard let packedDate = state.packedDate, let name = state.exercise else {
            throw CellFault(offset: offset, message: "a set before its workout's date line and its numbered exercise")
        }
        guard weight > 0 else { return leaveOut(LeftOutSets(withoutWeight: 1)) }
        guard reps > 0 else { return leaveOut(LeftOutSets(withoutReps: 1)) }
        if state.exerciseID == nil {
            var outcome: Result<Int, NameFault> = .failure(NameFault(offset: offset))
            name.withUnsafeBytes { raw in
                outcome = Result { () throws(NameFault) in try self.exercise(named: raw, start: 0, end: raw.count) }
            }
            switch outcome {
            case let .success(id): state.exerciseID = id
            case let .failure(fault):
                throw CellFault(offset: offset, message: fault.message ?? "the exercise's name is not UTF-8 text")
            }
        }
        record(
            SetRecord(sets: 1, reps: reps, weight: weight, effort: effort), unit: unit ?? .kg,
            exercise: state.exerciseID!,
            packedDate: packedDate, file: file, lineNumber: line)
    }
}
