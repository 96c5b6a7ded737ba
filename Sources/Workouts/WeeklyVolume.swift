import Deterministic

/// One ISO week's training: volume is the sum of sets × reps × weight (in the report's unit)
/// over the sets that carry a weight, `sets` how many of them there were. Warm-ups are left out
/// as everywhere (unless the job counts them).
public struct WeekVolume: Equatable, Sendable {
    /// The day number of the Monday that starts the week: a long log has thousands of weeks.
    public let mondayNumber: Int
    public let volume: Double
    public let sets: Int

    /// The Monday that starts the week.
    public var monday: CivilDate { CivilDate(dayNumber: mondayNumber) }

    public init(mondayNumber: Int, volume: Double, sets: Int) {
        self.mondayNumber = mondayNumber
        self.volume = volume
        self.sets = sets
    }

    public init(monday: CivilDate, volume: Double, sets: Int) {
        self.init(mondayNumber: monday.dayNumber, volume: volume, sets: sets)
    }

    /// The weeks of several exercises added up week by week, in week order.
    public static func total(_ lists: [[WeekVolume]]) -> [WeekVolume] {
        var weeks: [Int: (volume: Double, sets: Int)] = [:]
        for list in lists {
            for week in list {
                let day = week.mondayNumber
                weeks[day, default: (0, 0)].volume += week.volume
                weeks[day, default: (0, 0)].sets += week.sets
            }
        }
        return weeks.keys.sorted().map { day in
            WeekVolume(mondayNumber: day, volume: weeks[day]!.volume, sets: weeks[day]!.sets)
        }
    }
}
