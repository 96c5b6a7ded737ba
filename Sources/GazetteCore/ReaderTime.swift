import Deterministic
import Foundation
import TextStyle

/// Instants as the reader reads them: in the build's time zone and locale (`TextConventions`),
/// UTC and English by default. Machine-readable times (`report.json`, `datetime=""`) stay
/// `UTCTime.iso`.
public enum ReaderTime {
    /// "21 November 2026 at 12:05 UTC"; "21 November 2026 at 23:05 AEDT" in Sydney;
    /// "22.11.2026 08:05 AEDT" in de-DE.
    public static func long(_ date: Date) -> String {
        let conventions = TextConventions.current
        if conventions.isStandardLocale, conventions.isUTC { return UTCTime.long(date) }
        let day = conventions.civilDay(of: date)
        let clock = conventions.clock(date)
        guard conventions.isStandardLocale else {
            return "\(conventions.numericDay(year: day.year, month: day.month, day: day.day)) \(clock)"
        }
        return "\(day.day) \(CivilDate.monthNames[day.month - 1]) \(day.year) at \(clock)"
    }

    /// "12:05 UTC"; "08:05 AEDT" in Sydney.
    public static func clock(_ date: Date) -> String {
        let conventions = TextConventions.current
        return conventions.isUTC ? UTCTime.clock(date) : conventions.clock(date)
    }
}
