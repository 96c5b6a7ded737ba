import Deterministic
import Foundation
import TextStyle

/// Instants as the reader reads them: in the build's time zone and locale (`TextConventions`),
/// UTC and English by default, their day spelled by `CivilDate.fullText`. Machine-readable times
/// (`report.json`, `datetime=""`) stay `UTCTime.iso`.
public enum ReaderTime {
    /// "21 November 2026 at 12:05 UTC"; "21 November 2026 at 23:05 AEDT" in Sydney;
    /// "22.11.2026 08:05 AEDT" in de-DE.
    public static func long(_ date: Date) -> String {
        let conventions = TextConventions.current
        // The default is spelled without ICU: the day from UTC arithmetic.
        if conventions.isStandardLocale, conventions.isUTC {
            return "\(UTCTime.parts(date).day.fullText) at \(UTCTime.clock(date))"
        }
        let local = conventions.civilDay(of: date)
        let day = CivilDate(year: local.year, month: local.month, day: local.day)
        let clock = conventions.clock(date)
        return conventions.isStandardLocale ? "\(day.fullText) at \(clock)" : "\(day.fullText) \(clock)"
    }

    /// "12:05 UTC"; "08:05 AEDT" in Sydney.
    public static func clock(_ date: Date) -> String {
        let conventions = TextConventions.current
        return conventions.isUTC ? UTCTime.clock(date) : conventions.clock(date)
    }
}
