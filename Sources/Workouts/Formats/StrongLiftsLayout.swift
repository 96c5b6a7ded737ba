/// Where a StrongLifts 5×5 export keeps its sets, found once from the header's names
/// (docs/guide/workouts.md). Two kinds of row:
/// - one per workout (the 2015–2018 exports): `Date`, `Note`, perhaps `Workout`, the body's
///   weight, then a group of columns per exercise: `Exercise 1` (or `Arm work`), `Weight (KG)`,
///   `Weight (LB)`, `Set 1`…`Set 5` (fewer in later groups), so the names repeat;
/// - one per exercise (today's): `Date (yyyy/mm/dd)`, …, `Exercise`, …, then a pair per set,
///   `Set 1 (Reps)` and `Set 1 (KG)` (or `(LB)`).
struct StrongLiftsLayout: Sendable {
    /// One exercise's columns in a row per workout.
    struct Group: Sendable, Equatable {
        /// The exercise's name (`Exercise 2`, `Arm work`).
        var name: Int
        var kilograms: Int?
        var pounds: Int?
        /// Each set's reps, in order.
        var sets: [Int]
    }

    /// One set's columns in a row per exercise.
    struct SetPair: Sendable, Equatable {
        var reps: Int
        var weight: Int
    }

    enum Rows: Sendable {
        case perWorkout([Group])
        /// The exercise's column, each set's pair, the unit of every set's weight, and the
        /// summaries that tell a timed exercise (`Sets×Time` filled, `Sets×Reps` not).
        case perExercise(exercise: Int, sets: [SetPair], unit: WeightUnit, time: Int?, counted: Int?)
    }

    var headers: [String]
    var date: Int
    /// `Body Weight (KG)`, `Body Weight (LB)`: never read as a lift.
    var bodyWeights: [Int]
    var rows: Rows
    /// How the header says its dates are written (`Date (yyyy/mm/dd)`); nil when it does not,
    /// as in the rows per workout, whose order the file's dates decide (`SlashDate`).
    var headerDates: DayReader?

    /// The layout of a StrongLifts header; nil when the header is not one.
    init?(headers: [String]) {
        let keys = headers.map(ColumnLayout.key)
        guard let date = keys.firstIndex(where: { $0.hasPrefix("date") }) else { return nil }
        self.headers = headers
        self.date = date
        bodyWeights = keys.indices.filter { keys[$0].hasPrefix("bodyweight") }
        if let groups = Self.groups(keys), !groups.isEmpty {
            rows = .perWorkout(groups)
            headerDates = nil
        } else if let rows = Self.perExercise(keys) {
            self.rows = rows
            headerDates = Self.datePattern(headers[date])
        } else {
            return nil
        }
    }

    /// What a header must have to be StrongLifts', for the error about one that has not.
    static let expected =
        "a stronglifts file's header has `Date` and groups of `Exercise 1`, `Weight (KG)`, `Weight (LB)`, "
        + "`Set 1`… (a row per workout), or `Exercise` and pairs of `Set 1 (Reps)`, `Set 1 (KG)` (a row per exercise)"

    // MARK: Rows per workout

    /// The groups of a row per workout: each starts at `Exercise N` or `Arm work` and holds the
    /// weights and sets that follow it; nil when another name sits inside a group, or a group has
    /// no weight or no set.
    private static func groups(_ keys: [String]) -> [Group]? {
        var groups: [Group] = []
        for (index, key) in keys.enumerated() {
            if isGroupName(key) {
                groups.append(Group(name: index, sets: []))
                continue
            }
            guard !groups.isEmpty else { continue }
            let last = groups.count - 1
            switch key {
            case "weight(kg)", "weight(kgs)": groups[last].kilograms = index
            case "weight(lb)", "weight(lbs)": groups[last].pounds = index
            case _ where isSetName(key): groups[last].sets.append(index)
            // The header's trailing comma: an empty last name.
            case "" where index == keys.count - 1: break
            default: return nil
            }
        }
        let complete = groups.allSatisfy { ($0.kilograms != nil || $0.pounds != nil) && !$0.sets.isEmpty }
        return complete ? groups : nil
    }

    /// `Exercise 1`, `Exercise 12`, `Arm work` (2015's fourth group, of accessories).
    private static func isGroupName(_ key: String) -> Bool {
        if key == "armwork" { return true }
        return key.hasPrefix("exercise") && key.count > 8 && key.dropFirst(8).allSatisfy(\.isASCIIDigit)
    }

    /// `Set 1`…`Set 5`.
    private static func isSetName(_ key: String) -> Bool {
        key.hasPrefix("set") && key.count > 3 && key.dropFirst(3).allSatisfy(\.isASCIIDigit)
    }

    // MARK: Rows per exercise

    /// The columns of a row per exercise: `Exercise`, then `Set N (Reps)` each with its weight
    /// `Set N (KG)` or `Set N (LB)`, all in one unit; nil when any of that is missing.
    private static func perExercise(_ keys: [String]) -> Rows? {
        guard let exercise = keys.firstIndex(of: "exercise") else { return nil }
        var pairs: [SetPair] = []
        var unit: WeightUnit?
        for (index, key) in keys.enumerated() where key.hasPrefix("set") && key.hasSuffix("(reps)") {
            let number = key.dropFirst(3).dropLast(6)
            guard !number.isEmpty, number.allSatisfy(\.isASCIIDigit) else { continue }
            let kilograms = keys.firstIndex(of: "set\(number)(kg)")
            let pounds = keys.firstIndex(of: "set\(number)(lb)") ?? keys.firstIndex(of: "set\(number)(lbs)")
            guard let weight = kilograms ?? pounds, kilograms == nil || pounds == nil else { return nil }
            let said: WeightUnit = kilograms != nil ? .kg : .lb
            guard unit == nil || unit == said else { return nil }
            unit = said
            pairs.append(SetPair(reps: index, weight: weight))
        }
        guard let unit, !pairs.isEmpty else { return nil }
        return .perExercise(
            exercise: exercise, sets: pairs, unit: unit, time: keys.firstIndex(of: "sets×time"),
            counted: keys.firstIndex(of: "sets×reps"))
    }

    /// `Date (yyyy/mm/dd)` → a reader of `YYYY/MM/DD`; nil when the name holds no pattern.
    private static func datePattern(_ header: String) -> DayReader? {
        guard let open = header.firstIndex(of: "("), let close = header.lastIndex(of: ")"), open < close else {
            return nil
        }
        return DayReader(pattern: header[header.index(after: open)..<close].uppercased())
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
