import Localization

extension Words {
    /// The message keys of the months' short names (`charts.months.jan`), January first.
    public static let shortMonthKeys = [
        "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"
    ]

    /// A month's short name in the readers' language: `Mar`, `März`, `3月`; `month` is 1…12.
    public func shortMonth(_ month: Int) -> String {
        self["charts.months." + Self.shortMonthKeys[month - 1]]
    }
}
