/// StrongLifts' rows (`StrongLiftsLayout`): a row holds several exercises, each with its sets in
/// columns, so every set cell that holds reps is a set of its own (docs/guide/workouts.md).
extension OneRepMaxAggregator {
    /// One set as a row gives it, before its exercise is named: its reps and weight.
    private struct GroupSet {
        var reps: Int
        var weight: Double?
    }

    /// Reads whole records from `start`; returns where the first record not yet ended begins.
    mutating func readStrongLifts(
        _ bytes: UnsafeRawBufferPointer, from start: Int, file: String, reading: inout FileReading, final: Bool
    ) throws(WorkoutLogError) -> Int {
        guard case let .strongLifts(initial) = reading.mode else { return start }
        return try readRecords(
            bytes, from: start, delimiter: initial.delimiter, file: file, reading: &reading, final: final
        ) { aggregator, reading, place throws(CellFault) in
            guard case var .strongLifts(state) = reading.mode else { return }
            // Out of the mode while it changes, so its set of rows is not copied per row.
            reading.mode = .undecided
            defer { reading.mode = .strongLifts(state) }
            // A row holds many sets: one skipped as invalid leaves none of them counted. (Its
            // row is added to the rows seen only once it has been read.)
            let before = aggregator.invalidLines == .skip ? (aggregator, state.dates) : nil
            do throws(CellFault) {
                try aggregator.readStrongLiftsRow(
                    bytes, fields: reading.fields, place: place, state: &state, file: file)
            } catch {
                if let before { (aggregator, state.dates) = before }
                throw error
            }
        }
    }

    /// One row: left out when it repeats one seen before, else each exercise's sets read.
    private mutating func readStrongLiftsRow(
        _ bytes: UnsafeRawBufferPointer, fields: [CSVField], place: RecordPlace, state: inout StrongLiftsReading,
        file: String
    ) throws(CellFault) {
        if Self.isEmpty(bytes, fields) { return }
        var end = place.record.next
        // The row without its line end: the last row of a file may have none.
        while end > place.start && (bytes[end - 1] == UInt8(ascii: "\n") || CellReader.isSpace(bytes[end - 1])) {
            end -= 1
        }
        let written = Array(bytes[place.start..<end])
        if state.seen.contains(written) { return notes.repeatedRows.add(place.line) }
        let day = try strongLiftsDay(bytes, fields, place: place, state: &state, file: file)
        try checkBodyWeights(bytes, fields, layout: state.layout)
        if !state.dates.waiting.isEmpty && state.dates.order != nil { countWaitingSets(&state, file: file) }
        switch state.layout.rows {
        case let .perWorkout(groups):
            for group in groups {
                try readGroup(group, bytes, fields, day: day, state: &state, file: file, line: place.line)
            }
        case let .perExercise(exercise, pairs, unit, time, counted):
            let name = Self.cell(fields, exercise)
            var sets: [GroupSet] = []
            for pair in pairs {
                guard let reps = try setReps(bytes, fields, pair.reps, state.layout) else { continue }
                let weight = try Self.cell(fields, pair.weight).flatMap { field throws(CellFault) in
                    try Self.weight(bytes, field, header: state.layout.headers[pair.weight])
                }
                sets.append(GroupSet(reps: reps, weight: weight))
            }
            // `Sets×Time` filled and `Sets×Reps` not: the cells count seconds.
            let timed = Self.isFilled(bytes, fields, time) && !Self.isFilled(bytes, fields, counted)
            try take(
                sets, unit: unit, timed: timed, name: name, nameColumn: exercise, bytes, day: day, state: &state,
                file: file, line: place.line)
        }
        state.seen.insert(written)
    }

    /// An exercise's group of a row per workout: its name, its weight, its sets.
    private mutating func readGroup(
        _ group: StrongLiftsLayout.Group, _ bytes: UnsafeRawBufferPointer, _ fields: [CSVField],
        day: StrongLiftsReading.Day, state: inout StrongLiftsReading, file: String, line: Int
    ) throws(CellFault) {
        var reps: [Int] = []
        for column in group.sets {
            if let count = try setReps(bytes, fields, column, state.layout) { reps.append(count) }
        }
        let headers = state.layout.headers
        let kilograms = try Self.cell(fields, group.kilograms).flatMap { field throws(CellFault) in
            try Self.weight(bytes, field, header: headers[group.kilograms!])
        }
        let pounds = try Self.cell(fields, group.pounds).flatMap { field throws(CellFault) in
            try Self.weight(bytes, field, header: headers[group.pounds!])
        }
        var weight = kilograms ?? pounds
        var unit: WeightUnit = kilograms != nil ? .kg : .lb
        if let kilograms, let pounds {
            // Both written (2015's export): the report's unit says which, else kilograms, said once.
            if log.unit == nil { notes.bothUnits = true }
            (weight, unit) = log.unit == .lb ? (pounds, .lb) : (kilograms, .kg)
        }
        try take(
            reps.map { GroupSet(reps: $0, weight: weight) }, unit: unit, timed: false,
            name: Self.cell(fields, group.name), nameColumn: group.name, bytes, day: day, state: &state, file: file,
            line: line)
    }

