import Foundation
import JSONSupport

/// A market: its name (`Final Field`, `Win`) tells the win market, its entrants the field.
struct NedsRacecardMarket: Decodable {
    let id: String?
    let name: String
    let raceID: String?
    let entrantIDs: [String]

    private enum Keys: String, CodingKey {
        case id, name
        case raceID = "race_id"
        case entrantIDs = "entrant_ids"
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        id = try container.decodeTextIfPresent(forKey: .id)
        name = try container.decodeTextIfPresent(forKey: .name) ?? ""
        raceID = try container.decodeTextIfPresent(forKey: .raceID)
        entrantIDs = try container.decodeIfPresent([String].self, forKey: .entrantIDs) ?? []
    }

    /// Whether this is the race's win market, by the names the books give it.
    var isWin: Bool {
        ["final field", "win", "fixed win", "win fixed", "winner"].contains(name.lowercased())
    }
}
