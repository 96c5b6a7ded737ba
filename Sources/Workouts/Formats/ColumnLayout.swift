/// Where one file's values are: the column of each by its index, found once from the header by
/// name, so a row is read without looking a name up. Made by `ColumnLayout.make`.
struct ColumnLayout: Sendable {
    enum UnitSource: Sendable {
        /// The unit is in this column (`Weight Unit`, a `csv` file's unit column).
        case column(Int)
        /// Every weight of the file is in this unit (from the header, the format or the job).
        case fixed(WeightUnit)
    }

    enum WarmupSource: Sendable {
        case none
        /// Hevy's `set_type`: `warmup` marks a warm-up (`normal`, `failure`, `dropset` do not);
        /// Lyfta's `Set Type`: `WARMUP_SET`.
        case setType(Int)
        /// A yes/no column: Fitbod's `isWarmup`, a `csv` file's warm-up column.
        case flag(Int)
        /// Strong's `Set Order`: `W` or `WARM_UP` in place of the number marks a warm-up.
        case setOrder(Int)
    }

    /// Strong's column names in English, the app's first language; a header in another
    /// language is known by its layout (`StrongLayout`).
    enum StrongNames {
        static let date = "Date", exercise = "Exercise Name", setOrder = "Set Order", weight = "Weight"
        static let reps = "Reps"
    }

    var format: WorkoutFormat
    var delimiter: UInt8
    /// The header's names as written, for messages.
    var headers: [String]
    var date: Int
    var exercise: Int
    var reps: Int
    var weight: Int
    var unit: UnitSource
    /// Whether the file says its unit (a unit column, the header, the format); false when its
    /// weights are read in a unit the job or a default gave.
    var unitSaid = true
    /// Strong's set-order column, whose rest-timer and note rows are no sets.
    var restRows: Int?
    /// GymBook's columns, whose rows are read by their own rules (`readGymBookRow`).
    var gymBook: GymBookColumns?
    /// The word `null` in a number's cell means no value (Lyfta writes it for a set without one).
    var nullIsEmpty = false
    /// A row whose reps are empty was not done (Liftosaur's incomplete set, its weight often empty
    /// too): counted among the rows without reps before its weight is looked at.
    var emptyRepsIsNotDone = false
    /// FitNotes' category column, which follows a name its rows may split at unquoted commas.
    var category: Int?
    var sets: Int?
    /// Strong's `RPE`, Hevy's `rpe`: how hard each set was, for estimates that count the reps
    /// left (`Effort`); an unreadable cell is no RPE.
    var rpe: Int?
    var warmup: WarmupSource
    var days: DayReader
    /// The columns a row is read from, in the header's order.
    var needed: [Int] = []
    /// The highest column a row must reach.
    var lastNeeded: Int { needed.last ?? 0 }

    /// Numbers may use a decimal comma where commas do not separate the fields.
    var decimalComma: Bool { delimiter != UInt8(ascii: ",") }

    /// A header name as compared: ASCII letters lowercased, spaces dropped, so `Weight (kg)`,
    /// `weight (kg)` and `Weight(kg)` are one name.
    static func key(_ name: String) -> String {
        String(
            String.UnicodeScalarView(
                name.unicodeScalars.filter { $0 != " " && $0 != "\t" }.map {
                    $0.properties.isUppercase && $0.isASCII ? Unicode.Scalar($0.value + 32)! : $0
                }))
    }

    /// Which app wrote a file with this header, by the columns each app's every shape has.
    static func detect(_ headers: [String]) -> WorkoutFormat? {
        let keys = Set(headers.map(key))
        if hasStrongNames(headers) { return .strong }
        if keys.contains("exercise_title") && keys.contains("start_time") { return .hevy }
        if keys.contains("exercise") && (keys.contains("iswarmup") || keys.contains("multiplier")) { return .fitbod }
        if keys.contains("exercise") && keys.contains("category") { return .fitnotes }
        if keys.contains("supersetid") && keys.contains("settype") { return .lyfta }
        if keys.contains("iswarmupset?") && keys.contains("completedreps") { return .liftosaur }
        if isGymRun(headers) { return .gymrun }
        if GymBookColumns(headers: headers) != nil { return .gymbook }
        if StrongLiftsLayout(headers: headers) != nil { return .stronglifts }
        return nil
    }

    /// GymRun's first nine columns, shared by its export (18 columns, `Para6`… after them) and its
    /// import template (11, `Note;Template1` after them).
    static let gymRunLead = ["date", "time", "routine", "exercise", "set", "weight", "reps", "duration", "distance"]

    static func isGymRun(_ headers: [String]) -> Bool {
        headers.count >= gymRunLead.count && zip(headers, gymRunLead).allSatisfy { key($0) == $1 }
    }

    /// Whether the header names Strong's columns in English.
    static func hasStrongNames(_ headers: [String]) -> Bool {
        let keys = Set(headers.map(key))
        return keys.contains(key(StrongNames.exercise)) && keys.contains(key(StrongNames.setOrder))
    }

    /// Why a header cannot be read as `format`: the column it lacks.
    struct Missing: Error {
        var message: String
    }