    /// Counts an exercise's sets: timed holds, sets without a weight and failed sets (0 reps) are
    /// left out; the others are its sets, once the exercise is named. Sets without a name are an
    /// error at the first, as they belong to no exercise; a group with neither is no group.
    private mutating func take(
        _ sets: [GroupSet], unit: WeightUnit, timed: Bool, name: CSVField?, nameColumn: Int,
        _ bytes: UnsafeRawBufferPointer, day: StrongLiftsReading.Day, state: inout StrongLiftsReading, file: String,
        line: Int
    ) throws(CellFault) {
        guard !sets.isEmpty else { return }
        let written = name.map { field in
            Self.value(bytes, field) { raw, range in
                String(decoding: UnsafeRawBufferPointer(rebasing: raw[range]), as: UTF8.self)
            }
        }
        guard let name, let written, !written.isEmpty else {
            let header = state.layout.headers[nameColumn]
            throw CellFault(
                offset: name?.start ?? 0, message: "sets without an exercise: `\(header)` is empty")
        }
        var counted: [GroupSet] = []
        for set in sets {
            if timed || StrongLiftsReading.isTimed(written) {
                leaveOut(LeftOutSets(withoutReps: 1))
            } else if (set.weight ?? 0) <= 0 {
                leaveOut(LeftOutSets(withoutWeight: 1))
            } else if set.reps == 0 {
                leaveOut(LeftOutSets(withoutReps: 1))  // A failed set.
            } else {
                counted.append(set)
            }
        }
        guard !counted.isEmpty else { return }
        let exercise = try exercise(bytes, name, header: state.layout.headers[nameColumn])
        for set in counted {
            let record = SetRecord(sets: 1, reps: set.reps, weight: set.weight!)
            switch day {
            case let .known(packedDate):
                self.record(
                    record, unit: unit, exercise: exercise, packedDate: packedDate, file: file, lineNumber: line)
            case let .waiting(date):
                state.dates.waiting.append(
                    StrongLiftsReading.WaitingSet(date: date, set: record, unit: unit, exercise: exercise, line: line))
            }
        }
    }

    /// A set cell: its reps, 0 for a failed set; nil for no set (empty, or `-1`: an accessory
    /// set not done).
    private func setReps(
        _ bytes: UnsafeRawBufferPointer, _ fields: [CSVField], _ column: Int, _ layout: StrongLiftsLayout
    ) throws(CellFault) -> Int? {
        guard let field = Self.cell(fields, column) else { return nil }
        return try Self.read(bytes, field) { raw, range throws(CellFault) in
            if range.count == 2 && raw[range.lowerBound] == UInt8(ascii: "-") && raw[range.lowerBound + 1] == 0x31 {
                return nil
            }
            return try CellReader.wholeNumber(raw, range, header: layout.headers[column], decimalComma: false)
        }
    }

    /// The body's weight is never read as a lift, but must be a number or nothing: anything else
    /// means the row's cells moved (a note with a comma), and reading on would misplace every set.
    private func checkBodyWeights(_ bytes: UnsafeRawBufferPointer, _ fields: [CSVField], layout: StrongLiftsLayout)
        throws(CellFault)
    {
        for column in layout.bodyWeights {
            guard let field = Self.cell(fields, column) else { continue }
            _ = try Self.weight(bytes, field, header: layout.headers[column])
        }
    }

    private static func weight(_ bytes: UnsafeRawBufferPointer, _ field: CSVField, header: String) throws(CellFault)
        -> Double?
    {
        try read(bytes, field) { raw, range throws(CellFault) in
            try CellReader.weight(raw, range, header: header, decimalComma: false)
        }
    }

    /// The field of `column`, nil past the row's end (a row shorter than its header).
    private static func cell(_ fields: [CSVField], _ column: Int?) -> CSVField? {
        guard let column, column < fields.count else { return nil }
        return fields[column]
    }

    private static func isFilled(_ bytes: UnsafeRawBufferPointer, _ fields: [CSVField], _ column: Int?) -> Bool {
        guard let field = cell(fields, column) else { return false }
        return value(bytes, field) { _, range in !range.isEmpty }
    }
}
