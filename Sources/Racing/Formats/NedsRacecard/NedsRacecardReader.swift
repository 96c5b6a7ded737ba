import Foundation

/// The Neds/Ladbrokes `racecard` response: tables keyed by id (`races`, `entrants`, `markets`,
/// `prices`, `price_fluctuations`, …), read into one race per race that has entrants.
public enum NedsRacecardReader: RaceCardReader {
    public static let name = "neds-racecard"
    public static let shape = "Neds/Ladbrokes racecard response (data.races, data.entrants keyed by id)"

    public static func fit(_ input: RaceInput) -> FormatFit {
        let inner = FormatFit.value(at: "data", in: input.json)
        guard let object = (inner ?? input.json) as? [String: Any] else { return .none }
        let prefix = inner == nil ? "" : "data."
        // Tables keyed by id: not the race response's `race` object and `runners` list.
        let tables = ["races", "entrants"]
        let present = tables.filter { object[$0] is [String: Any] }
        guard !present.isEmpty else { return .none }
        return FormatFit(
            score: Double(present.count) / Double(tables.count),
            lacks: tables.filter { !present.contains($0) }.map { prefix + $0 })
    }

    public static func decode(_ input: RaceInput, timeZone: String) throws(RacingDecodingError) -> RaceCard {
        let document = try RacingDecodingError.decode(NedsRacecardDocument.self, from: input.data)
        return RaceCard(races: try NedsRacecardAssembly(document: document, readersZone: timeZone).races())
    }
}
