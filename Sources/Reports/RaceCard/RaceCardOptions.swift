import Foundation
import Racing
import GazetteCore
import JSONSupport
import Localization

/// A race-card report's own keys: the card's format, how far a price must move to name a
/// runner a mover, and how old a fetched card may be before `gazette watch` reads it again.
public struct RaceCardOptions: Equatable, Sendable, Encodable {
    /// The card's format: `auto` (found by shape) or a name from `RaceCardReaders`
    /// (docs/reference/inputs.md).
    public var format = "auto"
    /// Points of implied chance a price must move by to make a steamer or a drifter.
    public var moverThreshold = RaceMarket.defaultThreshold
    public var maxAge: TimeInterval = 300
    /// Where each value is in a JSON input no format knows (`fields:`), read instead of a format.
    public var fields: FieldMapping?
    /// The IANA zone of clock times the input writes without naming a zone (`meeting-timezone:`):
    /// an rpscrape CSV without `region`, a card in the seed's format. Nil: the readers' zone.
    public var meetingTimeZone: String?

    public init(
        format: String = "auto", moverThreshold: Double = RaceMarket.defaultThreshold, maxAge: TimeInterval = 300,
        fields: FieldMapping? = nil
    ) {
        self.format = format
        self.fields = fields
        self.moverThreshold = moverThreshold
        self.maxAge = maxAge
    }
}

extension RaceCardKind {
    package static let keys = [
        OptionKey(
            "format",
            OptionKey.oneOf(
                ["auto"] + RaceCardReaders.all.map { $0.name },
                "the card's format: auto (default: found by shape) or one of the formats docs/reference/inputs.md lists"
            )),
        OptionKey(
            "mover-threshold",
            .object([
                "type": .string("number"), "exclusiveMinimum": .int(0), "maximum": .int(100),
                "description": .string(
                    "points of implied chance a price must move by to name a steamer or a drifter (default 3)")
            ])),
        OptionKey.maxAge("a fetched card"),
        OptionKey(
            "meeting-timezone",
            OptionKey.text(
                "the IANA zone of the input's clock times where the input names none (an rpscrape CSV without"
                    + " region): Europe/London; default: the readers' time zone")),
        OptionKey.fields(MappedRaceCard.keys, "a race card")
    ]

    package static func options(_ fields: OptionFields) throws(BuildError) -> RaceCardOptions {
        var options = RaceCardOptions()
        if let value = fields["format"] {
            let name = try value.text().lowercased()
            let names = ["auto"] + RaceCardReaders.all.map { $0.name }
            guard names.contains(name) else {
                throw value.error("unknown format \"\(name)\" (expected one of: \(names.joined(separator: ", ")))")
            }
            options.format = name
        }
        if let value = fields["mover-threshold"] {
            let text = try value.text()
            guard let points = Double(text), points > 0, points <= 100 else {
                throw value.error(
                    "mover-threshold must be points of implied chance above 0 and at most 100, found \"\(text)\"")
            }
            options.moverThreshold = points
        }
        if let value = fields["max-age"] { options.maxAge = try value.maxAge() }
        if let value = fields["meeting-timezone"] {
            let text = try value.text()
            do {
                options.meetingTimeZone = try ReaderTimeZone(text).identifier
            } catch {
                throw value.error("meeting-timezone must be an IANA time zone such as Europe/London, found \"\(text)\"")
            }
        }
        if let value = fields["fields"] {
            guard options.format == "auto" else {
                throw value.error("fields: reads an input no format knows; it goes without format: \(options.format)")
            }
            options.fields = try value.fieldMapping(MappedRaceCard.keys)
        }
        return options
    }

    /// The card, read in the report's format; an API response's starts are written in the
    /// readers' time zone.
    static func decode(_ bytes: [UInt8], from source: Source, options: RaceCardOptions, timeZone: String)
        throws(BuildError) -> RaceCard
    {
        do {
            if let mapping = options.fields {
                return try MappedRaceCard.decode(Data(bytes), mapping: mapping, timeZone: timeZone)
            }
            return try RaceCardReaders.decode(
                Data(bytes), format: options.format == "auto" ? nil : options.format, timeZone: timeZone,
                meetingZone: options.meetingTimeZone)
        } catch {
            throw BuildError.decoding(source, bytes: bytes, error)
        }
    }

    package static let changesWithTime = true
    /// The script of every race-card page: a race still to run at the build says `Result pending`
    /// once the reader's clock passes its start.
    package static let script = "racecard.js"

    package static func freshness(
        _ bytes: [UInt8], from source: Source, options: RaceCardOptions, loadedAt: Int64, timeZone: String
    ) throws(BuildError) -> (any ReportFreshness)? {
        // Read as the build reads it, so a watch notices a broken card as a build would.
        let card = try decode(bytes, from: source, options: options, timeZone: timeZone)
        return RaceCardFreshness(
            maxAge: Int64(options.maxAge.rounded(.up)), starts: RaceCardFreshness.starts(card, timeZone: timeZone))
    }
}
