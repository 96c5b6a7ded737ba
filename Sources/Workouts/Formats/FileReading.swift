/// Where the reading of one file stands between the pieces it arrives in: its format once the
/// first line has told it, the line the next record starts on, and the CSV layout.
struct FileReading {
    enum Mode {
        /// Before the first non-blank line is whole.
        case undecided
        /// SPEC §1.4's lines, read by `LogLineParser`.
        case lines
        /// CSV rows under a header.
        case rows(ColumnLayout)
        /// JEFIT's sections of CSV, each under its banner.
        case sections(JefitReading)
        /// Alpha Progression's blocks, a workout each.
        case blocks(AlphaReading)
        /// StrongLifts' rows, each with several exercises' sets.
        case strongLifts(StrongLiftsReading)
        /// JSON (wger's workout logs), held whole and read at the end of the file.
        case json
    }

    var mode: Mode = .undecided
    /// No piece has been read yet, so a BOM may start the next one.
    var first = true
    /// Lines before the next piece (line format), or the line the next record starts on (CSV).
    var line = 1
    /// The unit of weights that nothing in the file gives.
    var fileUnit: WeightUnit = .lb
    /// Reused for every record: no array is made per row.
    var fields: [CSVField] = []

    var decided: Bool {
        if case .undecided = mode { return false }
        return true
    }
}
