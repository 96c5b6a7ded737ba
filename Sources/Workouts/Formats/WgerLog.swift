/// One workout log as wger's REST API writes it (`/api/v2/workoutlog/`), its fields found by
/// name and left where they lie. Since wger 2.3: `date`, `exercise`, `repetitions`,
/// `repetitions_unit`, `weight`, `weight_unit`, `rir`; before it `reps`, `repetition_unit`, and
/// in 2.1–2.2 `exercise_base` for the exercise. Every other field is read past.
struct WgerLog {
    typealias Value = JSONScanner.Scalar

    /// Where the log's object starts, for its line.
    var start: Int
    var date: Value?
    var exercise: Value?
    var repetitions: Value?
    var repetitionsUnit: Value?
    var weight: Value?
    var weightUnit: Value?
    var reserve: Value?

    /// wger's unit ids (its `setting-repetitionunit` and `setting-weightunit` fixtures): the only
    /// ones a 1RM is worked from. Other repetition units are times, distances or "until failure";
    /// other weight units body weight, plates or speeds.
    static let repetitionsId = 1
    static let kilogramsId = 1
    static let poundsId = 2

    /// Reads the object the scanner is at; nil (the scanner past the value) when it is no object.
    init?(_ scanner: inout JSONScanner) {
        _ = scanner.peek()
        start = scanner.offset
        guard scanner.take("{") else {
            _ = scanner.value()
            return nil
        }
        var first = true
        while let key = scanner.nextKey(first: first) {
            first = false
            let value = scanner.value()
            if scanner.isKey(key, "date") {
                date = value
            } else if scanner.isKey(key, "exercise") || scanner.isKey(key, "exercise_base") {
                exercise = exercise ?? value
            } else if scanner.isKey(key, "repetitions") || scanner.isKey(key, "reps") {
                repetitions = value
            } else if scanner.isKey(key, "repetitions_unit") || scanner.isKey(key, "repetition_unit") {
                repetitionsUnit = value
            } else if scanner.isKey(key, "weight") {
                weight = value
            } else if scanner.isKey(key, "weight_unit") {
                weightUnit = value
            } else if scanner.isKey(key, "rir") {
                reserve = value
            }
        }
    }

    /// Whether the object is a workout log at all: a day and an exercise.
    var isLog: Bool { date != nil && exercise != nil }
}
