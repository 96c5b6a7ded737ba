import Workouts

/// A workouts report's options: the 1RM formula, the unit, what an invalid line does, and how
/// its files are read (format, columns, warm-ups, exercise names).
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
    /// The longest set that gives an estimate; nil: each file's format's (12 for apps' exports).
    public var maxReps: Int?

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
            exerciseNames: exerciseNames, maxReps: maxReps)
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

extension WorkoutsOptions: CustomDebugStringConvertible {
    /// The options as text for a report's cache key. Options that only the line format had are
    /// written as they always were (`unit: "lb"` stood for the default), so a site built before
    /// these options keeps its keys; any other choice is written whole, the job's own `unit: lb`
    /// apart from the default, which follows the files.
    public var debugDescription: String {
        let legacyUnit: String? =
            switch unit {
            case nil: "lb"
            case .kg?: "kg"
            case .lb?: nil
            }
        if let legacyUnit, format == .auto, columns == nil, weightsIn == nil, !includeWarmups, exerciseNames.isEmpty,
            maxReps == nil
        {
            return
                "Reports.WorkoutsOptions(formula: Workouts.OneRepMaxFormula.\(formula.rawValue), unit: \"\(legacyUnit)\", "
                + "invalidLines: Workouts.InvalidLinePolicy.\(invalidLines.rawValue))"
        }
        let names = exerciseNames.sorted { $0.key < $1.key }.map {
            "\(String(reflecting: $0.key)): \(String(reflecting: $0.value))"
        }
        return "Reports.WorkoutsOptions(formula: \(formula.rawValue), unit: \(unit?.rawValue ?? "first set's"), "
            + "invalidLines: \(invalidLines.rawValue), weightsIn: \(weightsIn?.rawValue ?? "nil"), format: \(format.name), columns: \(columns.map { String(reflecting: $0) } ?? "nil"), "
            + "includeWarmups: \(includeWarmups), exerciseNames: [\(names.joined(separator: ", "))]"
            + (maxReps.map { ", maxReps: \($0)" } ?? "") + ")"
    }
}
