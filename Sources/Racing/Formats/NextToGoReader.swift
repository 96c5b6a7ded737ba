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
        let error = UnknownShape.error(
            input, kind: "next-to-go list", readers: all.map(Reader.init), other: otherKind(input))
        guard otherKind(input) == nil, error.line == nil, let root = input.json else { throw error }
        throw UnknownShape.guessing(error, RaceFieldGuess.nextToGo(root), kind: "next-to-go list")
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
        guard let inner = FormatFit.value(at: "data", in: input.json) else { return .none }
        return FormatFit.keys(["race_summaries"], in: inner, at: "data")
    }

    public static func decode(_ input: RaceInput) throws(RacingDecodingError) -> NextToGoFeed {
        try NextToGoFeed.decode(from: input.data)
    }
}
