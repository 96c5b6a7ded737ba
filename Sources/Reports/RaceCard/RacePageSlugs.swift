import Racing
import GazetteCore

/// File names of the race pages inside a race-card report's folder: `1810-woodbine.html`.
///
/// Names come from the start time, the course and the race name (the course once, when the
/// name already contains it), so they read well in a link and stay put when the card is
/// rebuilt. The date is added only when the card spans several days. Two races that still share a name get `-2`,
/// `-3`… in start order; `index` is kept for the report's own page.
package enum RacePageSlugs {
    package static func make(for races: [Race]) -> [String] {
        let severalDays = Set(races.map(\.date)).count > 1
        let names = races.map { race -> String in
            var parts: [String] = []
            if severalDays { parts.append(race.date) }
            parts.append(race.time.replacingOccurrences(of: ":", with: ""))
            // The course, then the race name unless it already names the course.
            let course = Slug.make(race.course ?? "", fallback: "")
            let name = Slug.make(race.name, fallback: "")
            if !course.isEmpty, !"-\(name)-".contains("-\(course)-") { parts.append(course) }
            parts.append(name)
            return parts.joined(separator: " ")
        }
        return Slug.unique(names, fallback: "race", reserved: ["index"])
    }
}
