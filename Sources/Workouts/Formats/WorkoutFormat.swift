/// The workout files Gazette reads. Each app's export is recognised by the columns all of its
/// shapes share and read by its columns' names, never their positions (docs/guide/workouts.md).
public enum WorkoutFormat: String, CaseIterable, Sendable {
    /// SPEC §1.4's line format, no header: `Oct 11 2017,Back Squat,1,10,45`.
    case gazette
    /// Strong's export, in its comma- and semicolon-separated shapes.
    case strong
    /// Hevy's export.
    case hevy
    /// Fitbod's own export (`WorkoutExport.csv`).
    case fitbod
    /// FitNotes' spreadsheet export, with the unit in the header or in a column.
    case fitnotes
    /// JEFIT's account export: sections of CSV under `### NAME ###` banners, the sets in
    /// `EXERCISE LOGS` (docs/guide/workouts.md).
    case jefit
    /// Alpha Progression's export: a block per workout, its sets under `#,KG,REPS` lines.
    case alphaProgression = "alpha-progression"
    /// GymBook's export, in any language: known by its layout (docs/guide/workouts.md).
    case gymbook
    /// Lyfta's export: ` Title,Date,Duration,Exercise,"Superset id",Weight,Reps,Distance,Time,"Set Type"`.
    case lyfta
    /// StrongLifts 5×5's export: a row per workout with a group of columns per exercise, or
    /// today's row per exercise with a pair of columns per set (docs/guide/workouts.md).
    case stronglifts
    /// Liftosaur's export: a row per set with `Is Warmup Set?` and `Completed Reps`, in its four
    /// headers since 2022, each weight with its unit.
    case liftosaur
    /// GymRun's export (`Date;Time;Routine;Exercise;Set;Weight;Reps;…`) and its import template.
    case gymrun
    /// wger's workout logs as its REST API gives them (JSON), each exercise named by its id.
    case wger
    /// Any other spreadsheet, its columns named in the job (`columns:`).
    case csv

    /// The unit of weights where neither a column nor the header says it (and the report sets
    /// no `unit:`): pounds in the line format, as its reports always showed, kilograms elsewhere.
    public var defaultUnit: WeightUnit { self == .gazette ? .lb : .kg }

    /// The longest set that gives an estimate where the report sets no `max-reps`: every set
    /// up to 36 reps in the line format (SPEC §1.4), sets of 1 to 12 reps in an app's export,
    /// since an estimate from a longer set says little of a single (docs/guide/workouts.md).
    public var defaultMaxReps: Int { self == .gazette ? OneRepMaxFormula.repLimit - 1 : 12 }

    /// How each format is known, in words, for the error about a header that matches none (the
    /// error about a named format's header names the column it lacks). Kept short: that error
    /// lists them all and must stay whole within a message's 1,000 characters.
    public var shape: String {
        switch self {
        case .gazette: "no header: `Oct 11 2017,Back Squat,1,10,45`"
        case .strong: "`Exercise Name` and `Set Order`, or Strong's layout in any language"
        case .hevy: "`exercise_title` and `start_time`"
        case .fitbod: "`Exercise` and `isWarmup`"
        case .fitnotes: "`Exercise` and `Category`"
        case .jefit: "`### SECTION ###` banners"
        case .alphaProgression: "`#,KG,REPS` lines over the sets"
        case .gymbook: "GymBook's twelve columns in any language"
        case .lyfta: "`Superset id` and `Set Type`"
        case .stronglifts: "`Exercise 1`, `Weight (KG)`, `Set 1`…, or `Exercise` and `Set 1 (Reps)`"
        case .liftosaur: "`Is Warmup Set?`, `Completed Reps`"
        case .gymrun: "`Date;Time;Routine;Exercise;…`"
        case .wger: "JSON"
        case .csv: "any header, its columns named by `columns:` in the job or `--columns`"
        }
    }

    /// The app whose export the format reads, as its makers write its name; nil for Gazette's own
    /// line format and for `csv`.
    public var appName: String? {
        switch self {
        case .gazette, .csv: nil
        case .strong: "Strong"
        case .hevy: "Hevy"
        case .fitbod: "Fitbod"
        case .fitnotes: "FitNotes"
        case .jefit: "JEFIT"
        case .alphaProgression: "Alpha Progression"
        case .gymbook: "GymBook"
        case .lyfta: "Lyfta"
        case .stronglifts: "StrongLifts"
        case .liftosaur: "Liftosaur"
        case .gymrun: "GymRun"
        case .wger: "wger"
        }
    }

    /// Every app whose export Gazette reads, in words: "Strong, Hevy, … or wger".
    public static var appNames: String {
        let names = allCases.compactMap(\.appName)
        return names.dropLast().joined(separator: ", ") + " or " + (names.last ?? "")
    }

