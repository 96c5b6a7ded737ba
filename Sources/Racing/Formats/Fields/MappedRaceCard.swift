import Foundation
import JSONSupport

/// A race card read through a job's `fields:` mapping, for a race input no format knows: the races
/// its `races:` path reaches, each with its start, its runners and, when mapped, its placings.
public enum MappedRaceCard {
    /// The keys of a race card's `fields:` block (docs/reference/inputs.md, "Any other JSON").
    public static let keys = FieldKeys(
        required: ["races", "start", "runners"], optional: ["name", "number", "course", "distance", "status"],
        groups: [
            "runners": FieldKeys(
                required: ["path", "number", "name"], optional: ["price", "scratched", "barrier", "jockey", "trainer"],
                descriptions: runnerDescriptions),
            "placings": FieldKeys(
                required: ["path", "place", "number"],
                descriptions: [
                    "path": "each placing of the race, from the race: result.order[]",
                    "place": "the placing's finishing place", "number": "the placed runner's number"
                ])
        ],
        lists: ["races"],
        descriptions: [
            "races": "each race, from the document: data.events[] (. for a document that is one race)",
            "start": "the race's start: Unix seconds, milliseconds or ISO 8601 with its offset",
            "name": "the race's name", "number": "the race's number in its meeting", "course": "the course",
            "distance": "the race's distance, as text", "status": "the race's status word (Open, Closed, Final…)"
        ])

    static let runnerDescriptions = [
        "path": "each runner of the race, from the race: entrants[] (entrants{} for an object keyed by id)",
        "number": "the runner's number", "name": "the runner's name",
        "price": "the win price: a decimal number or fractional text (9/2)",
        "scratched": "true when the runner is withdrawn", "barrier": "the starting stall or barrier",
        "jockey": "the jockey or driver", "trainer": "the trainer"
    ]

    /// The races of `data` read through `mapping`; a start given as an instant without an offset
    /// is written in `timeZone`. A fault names the mapping's key and the input's key path.
    public static func decode(_ data: Data, mapping: FieldMapping, timeZone: String) throws(RacingDecodingError)
        -> RaceCard
    {
        let root = try MappedInput.root(data)
        do throws(JSONInputError) {
            let races = try MappedObject.list(
                in: root, mapping: mapping, prefix: "fields", key: "races", required: true)
            guard !races.isEmpty else {
                throw JSONInputError(
                    keyPath: "", message: "\(mapping.paths["races"] ?? "") reaches no race", field: "fields.races")
            }
            return RaceCard(races: try races.map { race throws(JSONInputError) in try self.race(race, timeZone) })
        } catch {
            throw error.placedAsMapped(in: data)
        }
    }

    private static func race(_ race: MappedObject, _ timeZone: String) throws(JSONInputError) -> Race {
        let start = try MappedStart(try race.required("start"), "start", in: race)
        let text = MeetingZone.startText(start.seconds, in: start.zone ?? timeZone)
        let number = try race.integer("number")
        var rides: [Ride] = []
        for runner in try race.group("runners") {
            let price = try runner.found("price").map { found throws(JSONInputError) in try odds(found, runner) }
            rides.append(
                Ride(
                    cloth: try runner.integer(try runner.required("number"), "number"),
                    horse: Horse(name: try runner.text(try runner.required("name"), "name")),
                    odds: price ?? .unpriced(text: ""), withdrawn: try runner.flag("scratched") ?? false,
                    barrier: try runner.integer("barrier"), jockey: try runner.text("jockey"),
                    trainer: try runner.text("trainer")))
        }
        let status = try race.text("status")
        return Race(
            name: try race.text("name") ?? number.map { "Race \($0)" } ?? "Race", course: try race.text("course"),
            distance: try race.text("distance"), date: text.date, time: text.time, rideCount: rides.count,
            number: number, rides: rides, status: status.flatMap(RaceStatus.init(word:)), startInstant: start.seconds,
            result: try result(race, rides), zone: start.zone)
    }

    /// A price: a decimal number as JSON wrote it, or text `Odds` reads (`9/2`, `EVS`, `5.50`).
    private static func odds(_ found: JSONPath.Found, _ runner: MappedObject) throws(JSONInputError) -> Odds {
        if let text = found.value as? String { return Odds(parsing: text) }
        let number = try runner.number(found, "price")
        guard number > 1 else {
            throw runner.fault("price", at: found.keyPath, "expected decimal odds above 1, found \(number)")
        }
        // Decimal odds are written with a point: 3 is `3.0`.
        let text = "\(found.value)"
        return Odds(parsing: text.contains(".") ? text : text + ".0")
    }

    private static func result(_ race: MappedObject, _ rides: [Ride]) throws(JSONInputError) -> RaceResult? {
        let placed = try race.group("placings")
        guard !placed.isEmpty else { return nil }
        var placings: [Placing] = []
        for placing in placed {
            let cloth = try placing.integer(try placing.required("number"), "number")
            placings.append(
                Placing(
                    place: try placing.integer(try placing.required("place"), "place"), cloth: cloth,
                    name: rides.first { $0.cloth == cloth }?.horse.name ?? ""))
        }
        return RaceResult(placings: placings)
    }
}

/// The document of a mapped input: its JSON, or its syntax fault with line and column.
enum MappedInput {
    static func root(_ data: Data) throws(RacingDecodingError) -> Any {
        try JSONDocumentDecoding.check(data)
        guard let root = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) else {
            throw RacingDecodingError(keyPath: "", message: "invalid JSON: the data could not be read as JSON text")
        }
        return root
    }
}
