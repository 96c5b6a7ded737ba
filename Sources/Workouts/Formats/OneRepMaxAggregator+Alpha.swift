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
    /// workout's date; the workout's name, its plan and an exercise's target are read past.
    private mutating func readBlockRecord(
        _ bytes: UnsafeRawBufferPointer, fields: [CSVField], state: inout AlphaReading, file: String, line: Int
    ) throws(CellFault) {
        if Self.isEmpty(bytes, fields) { return }
        func text(_ index: Int) -> String {
            Self.value(bytes, fields[index]) { raw, range in
                String(decoding: UnsafeRawBufferPointer(rebasing: raw[range]), as: UTF8.self)
            }
        }
        let first = text(0)
        if first == "#" {
            guard fields.count >= 3, let unit = AlphaReading.unit(Substring(text(1))) else {
                throw CellFault(
                    offset: fields[0].start, message: "a sub-header names its unit: `#,KG,REPS` or `#,LBS,REPS`")
            }
            state.unit = unit
            return
        }
        if !first.isEmpty, first.allSatisfy({ $0.isASCII && $0.isNumber }), fields.count >= 3 {
            guard state.unit != nil else {
                throw CellFault(offset: fields[0].start, message: "a set row before its exercise's `#,KG,REPS` line")
            }
            return try readBlockSet(
                bytes, fields, weight: text(1), reps: text(2), state: &state, file: file, line: line)
        }
        if let name = AlphaReading.exerciseName(first) {
            state.exercise = Array(name.utf8)
            state.exerciseID = nil
            state.unit = nil
            if fields.count >= 2 {
                try readWarmups(text(1), at: fields[1].start, state: &state, file: file, line: line)
            }
            return
        }
        // A workout's date: alone at the start of its line, or after its name.
        for index in 0..<min(fields.count, 2) {
            if let day = Self.value(bytes, fields[index], { raw, range in DayReader.automatic.day(raw, range) }) {
                state.packedDate = day
                state.exercise = nil
                state.unit = nil
                return
            }
        }
    }

    /// A set row `1,27.5,20` under its exercise and sub-header.
    private mutating func readBlockSet(
        _ bytes: UnsafeRawBufferPointer, _ fields: [CSVField], weight: String, reps: String, state: inout AlphaReading,
        file: String, line: Int
    ) throws(CellFault) {
        guard let value = AlphaReading.number(weight, decimalComma: state.decimalComma) ?? (weight.isEmpty ? 0 : nil)
        else {
            throw CellFault(offset: fields[1].start, message: "the weight is not a number: `\(weight)`")
        }
        guard let count = reps.isEmpty ? 0 : Int(reps) else {
            throw CellFault(offset: fields[2].start, message: "the reps are not a whole number: `\(reps)`")
        }
        try recordBlockSet(
            weight: value, reps: count, unit: state.unit, at: fields[0].start, state: &state, file: file, line: line)
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
        weight: Double, reps: Int, unit: WeightUnit?, at offset: Int, state: inout AlphaReading, file: String, line: Int
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
            SetRecord(sets: 1, reps: reps, weight: weight), unit: unit ?? .kg, exercise: state.exerciseID!,
            packedDate: packedDate, file: file, lineNumber: line)
    }
}