    /// The layout of a file in `format` with this header. `strongShape` places Strong's columns
    /// when the header does not name them in English; `fallbackUnit` is the unit of weights that
    /// neither a column nor the header gives.
    static func make(
        _ format: WorkoutFormat, headers: [String], delimiter: UInt8, columns: CSVColumns?,
        strongShape: StrongLayout? = nil, fallbackUnit: WeightUnit
    ) throws(Missing) -> ColumnLayout {
        let header = HeaderNames(keys: headers.map(key), format: format)
        var layout = ColumnLayout(
            format: format, delimiter: delimiter, headers: headers, date: 0, exercise: 0, reps: 0,
            weight: 0, unit: .fixed(fallbackUnit), sets: nil, warmup: .none, days: .automatic)
        switch format {
        case .gazette, .jefit, .alphaProgression, .stronglifts, .wger:
            preconditionFailure("\(format.rawValue) files have no header of this kind")
        case .strong: try layout.readStrong(header, shape: strongShape)
        case .hevy: try layout.readHevy(header)
        case .fitbod: try layout.readFitbod(header)
        case .fitnotes: try layout.readFitNotes(header)
        case .lyfta: try layout.readLyfta(header)
        case .liftosaur: try layout.readLiftosaur(header)
        case .gymrun: try layout.readGymRun(header)
        case .gymbook: try layout.readGymBook()
        case .csv:
            guard let columns else {
                throw Missing(message: "a csv file needs its columns named in the job (`columns:`)")
            }
            try layout.readCSV(header, columns)
        }
        layout.settleNeeded()
        return layout
    }

    /// A header's names as compared (`key`), and the columns a format needs from it.
    private struct HeaderNames {
        var keys: [String]
        var format: WorkoutFormat

        func index(_ names: [String]) -> Int? {
            for name in names { if let found = keys.firstIndex(of: key(name)) { return found } }
            return nil
        }

        func required(_ names: [String], _ what: String? = nil) throws(Missing) -> Int {
            guard let found = index(names) else {
                let named = what ?? "`\(names[0])`"
                throw Missing(message: "the header has no \(named) column, which a \(format.rawValue) file has")
            }
            return found
        }
    }

    /// Strong's columns by their English names, else by the places of the shape its rows fit
    /// (a header in another language).
    private mutating func readStrong(_ header: HeaderNames, shape: StrongLayout?) throws(Missing) {
        if header.index([StrongNames.exercise]) == nil, let shape { return readStrong(shape) }
        date = try header.required([StrongNames.date])
        exercise = try header.required([StrongNames.exercise])
        reps = try header.required([StrongNames.reps])
        try readWeight(header, plain: StrongNames.weight, "`Weight` (or `Weight (kg)`, `Weight (lbs)`, `kg`, `lbs`)")
        if let order = header.index([StrongNames.setOrder]) {
            warmup = .setOrder(order)
            restRows = order
        }
        rpe = header.index(["RPE"])
    }

    private mutating func readStrong(_ shape: StrongLayout) {
        date = shape.date
        exercise = shape.exercise
        reps = shape.reps
        weight = shape.weight
        warmup = .setOrder(shape.setOrder)
        restRows = shape.setOrder
        rpe = shape.rpe
        if let column = shape.unit {
            unit = .column(column)
        } else if let said = StrongLayout.unit(inName: headers[shape.weight]) {
            unit = .fixed(said)
        } else {
            unitSaid = false
        }
    }

    private mutating func readHevy(_ header: HeaderNames) throws(Missing) {
        date = try header.required(["start_time"])
        exercise = try header.required(["exercise_title"])
        reps = try header.required(["reps"])
        if let kg = header.index(["weight_kg"]) {
            weight = kg
            unit = .fixed(.kg)
        } else {
            weight = try header.required(["weight_lbs"], "`weight_kg` or `weight_lbs`")
            unit = .fixed(.lb)
        }
        if let type = header.index(["set_type"]) { warmup = .setType(type) }
        rpe = header.index(["rpe"])
        days = .hevy
    }

    private mutating func readFitbod(_ header: HeaderNames) throws(Missing) {
        date = try header.required(["Date"])
        exercise = try header.required(["Exercise"])
        reps = try header.required(["Reps"])
        // Fitbod writes kilograms whatever the app shows.
        weight = try header.required(["Weight(kg)"], "`Weight(kg)`")
        unit = .fixed(.kg)
        if let flag = header.index(["isWarmup"]) { warmup = .flag(flag) }
    }

    private mutating func readFitNotes(_ header: HeaderNames) throws(Missing) {
        date = try header.required(["Date"])
        exercise = try header.required(["Exercise"])
        reps = try header.required(["Reps"])
        // Today's export: `Weight` with the unit per row in `Weight Unit` (`kgs`, `lbs`).
        try readWeight(header, plain: "Weight", "`Weight (kgs)`, `Weight (lbs)` or `Weight` and `Weight Unit`")
        category = header.index(["Category"])
    }

