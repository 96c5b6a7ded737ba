/// Where the reading of a StrongLifts file stands between records: its layout, how its dates
/// read, the sets that wait for the dates' order, and the rows already seen (the 2016 Android app
/// wrote whole rows twice).
struct StrongLiftsReading: Sendable {
    var layout: StrongLiftsLayout
    var delimiter: UInt8
    /// How every date reads: the report's `date-format:`, else the header's pattern (today's
    /// `Date (yyyy/mm/dd)`); nil when the order of day and month is the file's (`SlashDate`).
    var days: DayReader?
    /// What the dates read so far say of their order.
    var dates = Dates()
    /// Each distinct row as written, so a repeated one counts once.
    var seen: Set<[UInt8]> = []

    /// What the dates of the rows per workout say of their order, as the rows go.
    struct Dates: Sendable {
        /// The order the file's dates were found in, and the first date that showed it.
        var order: ShownOrder?
        /// Sets of rows read before any date showed the order, each with its date.
        var waiting: [WaitingSet] = []
        /// The first row whose date waited: where the error goes when no date ever shows the order.
        var undecided: WorkoutLogError?
        /// Whether the first waiting date had two digits of the year, for the pattern to suggest.
        var undecidedShortYear = true
    }

    /// The date that first showed the file's order of day and month.
    struct ShownOrder: Sendable {
        var order: SlashDate.Order
        var line: Int
        var written: String
    }

    /// A set whose day waits for the order of the file's dates.
    struct WaitingSet: Sendable {
        var date: SlashDate
        var set: SetRecord
        var unit: WeightUnit
        var exercise: Int
        var line: Int
    }

    /// A row's day: known, or waiting for the order.
    enum Day {
        case known(Int)
        case waiting(SlashDate)
    }

    /// Exercises whose sets StrongLifts counts in seconds, not reps (a plank's `60`): their sets
    /// are timed holds, which give no 1RM.
    static func isTimed(_ name: String) -> Bool {
        let words = name.lowercased().split { !$0.isLetter }
        return words.contains { $0 == "plank" || $0 == "planks" || $0 == "hold" || $0 == "holds" }
    }
}
