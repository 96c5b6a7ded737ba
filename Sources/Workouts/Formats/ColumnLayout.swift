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
        /// Hevy's `set_type`: `warmup` marks a warm-up (`normal`, `failure`, `dropset` do not).
        case setType(Int)
        /// A yes/no column: Fitbod's `isWarmup`, a `csv` file's warm-up column.
        case flag(Int)
        /// Strong's `Set Order`: a `W` in place of the number marks a warm-up.
        case setOrder(Int)
    }

    /// Strong's column names in each language its export is known to be written in (the app
    /// writes its header in the app's language). Verified: English and German (docs/workouts.md).
    struct StrongLanguage: Sendable {
        var language: String
        var date: String
        var exercise: String
        var setOrder: String
        var weight: String
        var reps: String
    }

    static let strongLanguages = [
        StrongLanguage(
            language: "English", date: "Date", exercise: "Exercise Name", setOrder: "Set Order", weight: "Weight",
            reps: "Reps"),
        StrongLanguage(
            language: "German", date: "Datum", exercise: "Name der Übung", setOrder: "Reihenfolge festlegen",
            weight: "Gewicht", reps: "Wiederh.")
    ]

    /// What Strong writes in `Set Order` for a rest timer's row, which is no set, per language.
    static let strongRestRows: [StaticString] = ["Rest Timer", "Ruhezeit"]

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
    /// Strong's set-order column, whose rest-timer rows are no sets.
    var restRows: Int?
    /// FitNotes' category column, which follows a name its rows may split at unquoted commas.
    var category: Int?
    var sets: Int?
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
        if strongLanguages.contains(where: { keys.contains(key($0.exercise)) && keys.contains(key($0.setOrder)) }) {
            return .strong
        }
        if keys.contains("exercise_title") && keys.contains("start_time") { return .hevy }
        if keys.contains("exercise") && (keys.contains("iswarmup") || keys.contains("multiplier")) { return .fitbod }
        if keys.contains("exercise") && keys.contains("category") { return .fitnotes }
        return nil
    }

    /// Why a header cannot be read as `format`: the column it lacks.
    struct Missing: Error {
        var message: String
    }

    /// The layout of a file in `format` with this header. `fallbackUnit` is the unit of weights
    /// that neither a column nor the header gives.
    static func make(
        _ format: WorkoutFormat, headers: [String], delimiter: UInt8, columns: CSVColumns?,
        fallbackUnit: WeightUnit
    ) throws(Missing) -> ColumnLayout {
        let keys = headers.map(key)
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
        var layout = ColumnLayout(
            format: format, delimiter: delimiter, headers: headers, date: 0, exercise: 0, reps: 0,
            weight: 0, unit: .fixed(fallbackUnit), sets: nil, warmup: .none, days: .automatic)
        switch format {
        case .gazette, .jefit:
            preconditionFailure("\(format.rawValue) files have no header of this kind")
        case .strong:
            // The header's language: the one whose exercise column it has (English if none).
            let names = strongLanguages.first { index([$0.exercise]) != nil } ?? strongLanguages[0]
            layout.date = try required([names.date])
            layout.exercise = try required([names.exercise])
            layout.reps = try required([names.reps])
            if let kg = index(["Weight (kg)", "Weight (kgs)"]) {
                layout.weight = kg
                layout.unit = .fixed(.kg)
            } else if let lb = index(["Weight (lbs)", "Weight (lb)"]) {
                layout.weight = lb
                layout.unit = .fixed(.lb)
            } else {
                layout.weight = try required([names.weight], "`\(names.weight)` (or `Weight (kg)`, `Weight (lbs)`)")
                if let unit = index(["Weight Unit"]) { layout.unit = .column(unit) } else { layout.unitSaid = false }
            }
            if let order = index([names.setOrder]) {
                layout.warmup = .setOrder(order)
                layout.restRows = order
            }
        case .hevy:
            layout.date = try required(["start_time"])
            layout.exercise = try required(["exercise_title"])
            layout.reps = try required(["reps"])
            if let kg = index(["weight_kg"]) {
                layout.weight = kg
                layout.unit = .fixed(.kg)
            } else {
                layout.weight = try required(["weight_lbs"], "`weight_kg` or `weight_lbs`")
                layout.unit = .fixed(.lb)
            }
            if let type = index(["set_type"]) { layout.warmup = .setType(type) }
            layout.days = .hevy
        case .fitbod:
            layout.date = try required(["Date"])
            layout.exercise = try required(["Exercise"])
            layout.reps = try required(["Reps"])
            // Fitbod writes kilograms whatever the app shows.
            layout.weight = try required(["Weight(kg)"], "`Weight(kg)`")
            layout.unit = .fixed(.kg)
            if let flag = index(["isWarmup"]) { layout.warmup = .flag(flag) }
        case .fitnotes:
            layout.date = try required(["Date"])
            layout.exercise = try required(["Exercise"])
            layout.reps = try required(["Reps"])
            if let kg = index(["Weight (kgs)", "Weight (kg)"]) {
                layout.weight = kg
                layout.unit = .fixed(.kg)
            } else if let lb = index(["Weight (lbs)", "Weight (lb)"]) {
                layout.weight = lb
                layout.unit = .fixed(.lb)
            } else {
                // Today's export: `Weight` with the unit per row in `Weight Unit` (`kgs`, `lbs`).
                layout.weight = try required(["Weight"], "`Weight (kgs)`, `Weight (lbs)` or `Weight` and `Weight Unit`")
                if let unit = index(["Weight Unit"]) { layout.unit = .column(unit) } else { layout.unitSaid = false }
            }
            layout.category = index(["Category"])
        case .csv:
            guard let columns else {
                throw Missing(message: "a csv file needs its columns named in the job (`columns:`)")
            }
            func named(_ name: String, _ role: String) throws(Missing) -> Int {
                guard let found = index([name]) else {
                    throw Missing(
                        message: "the header has no `\(name)` column, which the job's `columns:` names for the \(role)")
                }
                return found
            }
            layout.date = try named(columns.date, "date")
            layout.exercise = try named(columns.exercise, "exercise")
            layout.reps = try named(columns.reps, "reps")
            layout.weight = try named(columns.weight, "weight")
            if let unit = columns.unit {
                layout.unit = .column(try named(unit, "unit"))
            } else if let fixed = columns.weightUnit {
                layout.unit = .fixed(fixed)
            } else {
                layout.unitSaid = false
            }
            if let sets = columns.sets { layout.sets = try named(sets, "sets") }
            if let warmup = columns.warmup { layout.warmup = .flag(try named(warmup, "warm-up flag")) }
            if let pattern = columns.dateFormat {
                guard let reader = DayReader(pattern: pattern) else {
                    throw Missing(message: "the date format `\(pattern)` needs YYYY, MM (or MMM) and DD")
                }
                layout.days = reader
            }
        }
        var needed = [layout.date, layout.exercise, layout.reps, layout.weight]
        if let sets = layout.sets { needed.append(sets) }
        if case let .column(unit) = layout.unit { needed.append(unit) }
        switch layout.warmup {
        case let .setType(column), let .flag(column), let .setOrder(column): needed.append(column)
        case .none: break
        }
        layout.needed = Array(Set(needed)).sorted()
        return layout
    }
}
