import Foundation
import JSONSupport

/// A `fields:` block guessed for a race input no format knows: the list whose objects hold a
/// number and a name is the runners, the list around it with a start time the races; each key's
/// field is the one named for it whose values fit (docs/reference/inputs.md, "Any other JSON").
enum RaceFieldGuess {
    static let runnerNumber = FieldRole.wholeNumbers(
        ["number", "no", "num", "cloth", "saddle", "tab", "runner"], in: 1...99,
        excluded: ["id", "barrier", "draw", "stall", "gate", "box", "age", "weight", "place", "position", "rank"],
        what: "numbers", count: 2)
    static let runnerName = FieldRole.names(
        ["name", "horse", "runner", "dog", "greyhound", "title"],
        excluded: ["jockey", "trainer", "driver", "owner", "sire", "dam", "meeting", "venue", "course", "silk", "id"],
        count: 2)
    static let raceNumber = FieldRole.wholeNumbers(
        ["number", "no", "num", "race"], in: 1...40, excluded: ["id", "runner", "runners", "field", "distance"],
        what: "race numbers", count: 1)
    static let raceName = FieldRole.names(
        ["name", "title", "description"], excluded: ["meeting", "venue", "course", "track", "id", "status"],
        count: 1
    ).named
    static let course = FieldRole.names(["meeting", "venue", "course", "track"], excluded: ["id"], count: 1)
    static let start = FieldRole(
        words: ["start", "starts", "time", "jump", "off", "post", "advertised", "scheduled"],
        fits: { field in !field.values.isEmpty && field.values.allSatisfy(isTime) },
        evidence: { field in "\(FieldRole.count(field.values.count, "start times")): \(describe(field.values[0]))" })
    static let price = FieldRole(
        words: ["price", "odds", "win", "fixed", "decimal", "fractional"],
        excluded: ["place", "show", "open", "opening", "starting", "sp", "id"],
        fits: { field in field.values.count >= 2 && field.values.allSatisfy(isPrice) },
        evidence: { field in
            let numbers = field.numbers
            return numbers.isEmpty
                ? "\(field.values.count) prices such as \(field.texts[0])"
                : "\(numbers.count) prices \(FieldRole.span(numbers))"
        })
    static let scratched = FieldRole(
        words: ["scratched", "withdrawn", "out", "nonrunner", "scratching", "nr"],
        fits: { $0.flags == $0.values.count && !$0.values.isEmpty },
        evidence: { field in "\(field.values.count) true or false" }
    ).named
    static let status = FieldRole(
        words: ["status", "state"], excluded: ["id", "result"],
        fits: { field in field.texts.contains { RaceStatus(word: $0) != nil } },
        evidence: { field in "race states: \(Set(field.texts).sorted().prefix(3).joined(separator: ", "))" }
    ).named

    /// A time a mapping reads: seconds or milliseconds since 2000, or ISO 8601 with its offset.
    static func isTime(_ value: Any) -> Bool {
        if let number = value as? NSNumber, !JSONPath.isBool(number) {
            return number.doubleValue >= 946_684_800 && number.doubleValue < 10_000_000_000_000
        }
        return (value as? String).map { MappedStart.iso($0) != nil } ?? false
    }

    static func isPrice(_ value: Any) -> Bool {
        if let number = value as? NSNumber, !JSONPath.isBool(number) { return number.doubleValue > 1 }
        return (value as? String).map { Odds(parsing: $0).isPriced } ?? false
    }

    static func describe(_ value: Any) -> String {
        guard let number = value as? NSNumber else { return "\(value)" }
        let seconds =
            number.doubleValue >= MappedStart.millisecondsFrom ? number.doubleValue / 1000 : number.doubleValue
        let text = MeetingZone.startText(Int64(seconds), in: "UTC")
        let unit = number.doubleValue >= MappedStart.millisecondsFrom ? "Unix milliseconds" : "Unix seconds"
        return "\(number) (\(unit), \(text.date) \(text.time) UTC)"
    }

    /// The runners' lists: those whose objects hold a runner's number and name, most objects first.
    static func runnerLists(_ survey: JSONSurvey) -> [JSONSurvey.List] {
        survey.lists.filter { list in
            list.path != "." && runnerNumber.pick(list.fields) != nil && runnerName.pick(list.fields) != nil
        }
    }

    /// The path of `inner` from an object of `outer` (`entrants[]` from `data.events[]`).
    static func relative(_ inner: String, to outer: String) -> String? {
        if outer == "." { return inner }
        guard inner.hasPrefix(outer + ".") else { return nil }
        return String(inner.dropFirst(outer.count + 1))
    }
}
