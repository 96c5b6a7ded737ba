import Deterministic
import Foundation

// Days and instants as the reader reads them: in the conventions' locale and time zone, English
// and UTC by default. Machine-readable times (`report.json`, `datetime=""`) stay `UTCTime.iso`.
extension TextConventions {
    /// `12 Oct 2017` (`12.10.2017` in de-DE).
    public func longDay(_ date: CivilDate) -> String {
        let (year, month, day) = (date.year, date.month, date.day)
        guard isStandardLocale else { return numericDay(year: year, month: month, day: day) }
        // Every daily record of a long log is shown this way: its bytes written directly (a
        // small string, no heap), as `isoText` does.
        guard (1...9999).contains(year), (1...12).contains(month), (1...31).contains(day) else {
            return "\(day) \(date.monthAbbreviation) \(year)"
        }
        let yearDigits = year >= 1000 ? 4 : year >= 100 ? 3 : year >= 10 ? 2 : 1
        let dayDigits = day >= 10 ? 2 : 1
        let count = dayDigits + 1 + 3 + 1 + yearDigits
        return String(unsafeUninitializedCapacity: count) { buffer in
            let zero = UInt8(ascii: "0")
            var at = 0
            if dayDigits == 2 {
                buffer[at] = zero + UInt8(day / 10)
                at += 1
            }
            buffer[at] = zero + UInt8(day % 10)
            buffer[at + 1] = UInt8(ascii: " ")
            at += 2
            for byte in CivilDate.monthAbbreviations[month - 1].utf8 {
                buffer[at] = byte
                at += 1
            }
            buffer[at] = UInt8(ascii: " ")
            at += 1
            var divisor = 1
            for _ in 1..<yearDigits { divisor *= 10 }
            while divisor > 0 {
                buffer[at] = zero + UInt8(year / divisor % 10)
                at += 1
                divisor /= 10
            }
            return at
        }
    }

    /// `12 Oct` (`12.10.` in de-DE).
    public func dayMonth(_ date: CivilDate) -> String {
        isStandardLocale
            ? "\(date.day) \(date.monthAbbreviation)" : numericDayMonth(month: date.month, day: date.day)
    }

    /// `15 December 2017` (`15.12.2017` in de-DE).
    public func fullDay(_ date: CivilDate) -> String {
        isStandardLocale
            ? "\(date.day) \(CivilDate.monthNames[date.month - 1]) \(date.year)"
            : numericDay(year: date.year, month: date.month, day: date.day)
    }

    /// The day an instant falls on where the readers are.
    public func civilDate(of date: Date) -> CivilDate {
        if isUTC { return UTCTime.parts(date).day }
        let local = civilDay(of: date)
        return CivilDate(year: local.year, month: local.month, day: local.day)
    }

    /// "1 October 2026": the day an instant falls on where the readers are.
    public func fullDay(of date: Date) -> String {
        fullDay(civilDate(of: date))
    }

    /// "21 November 2026 at 12:05 UTC"; "21 November 2026 at 23:05 AEDT" in Sydney;
    /// "22.11.2026 08:05 AEDT" in de-DE.
    public func longTime(_ date: Date) -> String {
        // The default is spelled without ICU: the day from UTC arithmetic.
        if isStandardLocale, isUTC {
            return "\(fullDay(UTCTime.parts(date).day)) at \(UTCTime.clock(date))"
        }
        let local = civilDay(of: date)
        let day = fullDay(CivilDate(year: local.year, month: local.month, day: local.day))
        let clock = zoneClock(date)
        return isStandardLocale ? "\(day) at \(clock)" : "\(day) \(clock)"
    }

    /// "12:05 UTC"; "08:05 AEDT" in Sydney.
    public func clock(_ date: Date) -> String {
        isUTC ? UTCTime.clock(date) : zoneClock(date)
    }
}