    /// The formats `--workouts-format` takes: every one but `csv`, whose columns only a job names.
    public static var onCommandLine: [WorkoutFormat] { allCases.filter { $0 != .csv } }

    /// Every format with its shape, for messages.
    public static var known: String {
        allCases.map { "\($0.rawValue) (\($0.shape))" }.joined(separator: "; ")
    }
}

/// What a report says of its files' format: found from each file's header, or one named.
public enum WorkoutFormatChoice: Equatable, Sendable {
    case auto
    case named(WorkoutFormat)

    /// `auto` or a format's name.
    public init?(name: String) {
        if name == "auto" {
            self = .auto
            return
        }
        guard let format = WorkoutFormat(rawValue: name) else { return nil }
        self = .named(format)
    }

    public var name: String {
        switch self {
        case .auto: "auto"
        case let .named(format): format.rawValue
        }
    }

    /// Every name `format:` takes.
    public static var names: [String] { ["auto"] + WorkoutFormat.allCases.map(\.rawValue) }
}

/// The columns of a spreadsheet in the `csv` format, named as in its header, with how its
/// dates are written and the unit of its weights when no column gives it.
public struct CSVColumns: Equatable, Sendable, Encodable {
    public var date: String
    public var exercise: String
    public var reps: String
    public var weight: String
    /// A column of units (`kg`, `lbs`); without it every weight is in `weightUnit`.
    public var unit: String?
    /// A column of set counts (each row one set without it).
    public var sets: String?
    /// A column that marks warm-up sets (`true`, `yes`, `1`).
    public var warmup: String?
    /// A pattern such as `DD/MM/YYYY` (`YYYY` or `YY`, `MM`/`M`, `MMM` for a month's name, `DD`/`D`);
    /// nil reads the usual forms (`2019-01-11`, `20 Nov 2023`, `Nov 20 2023`).
    public var dateFormat: String?
    /// The unit of weights where the file has no unit column; nil: the report's `weights-in:`,
    /// else its `unit:`, else kg.
    public var weightUnit: WeightUnit?

    public init(
        date: String, exercise: String, reps: String, weight: String, unit: String? = nil, sets: String? = nil,
        warmup: String? = nil, dateFormat: String? = nil, weightUnit: WeightUnit? = nil
    ) {
        self.date = date
        self.exercise = exercise
        self.reps = reps
        self.weight = weight
        self.unit = unit
        self.sets = sets
        self.warmup = warmup
        self.dateFormat = dateFormat
        self.weightUnit = weightUnit
    }

    /// Whether a `date-format` pattern can be read.
    public static func isValidDateFormat(_ pattern: String) -> Bool {
        DayReader(pattern: pattern) != nil
    }
}

/// How a workouts report reads its files, beside the 1RM formula and the invalid-line policy.
public struct WorkoutLogOptions: Equatable, Sendable {
    /// Each file's format: found from its header, or named.
    public var format: WorkoutFormatChoice
    /// The columns of a `csv` file.
    public var columns: CSVColumns?
    /// The report's unit; nil takes the unit of the first set read.
    public var unit: WeightUnit?
    /// The unit of weights in files whose columns and header do not give one; nil: `unit`,
    /// else the format's (`WorkoutFormat.defaultUnit`).
    public var weightsIn: WeightUnit?
    /// Warm-up sets count toward the 1RM like any other.
    public var includeWarmups: Bool
    /// Exercise names as written → the name the report uses, so two apps' names merge.
    public var exerciseNames: [String: String]
    /// The longest set (in reps) that gives an estimate; nil: the format's
    /// (`WorkoutFormat.defaultMaxReps`).
    public var maxReps: Int?
    /// A set's RPE or reps in reserve count toward its estimate (`Effort.estimatedReps`); the
    /// effort columns are not read when off.
    public var effortCounts: Bool
    /// How a StrongLifts file's dates are written (`DD/MM/YY`), where its own dates do not tell.
    public var dateFormat: String?

    public init(
        format: WorkoutFormatChoice = .auto, columns: CSVColumns? = nil, unit: WeightUnit? = nil,
        weightsIn: WeightUnit? = nil,
        includeWarmups: Bool = false, exerciseNames: [String: String] = [:], maxReps: Int? = nil,
        effortCounts: Bool = true, dateFormat: String? = nil
    ) {
        self.dateFormat = dateFormat
        self.effortCounts = effortCounts
        self.maxReps = maxReps
        self.format = format
        self.columns = columns
        self.unit = unit
        self.weightsIn = weightsIn
        self.includeWarmups = includeWarmups
        self.exerciseNames = exerciseNames
    }
}
