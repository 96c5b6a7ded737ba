import Foundation
import JSONSupport

/// A next-to-go list read through a job's `fields:` mapping: each race its `races:` path reaches,
/// with its number, meeting, category and advertised start.
public enum MappedNextToGo {
    /// The keys of a next-to-go `fields:` block (docs/reference/inputs.md, "Any other JSON").
    public static let keys = FieldKeys(
        required: ["races", "number", "meeting", "start"], optional: ["id", "name", "category"], lists: ["races"],
        descriptions: [
            "races": "each race, from the document: data.races[] (races{} for an object keyed by id)",
            "number": "the race's number in its meeting", "meeting": "the meeting's name",
            "start": "the advertised start: Unix seconds, milliseconds or ISO 8601 with its offset",
            "id": "the race's id (default: the meeting and number)", "name": "the race's name",
            "category": "horse, harness or greyhound (thoroughbred, trots, dogs, R, H, G), or the Neds category id"
        ])

    public static func decode(_ data: Data, mapping: FieldMapping) throws(RacingDecodingError) -> NextToGoFeed {
        let root = try MappedInput.root(data)
        do throws(JSONInputError) {
            let races = try MappedObject.list(
                in: root, mapping: mapping, prefix: "fields", key: "races", required: true)
            return NextToGoFeed(races: try races.map { race throws(JSONInputError) in try summary(race) })
        } catch {
            throw error.placedAsMapped(in: data)
        }
    }

    private static func summary(_ race: MappedObject) throws(JSONInputError) -> RaceSummary {
        let number = try race.integer(try race.required("number"), "number")
        let meeting = try race.text(try race.required("meeting"), "meeting")
        let start = try MappedStart(try race.required("start"), "start", in: race)
        let category = try race.text("category") ?? ""
        return RaceSummary(
            id: try race.text("id") ?? "\(meeting) \(number)", name: try race.text("name"), number: number,
            meetingName: meeting, categoryID: categoryID(category), advertisedStart: start.seconds)
    }

    /// The Neds id of a category word, any case; an id or unknown word is kept (shown as other).
    static func categoryID(_ word: String) -> String {
        let key = word.lowercased().filter(\.isLetter)
        let category: RaceCategory? =
            switch key {
            case "horse", "horses", "thoroughbred", "thoroughbreds", "gallops", "r": .horse
            case "harness", "trots", "trot", "trotting", "h": .harness
            case "greyhound", "greyhounds", "dogs", "dog", "g": .greyhound
            default: nil
            }
        return category?.categoryID ?? word
    }
}
