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
        NedsRaceReader.self,
        CardReader.self
    ]

    /// The format named `name` (as `format:` writes it), or nil.
    public static func named(_ name: String) -> (any RaceCardReader.Type)? {
        all.first { $0.name == name }
    }

    /// The races of an input read as `format` (nil: found by shape). An input that fits no
    /// format is refused with what Gazette reads, the closest shape and what it lacked, and
    /// the next-to-go option when the input is a next-to-go list.
    public static func decode(_ data: Data, format: String?, timeZone: String) throws(RacingDecodingError)
        -> RaceCard
    {
        let input = RaceInput(data)
        if let format, let reader = named(format) { return try reader.decode(input, timeZone: timeZone) }
        if let reader = all.first(where: { $0.fit(input).isMatch }) {
            return try reader.decode(input, timeZone: timeZone)
        }
        let error = UnknownShape.error(input, kind: "race card", readers: all.map(Reader.init), other: otherKind(input))
        // A next-to-go list or text that is not JSON gets no guess: another way of reading it is said.
        guard otherKind(input) == nil, error.line == nil, let root = input.json else { throw error }
        throw UnknownShape.guessing(error, RaceFieldGuess.raceCard(root), kind: "race card")
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
        let response = input.array?.first ?? input.json
        if let inner = FormatFit.value(at: "data", in: response) {
            return FormatFit.keys(["race"], in: inner, at: "data")
        }
        return .none
    }

    public static func decode(_ input: RaceInput, timeZone: String) throws(RacingDecodingError) -> RaceCard {
        try NedsRaceCard.decode(from: input.data, timeZone: timeZone)
    }
}
