/// Strong's export recognised by its layout, in whatever language the app wrote the header:
/// Strong writes the same columns in the same order in every language and only the words change
/// (docs/guide/workouts.md). Each shape is known by its column count and where its date, exercise, set
/// order, weight and reps sit; a header no format knows by its names is Strong's when it has one
/// of these counts and its first rows hold what those places hold.
struct StrongLayout: Equatable, Sendable {
    var columns: Int
    var date: Int
    var exercise: Int
    var setOrder: Int
    var weight: Int
    var reps: Int
    /// The per-row unit column of the semicolon shape (`Weight Unit`).
    var unit: Int?
    /// The `RPE` column, in the shapes that have one.
    var rpe: Int?

    /// Every shape Strong has written, by column count (docs/guide/workouts.md lists them in English).
    static let shapes = [
        // 2016: Date, Workout Name, Exercise Name, Set Order, kg|lbs, Reps, km|mi, Seconds, Notes.
        StrongLayout(columns: 9, date: 0, exercise: 2, setOrder: 3, weight: 4, reps: 5),
        // Date, Workout Name, Duration, Exercise Name, Set Order, Weight, Reps, Distance, Seconds, RPE.
        StrongLayout(columns: 10, date: 0, exercise: 3, setOrder: 4, weight: 5, reps: 6, rpe: 9),
        // The same with Notes and Workout Notes, without Duration.
        StrongLayout(columns: 11, date: 0, exercise: 2, setOrder: 3, weight: 4, reps: 5, rpe: 10),
        // Date, Workout Name, Duration, Exercise Name, Set Order, Weight, Reps, Distance, Seconds,
        // Notes, Workout Notes, RPE: today's comma export, in every language.
        StrongLayout(columns: 12, date: 0, exercise: 3, setOrder: 4, weight: 5, reps: 6, rpe: 11),
        // 2025: "Workout #";"Date";"Workout Name";"Duration (sec)";"Exercise Name";"Set Order";
        // "Weight (kg)";"Reps";"RPE";"Distance (meters)";"Seconds";"Notes";"Workout Notes".
        StrongLayout(columns: 13, date: 1, exercise: 4, setOrder: 5, weight: 6, reps: 7, rpe: 8),
        // Date;Workout Name;Exercise Name;Set Order;Weight;Weight Unit;Reps;RPE;Distance;
        // Distance Unit;Seconds;Notes;Workout Notes;Workout Duration.
        StrongLayout(columns: 14, date: 0, exercise: 2, setOrder: 3, weight: 4, reps: 6, unit: 5, rpe: 7)
    ]

    /// The shape with this many columns.
    static func shape(columns: Int) -> StrongLayout? {
        shapes.first { $0.columns == columns }
    }

    /// The shape the header's count names, when every sampled row holds what its places hold: a
    /// date, an exercise's name (never a number: another app's sheet of as many columns is not
    /// Strong's), a set order, numbers (or nothing) for weight and reps, and at least one row a set
    /// (a numbered set order and reps).
    static func recognised(headers: [String], sample: SampleRows) -> StrongLayout? {
        guard let shape = shape(columns: headers.count), !sample.rows.isEmpty else { return nil }
        var sets = 0
        for row in sample.rows {
            guard row.count == shape.columns, sample.day(row[shape.date], .automatic) != nil,
                !row[shape.exercise].isEmpty, sample.number(row[shape.exercise]) == nil, !row[shape.setOrder].isEmpty,
                sample.isNumberOrEmpty(row[shape.weight]), sample.isNumberOrEmpty(row[shape.reps])
            else { return nil }
            if sample.number(row[shape.setOrder]) != nil || StrongSetOrder(row[shape.setOrder]) == .set,
                (sample.number(row[shape.reps]) ?? 0) > 0
            {
                sets += 1
            }
        }
        return sets > 0 ? shape : nil
    }

    /// The unit a weight column's name gives: `Weight (kg)`, `Poids (lbs)`, 2016's `kg` and `lbs`.
    static func unit(inName name: String) -> WeightUnit? {
        let key = ColumnLayout.key(name)
        for (unit, words) in [(WeightUnit.kg, ["kg", "kgs"]), (.lb, ["lb", "lbs"])]
        where words.contains(where: { key == $0 || key.hasSuffix("(\($0))") }) {
            return unit
        }
        return nil
    }
}

/// What Strong writes in `Set Order` besides a set's number (0-based in 2016's export, 1-based
/// since): letters for a set's kind, the 2025 export's words for them, and the rows that are no
/// set (a rest timer's, a note's). A word met in no export is read as a set, so nothing is lost: a
/// rest row in another language has no weight and is counted among the rows without one.
enum StrongSetOrder: Equatable {
    case warmup
    /// A drop set or a set to failure: a set like any other.
    case set
    /// A rest timer's row or a note: no set at all, left out unsaid.
    case noSet
    case other

    // Compared in any letter case.
    private static let warmups: [StaticString] = ["W", "WARM_UP"]
    private static let sets: [StaticString] = ["D", "F", "DROP_SET", "FAILURE"]
    private static let noSets: [StaticString] = ["Rest Timer", "Ruhezeit", "Minuteur de repos", "REST_TIMER", "Note"]

    init(_ cell: [UInt8]) {
        self = cell.withUnsafeBytes { raw in Self(raw, 0..<raw.count) }
    }

    init(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>) {
        func any(_ words: [StaticString]) -> Bool { words.contains { CellReader.equals(bytes, range, $0) } }
        if any(Self.warmups) {
            self = .warmup
        } else if any(Self.noSets) {
            self = .noSet
        } else if any(Self.sets) {
            self = .set
        } else {
            self = .other
        }
    }
}
