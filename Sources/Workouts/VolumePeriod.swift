import Deterministic

/// How a log's volume is grouped for reading: week by week, or, for a log too long for a bar a
/// week to be seen, by calendar month or calendar year.
///
/// A week is never split: it counts whole in the month and the year that hold its Thursday, as
/// ISO 8601 gives a week to the year of its Thursday. So the months' and years' totals add up the
/// weeks of `report.json`'s `weeklyVolume` exactly.
public enum VolumePeriod: String, Sendable, CaseIterable {
    case week, month, year

    /// The longest span shown week by week, counted in weeks from the first week trained to the
    /// last, both included: two years.
    public static let mostWeeks = 104
    /// The longest span shown month by month, in calendar months from the first to the last,
    /// both included: a decade. Longer logs are shown year by year.
    public static let mostMonths = 120

    /// The period for weeks trained from `first` to `last` (their Mondays' day numbers).
    public static func fitting(firstMonday first: Int, lastMonday last: Int) -> VolumePeriod {
        if (last - first) / 7 + 1 <= mostWeeks { return .week }
        let (from, to) = (monthIndex(ofWeek: first), monthIndex(ofWeek: last))
        return to - from + 1 <= mostMonths ? .month : .year
    }

    /// The period for a list of weeks in week order; `.week` for none.
    public static func fitting(_ weeks: [WeekVolume]) -> VolumePeriod {
        guard let first = weeks.first, let last = weeks.last else { return .week }
        return fitting(firstMonday: first.mondayNumber, lastMonday: last.mondayNumber)
    }

    /// The first day of the period the week starting on `monday` counts in: the Monday itself,
    /// or the 1st of its Thursday's month or of its Thursday's year.
    public func start(ofWeek monday: Int) -> Int {
        guard self != .week else { return monday }
        let thursday = CivilDate(dayNumber: monday + 3)
        return CivilDate(year: thursday.year, month: self == .month ? thursday.month : 1, day: 1).dayNumber
    }

    /// The weeks added up by this period, in order: each group's first day, volume and sets.
    public func grouped(_ weeks: [WeekVolume]) -> [PeriodVolume] {
        var periods: [PeriodVolume] = []
        for week in weeks {
            let start = start(ofWeek: week.mondayNumber)
            if let last = periods.last, last.startNumber == start {
                periods[periods.count - 1].add(week)
            } else {
                periods.append(PeriodVolume(period: self, startNumber: start, volume: week.volume, sets: week.sets))
            }
        }
        return periods
    }

    /// Months since year 0 of the month holding the week's Thursday.
    private static func monthIndex(ofWeek monday: Int) -> Int {
        let thursday = CivilDate(dayNumber: monday + 3)
        return thursday.year * 12 + thursday.month - 1
    }
}

/// One week, month or year of volume: sets × reps × weight added up, and the sets.
public struct PeriodVolume: Equatable, Sendable {
    public let period: VolumePeriod
    /// The day number of the period's first day: a Monday, or the 1st of a month or of January.
    public let startNumber: Int
    public private(set) var volume: Double
    public private(set) var sets: Int
    /// The weeks it adds up.
    public private(set) var weeks = 1

    public init(period: VolumePeriod, startNumber: Int, volume: Double, sets: Int) {
        self.period = period
        self.startNumber = startNumber
        self.volume = volume
        self.sets = sets
    }

    /// The period's first day.
    public var start: CivilDate { CivilDate(dayNumber: startNumber) }

    mutating func add(_ week: WeekVolume) {
        volume += week.volume
        sets += week.sets
        weeks += 1
    }
}