    /// Lyfta's columns: its weights in the lifter's unit, which the file does not say; `Set Type`
    /// `WARMUP_SET` a warm-up (`NORMAL_SET`, `DROP_SET`, `FAILURE_SET` sets); `null` an empty cell.
    private mutating func readLyfta(_ header: HeaderNames) throws(Missing) {
        date = try header.required(["Date"])
        exercise = try header.required(["Exercise"])
        reps = try header.required(["Reps"])
        weight = try header.required(["Weight"])
        unitSaid = false
        if let type = header.index(["Set Type"]) { warmup = .setType(type) }
        nullIsEmpty = true
    }

    /// Liftosaur's columns in any of its headers: 2022's `DateTime`, later `Workout DateTime`; what
    /// was done (`Completed Reps`, 2025's `Completed Weight Value` and `Completed Weight Unit`, else
    /// the set's one `Weight Value` and `Weight Unit`), never what was planned (`Required …`).
    private mutating func readLiftosaur(_ header: HeaderNames) throws(Missing) {
        date = try header.required(["Workout DateTime", "DateTime"])
        exercise = try header.required(["Exercise"])
        reps = try header.required(["Completed Reps"])
        weight = try header.required(
            ["Completed Weight Value", "Weight Value"], "`Completed Weight Value` (or `Weight Value`)")
        unit = .column(
            try header.required(["Completed Weight Unit", "Weight Unit"], "`Completed Weight Unit` (or `Weight Unit`)"))
        warmup = .flag(try header.required(["Is Warmup Set?"]))
        rpe = header.index(["Completed RPE", "RPE"])
        emptyRepsIsNotDone = true
    }

    /// GymRun's columns: `DD.MM.YYYY` days, weights in a unit the file does not say.
    private mutating func readGymRun(_ header: HeaderNames) throws(Missing) {
        guard Self.isGymRun(headers) else {
            throw Missing(
                message: "the header does not start with GymRun's `Date;Time;Routine;Exercise;Set;Weight;Reps;"
                    + "Duration;Distance`")
        }
        date = try header.required(["Date"])
        exercise = try header.required(["Exercise"])
        reps = try header.required(["Reps"])
        weight = try header.required(["Weight"])
        unitSaid = false
        days = .gymRun
    }

    /// GymBook's columns by their places: its header's words are the app's language's.
    private mutating func readGymBook() throws(Missing) {
        guard let columns = GymBookColumns(headers: headers) else {
            throw Missing(
                message: "the header has not GymBook's layout (twelve columns, the eighth three names joined by ` / `)")
        }
        gymBook = columns
        date = GymBookColumns.date
        exercise = GymBookColumns.exercise
        reps = columns.reps
        weight = columns.weight
        unitSaid = false
        days = DayReader(pattern: "DD/MM/YY")!
    }

    /// The weight column with its unit in its name (`Weight (kg)`, `Weight (lbs)`, Strong 2016's
    /// `kg` and `lbs`), else the plain
    /// one with a `Weight Unit` column per row, else a unit nobody said.
    private mutating func readWeight(_ header: HeaderNames, plain: String, _ what: String) throws(Missing) {
        if let kg = header.index(["Weight (kg)", "Weight (kgs)", "kg"]) {
            weight = kg
            unit = .fixed(.kg)
        } else if let lb = header.index(["Weight (lbs)", "Weight (lb)", "lbs", "lb"]) {
            weight = lb
            unit = .fixed(.lb)
        } else {
            weight = try header.required([plain], what)
            if let column = header.index(["Weight Unit"]) { unit = .column(column) } else { unitSaid = false }
        }
    }

    private mutating func readCSV(_ header: HeaderNames, _ columns: CSVColumns) throws(Missing) {
        func named(_ name: String, _ role: String) throws(Missing) -> Int {
            guard let found = header.index([name]) else {
                throw Missing(
                    message: "the header has no `\(name)` column, which the job's `columns:` names for the \(role)")
            }
            return found
        }
        date = try named(columns.date, "date")
        exercise = try named(columns.exercise, "exercise")
        reps = try named(columns.reps, "reps")
        weight = try named(columns.weight, "weight")
        if let column = columns.unit {
            unit = .column(try named(column, "unit"))
        } else if let fixed = columns.weightUnit {
            unit = .fixed(fixed)
        } else {
            unitSaid = false
        }
        if let column = columns.sets { sets = try named(column, "sets") }
        if let column = columns.warmup { warmup = .flag(try named(column, "warm-up flag")) }
        if let pattern = columns.dateFormat {
            guard let reader = DayReader(pattern: pattern) else {
                throw Missing(message: "the date format `\(pattern)` needs YYYY (or YY), MM (or MMM) and DD")
            }
            days = reader
        }
    }

    /// The columns a row is read from, in the header's order.
    private mutating func settleNeeded() {
        var columns = [date, exercise, reps, weight]
        if let sets { columns.append(sets) }
        if let gymBook { columns += [gymBook.kind] + (gymBook.skipped.map { [$0] } ?? []) }
        if case let .column(column) = unit { columns.append(column) }
        switch warmup {
        case let .setType(column), let .flag(column), let .setOrder(column): columns.append(column)
        case .none: break
        }
        needed = Array(Set(columns)).sorted()
    }
}
