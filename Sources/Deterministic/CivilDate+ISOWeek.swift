/// ISO 8601 weeks: Monday to Sunday, numbered in the year that holds their Thursday (so
/// 2024-12-30 is in week 1 of 2025, and 2021-01-03 in week 53 of 2020).
extension CivilDate {
    /// The day number of the Monday that starts the week holding `dayNumber`.
    public static func mondayOfWeek(holding dayNumber: Int) -> Int {
        dayNumber - weekday(ofDayNumber: dayNumber)
    }

    /// The ISO week-numbering year and week (1…53) the day falls in.
    public var isoWeek: (year: Int, week: Int) {
        let thursday = CivilDate(dayNumber: Self.mondayOfWeek(holding: dayNumber) + 3)
        let firstOfYear = CivilDate(year: thursday.year, month: 1, day: 1).dayNumber
        return (thursday.year, (thursday.dayNumber - firstOfYear) / 7 + 1)
    }

    /// `2024-W03`, as in `report.json`'s `weeklyVolume`.
    public var isoWeekText: String {
        let (year, week) = isoWeek
        return "\(Self.zeroPadded(year, width: 4))-W\(Self.zeroPadded(week, width: 2))"
    }
}
