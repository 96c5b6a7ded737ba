import Workouts

/// A workouts report's options: the 1RM formula, the unit, what an invalid line does, how its
/// files are read (format, columns, warm-ups, exercise names, RPE) and when a lift has stalled.
public struct WorkoutsOptions: Equatable, Sendable {
    public var formula: OneRepMaxFormula = .brzycki
    /// The report's unit; nil shows the unit of the first set's file (lb for the line format).
    public var unit: WeightUnit?
    public var invalidLines: InvalidLinePolicy = .fail
    /// The unit of weights in files that do not say theirs; nil: `unit`, else the format's.
    public var weightsIn: WeightUnit?
    public var format: WorkoutFormatChoice = .auto
    /// The columns of a `csv` file.
    public var columns: CSVColumns? {
        get { columnsBox?.columns }
        set { columnsBox = newValue.map(ColumnsBox.init) }
    }
    /// Boxed: nine strings inline would make every report of a long job carry them.
    private var columnsBox: ColumnsBox?
    public var includeWarmups = false
    /// Names as an app wrote them → the report's name.
    public var exerciseNames: [String: String] = [:]
    /// `featured-lifts:`: the lifts the headline figures show first, in this order (by the
    /// names the report uses); the rest follow, the most trained first.
    public var featuredLifts: [String] = []
    /// The longest set that gives an estimate; nil: each file's format's (12 for apps' exports).
    public var maxReps: Int?
    /// A set's RPE or reps in reserve count toward its estimate.
    public var effortCounts = true
    /// How a StrongLifts file's dates are written (`DD/MM/YY`); nil: as its header or its dates show.
    public var dateFormat: String?
    /// An exercise has stalled after this many weeks without a new best…
    public var stallWeeks = Stall.defaultWeeks
    /// …over at least this many sessions.
    public var stallSessions = Stall.defaultSessions

    public init(
        formula: OneRepMaxFormula = .brzycki, unit: WeightUnit? = nil, invalidLines: InvalidLinePolicy = .fail,
        format: WorkoutFormatChoice = .auto, columns: CSVColumns? = nil, weightsIn: WeightUnit? = nil,
        includeWarmups: Bool = false, exerciseNames: [String: String] = [:]
    ) {
        self.formula = formula
        self.unit = unit
        self.weightsIn = weightsIn
        self.invalidLines = invalidLines
        self.format = format
        self.columns = columns
        self.includeWarmups = includeWarmups
        self.exerciseNames = exerciseNames
    }

    /// How the Workouts module reads the files.
    public var log: WorkoutLogOptions {
        WorkoutLogOptions(
            format: format, columns: columns, unit: unit, weightsIn: weightsIn, includeWarmups: includeWarmups,
            exerciseNames: exerciseNames, maxReps: maxReps, effortCounts: effortCounts, dateFormat: dateFormat)
    }
}

/// A `csv` file's columns, held by reference.
private final class ColumnsBox: Equatable, Sendable {
    let columns: CSVColumns

    init(_ columns: CSVColumns) {
        self.columns = columns
    }

    static func == (left: ColumnsBox, right: ColumnsBox) -> Bool {
        left.columns == right.columns
    }
}

extension WorkoutsOptions: Encodable {
    private enum CodingKeys: String, CodingKey {
        case formula, unit, invalidLines, weightsIn, format, columns, includeWarmups, exerciseNames, maxReps
        case effortCounts, stallWeeks, stallSessions, featuredLifts, dateFormat
    }

    /// Every option, for the report's cache key (`ReportOptions.keyText`).
    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(formula, forKey: .formula)
        try container.encode(unit, forKey: .unit)
        try container.encode(invalidLines, forKey: .invalidLines)
        try container.encode(weightsIn, forKey: .weightsIn)
        try container.encode(format.name, forKey: .format)
        try container.encode(columns, forKey: .columns)
        try container.encode(includeWarmups, forKey: .includeWarmups)
        try container.encode(exerciseNames, forKey: .exerciseNames)
        try container.encode(maxReps, forKey: .maxReps)
        try container.encode(effortCounts, forKey: .effortCounts)
        try container.encode(stallWeeks, forKey: .stallWeeks)
        try container.encode(stallSessions, forKey: .stallSessions)
        // Only when given, so every other report's key stays as it was.
        if !featuredLifts.isEmpty { try container.encode(featuredLifts, forKey: .featuredLifts) }
        try container.encodeIfPresent(dateFormat, forKey: .dateFormat)
    }
}
