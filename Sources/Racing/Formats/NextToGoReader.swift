import Foundation

/// A next-to-go list format: races about to start, from one or more meetings, read into a feed.
public protocol NextToGoReader: Sendable {
    /// The `format:` name (`neds`, `tab`).
    static var name: String { get }
    /// The shape in a few words, for errors.
    static var shape: String { get }
    static func fit(_ input: RaceInput) -> FormatFit
    static func decode(_ input: RaceInput) throws(RacingDecodingError) -> NextToGoFeed
}

/// The next-to-go formats Gazette reads, most particular shape first.
public enum NextToGoReaders {
    public static let all: [any NextToGoReader.Type] = [
        TabNextToGoReader.self,
        NedsNextToGoReader.self
    ]

    public static func named(_ name: String) -> (any NextToGoReader.Type)? {
        all.first { $0.name == name }
    }

    /// The feed of an input read as `format` (nil: found by shape). An input that fits no format
    /// is refused with what Gazette reads, the closest shape and what it lacked, and the race-card
    /// option when the input is a race card.
    public static func decode(_ data: Data, format: String? = nil) throws(RacingDecodingError) -> NextToGoFeed {
        let input = RaceInput(data)
        if let format, let reader = named(format) { return try reader.decode(input) }
        if let reader = all.first(where: { $0.fit(input).isMatch }) { return try reader.decode(input) }
        let readers = all.map(Reader.init)
        let closest = try UnknownShape.closest(input, among: readers)
        let other = otherKind(input)
        // A list of the other kind gets no guess: the other way of reading it is said.
        let guess = { (error: RacingDecodingError) -> RacingDecodingError in
            guard other == nil, let root = input.json else { return error }
            return UnknownShape.guessing(error, RaceFieldGuess.nextToGo(root), kind: "next-to-go list")
        }
        if let closest, closest.1.score >= UnknownShape.closeEnough, let reader = named(closest.0.name) {
            do {
                return try reader.decode(input)
            } catch {
                throw guess(UnknownShape.explained(error, closest: closest, readers: readers, other: other))
            }
        }
        throw guess(UnknownShape.error(kind: "next-to-go list", closest: closest, readers: readers, other: other))
    }

    private static func otherKind(_ input: RaceInput) -> String? {
        guard let reader = RaceCardReaders.all.first(where: { $0.fit(input).isMatch }) else { return nil }
        return "it is a race card (\(reader.shape)): build it with `--race-card` or `kind: race-card`"
    }
}

/// The Neds racing API's `nextraces` response (`data.next_to_go_ids`, `data.race_summaries`).
public enum NedsNextToGoReader: NextToGoReader {
    public static let name = "neds"
    public static let shape = "Neds next-to-go response (data.race_summaries)"

    public static func fit(_ input: RaceInput) -> FormatFit {
        // An object with `data` comes half way: a feed whose summaries are misnamed is read as this
        // one, so the error names the missing key.
        guard let inner = FormatFit.value(at: "data", in: input.json) as? [String: Any] else { return .none }
        if inner["race_summaries"] != nil { return .match }
        return FormatFit(score: 0.5, lacks: ["data.race_summaries"])
    }

    public static func decode(_ input: RaceInput) throws(RacingDecodingError) -> NextToGoFeed {
        try NextToGoFeed.decode(from: input.data)
    }
}
