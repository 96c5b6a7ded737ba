import Foundation

/// A race input format read into a race card: the card of SPEC §1.1, a bookmaker's race
/// response, an exchange's stream, a results CSV. Each is found by its shape (`format: auto`)
/// or named by `format:`; docs/reference/inputs.md gives each one's rules.
public protocol RaceCardReader: Sendable {
    /// The `format:` name: lower case, words joined by `-` (`card`, `neds`, `betfair-stream`).
    static var name: String { get }
    /// The shape in a few words, for errors and `--help`: `Neds race response (data.race, data.runners)`.
    static var shape: String { get }
    /// How closely the input fits this format's shape.
    static func fit(_ input: RaceInput) -> FormatFit
    /// The races of the input. `timeZone` (an IANA identifier) is the readers' zone: a start
    /// given as an instant is written in it when the input does not say where the meeting is
    /// (then `Race.zone` names the meeting's zone and the date and time are written in that).
    static func decode(_ input: RaceInput, timeZone: String) throws(RacingDecodingError) -> RaceCard
}

/// The race-card formats Gazette reads, most particular shape first: by shape, the first that
/// fits is read.
public enum RaceCardReaders {
    public static let all: [any RaceCardReader.Type] = [
        PlayUpRaceReader.self,
        BetMakersRaceReader.self,
        NedsRacecardReader.self,
        TabRaceReader.self,
        TabNZReader.self,
        NedsRaceReader.self,
        BetfairStreamReader.self,
        BetfairBookReader.self,
        RPScrapeReader.self,
        PointsBetRaceReader.self,
        SportsbetRaceReader.self,
        CardReader.self
    ]

    /// The format named `name` (as `format:` writes it), or nil.
    public static func named(_ name: String) -> (any RaceCardReader.Type)? {
        all.first { $0.name == name }
    }

    /// The races of an input read as `format` (nil: found by shape). An input that fits no
    /// format is refused with what Gazette reads, the closest shape and what it lacked, and
    /// the next-to-go option when the input is a next-to-go list. `meetingZone` is the zone of
    /// clock times an input writes without naming one (`meeting-timezone:`).
    public static func decode(_ data: Data, format: String?, timeZone: String, meetingZone: String? = nil)
        throws(RacingDecodingError) -> RaceCard
    {
        var card = try read(RaceInput(data), format: format, timeZone: timeZone)
        card.races = card.races.map {
            var race = $0
            // A race without a start (an exchange's market book alone) has no zone to name.
            guard !race.time.isEmpty else { return race }
            if race.zone == nil, race.startInstant == nil, let meetingZone {
                race.zone = meetingZone
                race.startInstant = race.startSeconds(timeZone: meetingZone)
            }
            // A race whose input does not say where its meeting is has its times in the readers' zone.
            race.zone = race.zone ?? timeZone
            return race
        }
        if meetingZone != nil { card.zoneUnsaid = false }
        return card
    }

    private static func read(_ input: RaceInput, format: String?, timeZone: String) throws(RacingDecodingError)
        -> RaceCard
    {
        if let format, let reader = named(format) { return try reader.decode(input, timeZone: timeZone) }
        if let reader = all.first(where: { $0.fit(input).isMatch }) {
            return try reader.decode(input, timeZone: timeZone)
        }
        let readers = all.map(Reader.init)
        let closest = try UnknownShape.closest(input, among: readers)
        let other = otherKind(input)
        // A list of the other kind gets no guess: the other way of reading it is said.
        let guess = { (error: RacingDecodingError) -> RacingDecodingError in
            guard other == nil, let root = input.json else { return error }
            return UnknownShape.guessing(error, RaceFieldGuess.raceCard(root), kind: "race card")
        }
        if let closest, closest.1.score >= UnknownShape.closeEnough, let reader = named(closest.0.name) {
            do {
                return try reader.decode(input, timeZone: timeZone)
            } catch {
                throw guess(UnknownShape.explained(error, closest: closest, readers: readers, other: other))
            }
        }
        throw guess(UnknownShape.error(kind: "race card", closest: closest, readers: readers, other: other))
    }

    /// The hint for an input that is a next-to-go list, not a card.
    private static func otherKind(_ input: RaceInput) -> String? {
        guard let reader = NextToGoReaders.all.first(where: { $0.fit(input).isMatch }) else { return nil }
        return "it is a next-to-go list (\(reader.shape)): build it with `--next-to-go` or `kind: next-to-go`"
    }
}

/// The SPEC's race card: `race_summary` and `rides`, one race or an array of them.
public enum CardReader: RaceCardReader {
    public static let name = "card"
    public static let shape = "Gazette's race card (race_summary, rides)"

    public static func fit(_ input: RaceInput) -> FormatFit {
        // An empty array is a card with no races (a meeting not yet declared).
        if let array = input.array, array.isEmpty { return .match }
        let race = input.array?.first ?? input.json
        guard let object = race as? [String: Any] else { return .none }
        if object["race_summary"] != nil { return .match }
        return FormatFit(score: object["rides"] != nil ? 0.5 : 0, lacks: ["race_summary"])
    }

    public static func decode(_ input: RaceInput, timeZone: String) throws(RacingDecodingError) -> RaceCard {
        try RaceCard.decode(from: input.data)
    }
}

/// The Neds racing API's race response (`data.race`, `data.runners`).
public enum NedsRaceReader: RaceCardReader {
    public static let name = "neds"
    public static let shape = "Neds race response (data.race, data.runners)"

    public static func fit(_ input: RaceInput) -> FormatFit {
        if NedsRaceCard.looksLikeNeds(input.data) { return .match }
        // An envelope whose `data` is not a next-to-go feed comes half way: it is read as a race
        // response, so the error names the key it lacks.
        let response = input.array?.first ?? input.json
        guard let inner = FormatFit.value(at: "data", in: response) as? [String: Any], inner["race_summaries"] == nil
        else { return .none }
        return FormatFit(score: 0.5, lacks: ["data.race"])
    }

    public static func decode(_ input: RaceInput, timeZone: String) throws(RacingDecodingError) -> RaceCard {
        try NedsRaceCard.decode(from: input.data, timeZone: timeZone)
    }
}
