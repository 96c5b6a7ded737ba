/// The days of StrongLifts' rows. Today's rows say their pattern in the header (`Date
/// (yyyy/mm/dd)`); the rows per workout write `14/03/15` or `03/14/15` as the app's version chose,
/// so the file's own dates decide the order: a number above 12 can only be a day. Sets wait until
/// a date shows the order; a file where none does is an error asking for `date-format:`.
extension OneRepMaxAggregator {
    /// The day of the row, or its date waiting for the order. A date that contradicts the order
    /// an earlier one showed is an error at its cell, naming both.
    func strongLiftsDay(
        _ bytes: UnsafeRawBufferPointer, _ fields: [CSVField], place: RecordPlace, state: inout StrongLiftsReading,
        file: String
    ) throws(CellFault) -> StrongLiftsReading.Day {
        let header = state.layout.headers[state.layout.date]
        guard state.layout.date < fields.count else {
            throw CellFault(offset: place.start, message: "`\(header)` is missing")
        }
        let field = fields[state.layout.date]
        let shown = Self.value(bytes, field) { raw, range in CellReader.shown(raw, range) }
        if shown.isEmpty { throw CellFault(offset: field.start, message: "`\(header)` is empty") }
        if let days = state.days {
            guard let day = Self.value(bytes, field, { raw, range in days.day(raw, range) }) else {
                throw CellFault(
                    offset: field.start, message: "`\(header)` is not a date like \(days.example): `\(shown)`")
            }
            return .known(day)
        }
        guard let date = Self.value(bytes, field, { raw, range in SlashDate(raw, range) }),
            date.first <= 12 || date.second <= 12
        else {
            throw CellFault(
                offset: field.start, message: "`\(header)` is not a date like 14/03/15 or 03/14/15: `\(shown)`")
        }
        if let order = date.shownOrder {
            if let known = state.dates.order, known.order != order {
                throw CellFault(
                    offset: field.start,
                    message:
                        "`\(header)` `\(shown)` is written \(order.words), where line \(known.line)'s "
                        + "`\(known.written)` is \(known.order.words): a file writes its dates in one order")
            }
            if state.dates.order == nil {
                state.dates.order = StrongLiftsReading.ShownOrder(order: order, line: place.line, written: shown)
            }
        }
        guard let order = state.dates.order?.order else {
            if state.dates.undecided == nil {
                state.dates.undecided = failure(
                    file: file, line: place.line, at: field.start, lineStart: place.start, in: bytes, message: shown)
                state.dates.undecidedShortYear = date.shortYear
            }
            return .waiting(date)
        }
        guard let day = date.packed(order) else {
            throw CellFault(
                offset: field.start, message: "`\(header)` is no day when read \(order.words): `\(shown)`")
        }
        return .known(day)
    }

    /// Counts the sets that waited for the order, once a date has shown it.
    mutating func countWaitingSets(_ state: inout StrongLiftsReading, file: String) {
        guard let order = state.dates.order?.order else { return }
        for waiting in state.dates.waiting {
            // Both numbers are 12 or less, so the date is a day in either order.
            guard let day = waiting.date.packed(order) else { continue }
            record(
                waiting.set, unit: waiting.unit, exercise: waiting.exercise, packedDate: day, file: file,
                lineNumber: waiting.line)
        }
        state.dates.waiting = []
    }

    /// Ends a StrongLifts file: sets whose dates never showed their order are an error at the
    /// first such date, naming the patterns that would read it.
    func finishStrongLifts(_ state: StrongLiftsReading) throws(WorkoutLogError) {
        guard !state.dates.waiting.isEmpty, var error = state.dates.undecided else { return }
        let written = "`\(state.layout.headers[state.layout.date])` `\(error.message)`"
        let year = state.dates.undecidedShortYear ? "YY" : "YYYY"
        error.message =
            "\(written) may be day first or month first, and no date in the file has a number above 12 to tell: "
            + "set `date-format: DD/MM/\(year)` on the report if days come first, `date-format: MM/DD/\(year)` if "
            + "months do (`--date-format` on the command line)"
        throw error
    }
}
