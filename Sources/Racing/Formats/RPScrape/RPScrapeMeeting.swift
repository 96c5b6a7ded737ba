import Deterministic
import Foundation

/// The races of an rpscrape CSV: rows grouped by date, course, off time and race name, in the
/// order each race first appears; each row a runner, its `pos` its placing.
struct RPScrapeMeeting {
    let columns: RPScrapeColumns
    private var keys: [String] = []
    private var groups: [String: [[CSVTable.Field]]] = [:]

    init(columns: RPScrapeColumns) {
        self.columns = columns
    }

    mutating func add(_ row: [CSVTable.Field]) throws(RacingDecodingError) {
        for name in ["date", "course", "off", "race_name", "horse"] where columns.text(name, in: row) == nil {
            throw error(name, "missing required value", row)
        }
        let key = ["date", "course", "off", "race_name"].map { columns.text($0, in: row) ?? "" }.joined(
            separator: "\u{1F}")
        if groups[key] == nil { keys.append(key) }
        groups[key, default: []].append(row)
    }

    func races() throws(RacingDecodingError) -> [Race] {
        var races: [Race] = []
        for key in keys {
            races.append(try race(groups[key] ?? []))
        }
        return races
    }

    private func race(_ rows: [[CSVTable.Field]]) throws(RacingDecodingError) -> Race {
        let first = rows[0]
        let date = try self.date(first)
        let time = try self.time(first)
        let course = columns.text("course", in: first)
        let zone = Self.zone(region: columns.text("region", in: first), course: course)
        var rides: [Ride] = []
        var placings: [Placing] = []
        var previousPlace: Int?
        var behind = 0.0
        for (index, row) in rows.enumerated() {
            var ride = try RPScrapeRunner.ride(row, order: index + 1, columns: columns)
            let finish = RPScrapeRunner.finish(columns.text("pos", in: row) ?? "", previous: previousPlace)
            behind += columns.text("btn", in: row).flatMap(Double.init) ?? 0
            switch finish {
            case .placed(let place):
                let margin = columns.text("ovr_btn", in: row).flatMap(Double.init) ?? behind
                placings.append(
                    Placing(place: place, cloth: ride.cloth, name: ride.horse.name, margin: place == 1 ? nil : margin))
                previousPlace = place
            case .nonRunner: ride.withdrawn = true
            case .unplaced: break
            }
            rides.append(ride)
        }
        var race = Race(
            name: columns.text("race_name", in: first) ?? "", course: course,
            distance: columns.text("dist", in: first), date: date, time: time, going: columns.text("going", in: first),
            rides: rides, status: placings.isEmpty ? nil : .final,
            result: placings.isEmpty ? nil : RaceResult(placings: placings), zone: zone)
        // With the meeting's zone known, the date and time are an instant.
        if let zone { race.startInstant = race.startSeconds(timeZone: zone) }
        return race
    }

    /// `2026-06-03` (or `2026/06/03`, as some rpscrape versions write it).
    private func date(_ row: [CSVTable.Field]) throws(RacingDecodingError) -> String {
        let text = (columns.text("date", in: row) ?? "").replacingOccurrences(of: "/", with: "-")
        guard CivilDate(iso: text) != nil else {
            throw error("date", "expected a date as YYYY-MM-DD, found '\(columns.text("date", in: row) ?? "")'", row)
        }
        return text
    }

    /// The off as `HH:MM`: rpscrape writes a 12-hour clock without am or pm (`1:35`), and British
    /// and Irish racing runs from late morning into the evening, so an hour before 10 is after
    /// noon (`1:35` is 13:35, `9:10` is 21:10); 10 to 12, and 24-hour times, are as written.
    private func time(_ row: [CSVTable.Field]) throws(RacingDecodingError) -> String {
        let text = columns.text("off", in: row) ?? ""
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[1].count == 2, let hour = Int(parts[0]), let minute = Int(parts[1]),
            (0..<24).contains(hour), (0..<60).contains(minute), parts[0].count <= 2
        else { throw error("off", "expected an off time as H:MM or HH:MM, found '\(text)'", row) }
        let clock = (1..<10).contains(hour) ? hour + 12 : hour
        return CivilDate.zeroPadded(clock, width: 2) + ":" + CivilDate.zeroPadded(minute, width: 2)
    }

    /// `region` (`GB`, `IRE`), else a course's country in brackets (`Leopardstown (IRE)`).
    static func zone(region: String?, course: String?) -> String? {
        if let region, let zone = MeetingZone.identifier(country: region) { return zone }
        guard let course, let open = course.lastIndex(of: "("), course.hasSuffix(")") else { return nil }
        return MeetingZone.identifier(
            country: String(course[course.index(after: open)..<course.index(before: course.endIndex)]))
    }

    private func error(_ column: String, _ message: String, _ row: [CSVTable.Field]) -> RacingDecodingError {
        let field = columns.field(column, in: row) ?? row.first
        return RacingDecodingError(keyPath: column, message: message, line: field?.line, column: field?.column)
    }
}
