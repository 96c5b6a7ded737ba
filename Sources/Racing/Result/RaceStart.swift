import Deterministic
import Foundation

extension Race {
    /// The race's start as Unix seconds: the input's instant when it gave one (the Neds API's
    /// `advertised_start`), else the card's date and time read in the race's `zone`, else in
    /// `timeZone` (an IANA identifier; unknown is UTC).
    public func startSeconds(timeZone: String) -> Int64? {
        if let startInstant { return startInstant }
        guard let day = CivilDate(iso: date), CivilDate.isClockTime(time) else { return nil }
        let parts = time.split(separator: ":").compactMap { Int($0) }
        guard parts.count == 2 else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: zone ?? timeZone) ?? TimeZone(secondsFromGMT: 0)!
        let components = DateComponents(
            year: day.year, month: day.month, day: day.day, hour: parts[0], minute: parts[1])
        return calendar.date(from: components).map { Int64($0.timeIntervalSince1970.rounded(.down)) }
    }
}
