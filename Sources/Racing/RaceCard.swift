import Foundation

/// A race card: the races of one input file, in input order.
public struct RaceCard: Decodable, Equatable, Sendable {
    public var races: [Race]
    /// Lines of a line-by-line input that held no race's data and were passed over: an exchange
    /// stream's heartbeats, blank lines and other messages. 0 for a JSON document.
    public var skippedLines = 0
    /// The input writes races' clock times local to their meeting but names no meeting's zone
    /// (an rpscrape CSV without `region` and without a country after its courses): read in
    /// the readers' zone unless the report names the meeting's (`meeting-timezone:`).
    public var zoneUnsaid = false

    public init(races: [Race], skippedLines: Int = 0) {
        self.races = races
        self.skippedLines = skippedLines
    }

    /// Accepts a top-level array of races or a single race object.
    public init(from decoder: any Decoder) throws {
        if var list = try? decoder.unkeyedContainer() {
            var races: [Race] = []
            while !list.isAtEnd {
                races.append(try list.decode(Race.self))
            }
            self.races = races
        } else {
            do {
                self.races = [try Race(from: decoder)]
            } catch DecodingError.typeMismatch(_, let context) where context.codingPath.isEmpty {
                throw Self.wrongTopLevel
            } catch DecodingError.valueNotFound(_, let context) where context.codingPath.isEmpty {
                throw Self.wrongTopLevel
            }
        }
    }

    private static let wrongTopLevel = DecodingError.dataCorrupted(
        .init(
            codingPath: [], debugDescription: "expected an array of races or a single race object"))

    /// Decodes card JSON, reporting any problem with the key path of the offending value,
    /// and a JSON syntax error with its line and column.
    public static func decode(from data: Data) throws(RacingDecodingError) -> RaceCard {
        try RacingDecodingError.decode(RaceCard.self, from: data)
    }

    /// Races by date, time, course and name, with input position as the final tie-break.
    public var racesInStartOrder: [Race] {
        races.enumerated().sorted { lhs, rhs in
            Tiebreak.chain(
                Tiebreak.compare(lhs.element.date, rhs.element.date),
                Tiebreak.compare(lhs.element.time, rhs.element.time),
                Tiebreak.compare(lhs.element.course ?? "", rhs.element.course ?? ""),
                Tiebreak.compare(lhs.element.name, rhs.element.name),
                Tiebreak.compare(lhs.offset, rhs.offset)
            ) == .before
        }.map(\.element)
    }
}
