import Racing
import GazetteCore

/// The race-card keys of `report.json` (SPEC §2).
///
/// `races` is in start order (date, time, course, name, then input position), the order of
/// the report page, and `featured` is an index into that array. Each race's `runners` are by
/// cloth number; withdrawn rides appear only in `nonRunners` (cloth numbers) and, with their
/// details, in `withdrawn`, never in an ordering.
package enum RaceCardData {
    package static func make(races: [Race], pages: [String], featured: Int?) -> [String: JSONValue] {
        [
            "races": .array(zip(races, pages).map { race($0, page: $1) }),
            "raceOrder": .string("start"),
            "featured": .optional(featured)
        ]
    }

    private static func race(_ race: Race, page: String) -> JSONValue {
        .object([
            "title": .string(race.name),
            "course": .optional(race.course),
            "date": .string(race.date),
            "time": .string(race.time),
            "distance": .optional(race.distance),
            "going": .optional(race.going),
            "page": .string(page),
            "byOdds": clothNumbers(race.byOdds),
            "byForm": clothNumbers(race.byForm),
            "byCloth": clothNumbers(race.byCloth),
            "nonRunners": clothNumbers(race.nonRunners),
            "favourite": .optional(race.favourite?.cloth),
            "runners": .array(race.byCloth.map(ride)),
            "withdrawn": .array(race.nonRunners.map(ride))
        ])
    }

    private static func clothNumbers(_ rides: [Ride]) -> JSONValue {
        .array(rides.map { .int($0.cloth) })
    }

    private static func ride(_ ride: Ride) -> JSONValue {
        .object([
            "cloth": .int(ride.cloth),
            "horse": .string(ride.horse.name),
            "age": .optional(ride.horse.age),
            "daysSinceLastRun": .optional(ride.horse.daysSinceLastRun),
            // Verbatim, spaces and all: the page may tidy it, the data does not.
            "odds": .string(ride.odds.text),
            "probability": .optional(ride.odds.impliedProbability),
            "form": .string(ride.form.text),
            "formScore": .optional(ride.form.score)
        ])
    }
}
