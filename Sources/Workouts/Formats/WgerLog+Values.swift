/// What a wger log says once its values are read: a set, or why it gives no 1RM. A value that
/// cannot be read is a fault at its place, naming its key as the API does.
extension WgerLog {
    enum Reading {
        case set(LoggedSet)
        case leftOut(LeftOutSets)
    }

    struct LoggedSet {
        var packedDate: Int
        /// `wger exercise 123`: the file names no exercise but by its id.
        var name: [UInt8]
        var reps: Int
        var weight: Double
        var unit: WeightUnit
        var effort: Effort?
    }

    /// The exercise's name for an id: what `exercise-names:` maps.
    static func name(ofId id: String) -> String { "wger exercise \(id)" }

    func read(_ scanner: JSONScanner) throws(CellFault) -> Reading {
        guard let date, date.kind == .string,
            let day = Self.text(date, scanner, { raw, range in DayReader.automatic.day(raw, range) })
        else {
            let shown = date.map { Self.shown($0, scanner) } ?? ""
            throw CellFault(
                offset: date?.range.lowerBound ?? start, message: "`date` is not a date like 2025-05-20: `\(shown)`")
        }
        let name = try exerciseName(scanner)
        if try Self.unitId(repetitionsUnit, "repetitions_unit", scanner) != Self.repetitionsId {
            return .leftOut(LeftOutSets(withoutReps: 1))
        }
        let unit: WeightUnit
        switch try Self.unitId(weightUnit, "weight_unit", scanner) {
        case Self.kilogramsId: unit = .kg
        case Self.poundsId: unit = .lb
        default: return .leftOut(LeftOutSets(withoutWeight: 1))
        }
        let load = try weight.flatMap { value throws(CellFault) in
            value.kind == .null
                ? nil
                : try Self.text(value, scanner) { raw, range throws(CellFault) in
                    try CellReader.weight(raw, range, header: "weight", decimalComma: false)
                }
        }
        guard let load, load > 0 else { return .leftOut(LeftOutSets(withoutWeight: 1)) }
        guard let reps = try Self.count(repetitions, scanner), reps > 0 else {
            return .leftOut(LeftOutSets(withoutReps: 1))
        }
        let effort = reserve.flatMap { value in
            Self.text(value, scanner) { raw, range in
                CellReader.decimal(raw, range, decimalComma: false).value.map(Effort.repsInReserve)
            }
        }
        return .set(LoggedSet(packedDate: day, name: name, reps: reps, weight: load, unit: unit, effort: effort))
    }

    /// `wger exercise 123` for the id in `exercise` (a number, or a string such as a UUID).
    private func exerciseName(_ scanner: JSONScanner) throws(CellFault) -> [UInt8] {
        guard let exercise else { throw CellFault(offset: start, message: "the log has no `exercise`") }
        let id = Self.text(exercise, scanner) { raw, range in
            String(decoding: UnsafeRawBufferPointer(rebasing: raw[range]), as: UTF8.self)
        }
        // An id is a number or a UUID (wger 2.6): anything longer is no id.
        guard exercise.kind == .number || exercise.kind == .string, !id.isEmpty, id.utf8.count <= 40 else {
            throw CellFault(
                offset: exercise.range.lowerBound,
                message: "`exercise` is no exercise's id: `\(Self.shown(exercise, scanner))`")
        }
        return Array(Self.name(ofId: id).utf8)
    }

    /// Reps as a whole count: wger writes them as decimals (`"8.00"`), and a fraction of a rep
    /// (`"8.50"`) is not one more: the whole reps done. Nil when there are none.
    private static func count(_ value: Value?, _ scanner: JSONScanner) throws(CellFault) -> Int? {
        guard let value, value.kind != .null else { return nil }
        let shown = shown(value, scanner)
        let read = text(value, scanner) { raw, range in CellReader.decimal(raw, range, decimalComma: false) }
        guard read.valid, value.kind != .other else {
            throw CellFault(offset: value.range.lowerBound, message: "`repetitions` is not a number: `\(shown)`")
        }
        guard let count = read.value else { return nil }
        guard count >= 0, count <= Double(CellReader.maxWholeNumber) else {
            throw CellFault(
                offset: value.range.lowerBound,
                message: "`repetitions` must be from 0 to \(CellReader.maxWholeNumber): `\(shown)`")
        }
        return Int(count.rounded(.down))
    }

    /// A unit's id; absent or null is wger's default, 1 (kilograms, repetitions).
    private static func unitId(_ value: Value?, _ key: String, _ scanner: JSONScanner) throws(CellFault) -> Int {
        guard let value, value.kind != .null else { return 1 }
        let shown = shown(value, scanner)
        guard value.kind != .other, let id = Int(shown) else {
            throw CellFault(
                offset: value.range.lowerBound, message: "`\(key)` is not one of wger's unit ids: `\(shown)`")
        }
        return id
    }

    /// `body` on the value's text: in place, or decoded first when the string has escapes.
    private static func text<T>(
        _ value: Value, _ scanner: JSONScanner, _ body: (UnsafeRawBufferPointer, Range<Int>) throws(CellFault) -> T
    ) throws(CellFault) -> T {
        guard value.escaped else { return try body(scanner.bytes, value.range) }
        var outcome: Result<T, CellFault>!
        scanner.decoded(value).withUnsafeBytes { raw in
            outcome = Result { () throws(CellFault) in try body(raw, 0..<raw.count) }
        }
        do { return try outcome.get() } catch {
            throw CellFault(offset: value.range.lowerBound, message: error.message)
        }
    }

    private static func text<T>(
        _ value: Value, _ scanner: JSONScanner, _ body: (UnsafeRawBufferPointer, Range<Int>) -> T
    )
        -> T
    {
        guard value.escaped else { return body(scanner.bytes, value.range) }
        return scanner.decoded(value).withUnsafeBytes { raw in body(raw, 0..<raw.count) }
    }

    /// The value as written, for messages: at most 40 characters.
    private static func shown(_ value: Value, _ scanner: JSONScanner) -> String {
        text(value, scanner) { raw, range in CellReader.shown(raw, range) }
    }
}
