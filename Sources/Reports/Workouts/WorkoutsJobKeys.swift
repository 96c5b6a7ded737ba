import Foundation
import GazetteCore
import Workouts

/// Reads the keys of a workouts report that say how its files are read: `unit:`, `format:`,
/// `columns:`, `max-reps:`, `include-warmups:`, `exercise-names:`, `rpe-estimates:`, and when a
/// lift has stalled (`stall-weeks:`, `stall-sessions:`). Every error names the key's place.
package enum WorkoutsJobKeys {
    /// The keys of `columns:`, each the name of a column in the file's header but the last two.
    package static let columnKeys = [
        "date", "exercise", "reps", "weight", "unit", "sets", "warmup", "date-format", "weight-unit"
    ]
    static let requiredColumnKeys = ["date", "exercise", "reps", "weight"]

    package static var columnsSchema: JSONValue {
        var properties: [String: JSONValue] = [:]
        for key in columnKeys {
            switch key {
            case "date-format":
                properties[key] = OptionKey.text(
                    "how dates are written, such as DD/MM/YYYY (YYYY or YY, MM or M, MMM for a month's name, DD or D); default: 2019-01-11, 20 Nov 2023 or Nov 20 2023"
                )
            case "weight-unit":
                properties[key] = OptionKey.oneOf(
                    WeightUnit.allCases.map(\.rawValue),
                    "the unit of every weight where the file has no unit column (default: the report's unit, else kg)")
            default:
                properties[key] = OptionKey.text(
                    "the header of the file's \(key == "warmup" ? "warm-up flag" : key) column")
            }
        }
        return .object([
            "type": .string("object"), "additionalProperties": .bool(false),
            "required": .array(requiredColumnKeys.map(JSONValue.string)),
            "properties": .object(properties),
            "description": .string("for format csv: which column holds what, named by its header")
        ])
    }

    /// `kg` or `lb`.
    package static func unit(_ value: OptionValue) throws(BuildError) -> WeightUnit {
        let text = try value.text().trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty else { throw value.error("unit must not be empty: kg or lb") }
        guard let unit = WeightUnit(rawValue: text.lowercased()) else {
            throw value.error("unit must be kg or lb, found \"\(text)\"")
        }
        return unit
    }

    package static func read(_ fields: OptionFields, into options: inout WorkoutsOptions) throws(BuildError) {
        if let value = fields["weights-in"] { options.weightsIn = try unit(value) }
        if let value = fields["format"] {
            let name = try value.text().trimmingCharacters(in: .whitespaces).lowercased()
            guard let format = WorkoutFormatChoice(name: name) else {
                throw value.error(
                    "unknown format \"\(name)\" (expected one of: \(WorkoutFormatChoice.names.joined(separator: ", ")))"
                )
            }
            options.format = format
        }
        if let value = fields["columns"] {
            options.columns = try columns(value)
            if options.format == .auto { options.format = .named(.csv) }
            guard options.format == .named(.csv) else {
                throw value.error("columns goes with format: csv, not \(options.format.name)")
            }
        } else if options.format == .named(.csv) {
            throw (fields["format"] ?? OptionValue(.scalar(""), at: .none)).error(
                "format: csv needs columns: naming the date, exercise, reps and weight columns")
        }
        if let value = fields["date-format"] { options.dateFormat = try dateFormat(value, format: options.format) }
        if let value = fields["max-reps"] {
            let text = try value.text().trimmingCharacters(in: .whitespaces)
            guard let reps = Int(text), (1...OneRepMaxFormula.repLimit - 1).contains(reps) else {
                throw value.error(
                    "max-reps must be a whole number from 1 to \(OneRepMaxFormula.repLimit - 1), found \"\(text)\"")
            }
            options.maxReps = reps
        }
        if let value = fields["include-warmups"] {
            guard let flag = value.flag else { throw value.error("include-warmups must be true or false") }
            options.includeWarmups = flag
        }
        if let value = fields["rpe-estimates"] {
            guard let flag = value.flag else { throw value.error("rpe-estimates must be true or false") }
            options.effortCounts = flag
        }
        options.stallWeeks = try whole(fields, "stall-weeks", in: 1...520) ?? options.stallWeeks
        options.stallSessions = try whole(fields, "stall-sessions", in: 1...10000) ?? options.stallSessions
        if let value = fields["featured-lifts"] {
            options.featuredLifts = try value.items(named: "featured-lifts").map { item throws(BuildError) in
                let name = try item.text().trimmingCharacters(in: .whitespaces)
                guard !name.isEmpty else { throw item.error("featured-lifts names lifts; a name may not be empty") }
                return name
            }
        }
        if let value = fields["exercise-names"] {
            var names: [String: String] = [:]
            for entry in try value.entries(named: "exercise-names") {
                let from = entry.key.trimmingCharacters(in: .whitespaces)
                let to = try entry.value.text().trimmingCharacters(in: .whitespaces)
                guard !from.isEmpty, !to.isEmpty else {
                    throw entry.error("exercise-names maps a name to a name; neither may be empty")
                }
                names[from] = to
            }
            options.exerciseNames = names
        }
    }

    /// A report's `date-format:`, for StrongLifts' files: a pattern `DayReader` reads. A `csv`
    /// file's goes in its `columns:`; other formats say their dates' form themselves.
    package static func dateFormat(_ value: OptionValue, format: WorkoutFormatChoice) throws(BuildError) -> String {
        let text = try value.text().trimmingCharacters(in: .whitespaces)
        guard CSVColumns.isValidDateFormat(text) else {
            throw value.error(
                "date-format \"\(text)\" needs YYYY (or YY), MM (or MMM for a month's name) and DD, such as DD/MM/YY")
        }
        switch format {
        case .auto, .named(.stronglifts): return text
        case .named(.csv): throw value.error("a csv file's date-format goes in its columns:")
        case let .named(other): throw value.error("date-format goes with format: stronglifts, not \(other.rawValue)")
        }
    }

    /// A whole number in `range`, or nil when the key is not given.
    private static func whole(_ fields: OptionFields, _ key: String, in range: ClosedRange<Int>) throws(BuildError)
        -> Int?
    {
        guard let value = fields[key] else { return nil }
        let text = try value.text().trimmingCharacters(in: .whitespaces)
        guard let number = Int(text), range.contains(number) else {
            throw value.error(
                "\(key) must be a whole number from \(range.lowerBound) to \(range.upperBound), found \"\(text)\"")
        }
        return number
    }

    /// `--columns 'date=Date,exercise=Exercise,reps=Reps,weight=Weight (kg)'`: the keys of a
    /// `columns:` block as `key=value` pairs, comma-separated (a value in double quotes may hold a
    /// comma). Errors name `--columns`.
    package static func columns(commandLine text: String) throws(BuildError) -> CSVColumns {
        var entries: [OptionEntry] = []
        for pair in CommandLinePairs.split(text) {
            guard let equals = pair.firstIndex(of: "=") else {
                throw BuildError(
                    .usage, .none, "--columns: expected key=value pairs such as date=Date, found \"\(pair)\"")
            }
            let key = pair[..<equals].trimmingCharacters(in: .whitespaces)
            let value = CommandLinePairs.unquoted(
                pair[pair.index(after: equals)...].trimmingCharacters(in: .whitespaces))
            entries.append(OptionEntry(key: key, at: .none, value: OptionValue(.scalar(value), at: .none)))
        }
        do {
            return try columns(OptionValue(.mapping(entries), at: .none))
        } catch {
            throw BuildError(.usage, .none, "--columns: " + error.message)
        }
    }

    /// A `columns:` block read from a file of its own (`--columns-from`): the block as a guess prints
    /// it (`columns:` and its keys) or the keys alone.
    package static func columns(file value: OptionValue) throws(BuildError) -> CSVColumns {
        if case let .mapping(entries) = value.shape, entries.count == 1, entries[0].key == "columns" {
            return try columns(entries[0].value)
        }
        return try columns(value)
    }

    private static func columns(_ value: OptionValue) throws(BuildError) -> CSVColumns {
        var named: [String: String] = [:]
        var weightUnit: WeightUnit?
        for entry in try value.entries(named: "columns") {
            guard columnKeys.contains(entry.key) else {
                throw entry.error(
                    "unknown key \"\(entry.key)\" in columns (expected one of: \(columnKeys.joined(separator: ", ")))")
            }
            if entry.key == "weight-unit" {
                weightUnit = try unit(entry.value)
                continue
            }
            let text = try entry.value.text().trimmingCharacters(in: .whitespaces)
            guard !text.isEmpty else { throw entry.error("columns: \(entry.key) must name a column of the header") }
            if entry.key == "date-format", !CSVColumns.isValidDateFormat(text) {
                throw entry.value.error(
                    "date-format \"\(text)\" needs YYYY (or YY), MM (or MMM for a month's name) and DD, such as DD/MM/YYYY"
                )
            }
            named[entry.key] = text
        }
        for key in requiredColumnKeys where named[key] == nil {
            throw value.error("columns needs \(key): the header of the file's \(key) column")
        }
        if named["unit"] != nil, weightUnit != nil {
            throw value.error("columns names a unit column and a weight-unit; give one")
        }
        return CSVColumns(
            date: named["date"]!, exercise: named["exercise"]!, reps: named["reps"]!, weight: named["weight"]!,
            unit: named["unit"], sets: named["sets"], warmup: named["warmup"], dateFormat: named["date-format"],
            weightUnit: weightUnit)
    }
}

/// `key=value,key="value, with a comma"` as the command line gives `--columns`.
enum CommandLinePairs {
    static func split(_ text: String) -> [String] {
        var pairs: [String] = []
        var current = ""
        var quoted = false
        for character in text {
            if character == "\"" { quoted.toggle() }
            if character == ",", !quoted {
                pairs.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        pairs.append(current)
        return pairs.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    static func unquoted(_ text: String) -> String {
        guard text.count >= 2, text.first == "\"", text.last == "\"" else { return text }
        return String(text.dropFirst().dropLast())
    }
}
