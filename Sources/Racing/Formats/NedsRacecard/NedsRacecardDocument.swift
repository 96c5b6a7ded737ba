import Foundation
import JSONSupport

/// The Neds/Ladbrokes `racecard` response (docs/reference/inputs.md, "The bookmaker's race card
/// (Neds racecard)"): `{header, params, data: {races, meetings, venues, markets, entrants, prices,
/// price_fluctuations, results, dividends}}` or its `data` alone, each table an object keyed by id.
struct NedsRacecardDocument: Decodable {
    var races: [(key: String, item: NedsRacecardRace)] = []
    var meetings: [String: NedsRacecardPlace] = [:]
    var venues: [String: NedsRacecardPlace] = [:]
    var markets: [(key: String, item: NedsRacecardMarket)] = []
    var entrants: [(key: String, item: NedsRacecardEntrant)] = []
    var prices: [(key: String, item: NedsRacecardPrice)] = []
    var flucs: [(key: String, item: [NedsRacecardPrice])] = []
    var placings: [(key: String, item: NedsRacecardPlacing)] = []
    var dividends: [Dividend] = []
    /// `data.` when the response came in its envelope: the start of every key path.
    var prefix = ""

    private enum Keys: String, CodingKey {
        case data, races, meetings, venues, markets, entrants, prices, results, dividends
        case priceFluctuations = "price_fluctuations"
    }

    init(from decoder: any Decoder) throws {
        let outer = try decoder.container(keyedBy: Keys.self)
        let container = outer.contains(.data) ? try outer.nestedContainer(keyedBy: Keys.self, forKey: .data) : outer
        prefix = outer.contains(.data) ? "data." : ""
        races = try container.decode(KeyedItems<NedsRacecardRace>.self, forKey: .races).items.map { key, race in
            var race = race
            race.id = race.id ?? key
            return (key, race)
        }
        meetings = try Self.table(container, .meetings)
        venues = try Self.table(container, .venues)
        markets = try container.decodeIfPresent(KeyedItems<NedsRacecardMarket>.self, forKey: .markets)?.items ?? []
        // Entrants without a number are a novelty market's sides (`Field`, `Favourite`).
        entrants = try container.decode(KeyedItems<NedsRacecardEntrant>.self, forKey: .entrants).items.filter {
            $0.item.isRunner
        }
        prices = try container.decodeIfPresent(KeyedItems<NedsRacecardPrice>.self, forKey: .prices)?.items ?? []
        flucs =
            try container.decodeIfPresent(KeyedItems<[NedsRacecardPrice]>.self, forKey: .priceFluctuations)?.items
            ?? []
        placings = try container.decodeIfPresent(KeyedItems<NedsRacecardPlacing>.self, forKey: .results)?.items ?? []
        dividends =
            try container.decodeIfPresent(NedsList<NedsDividend>.self, forKey: .dividends)?.items.compactMap(\.dividend)
            ?? []
    }

    private static func table(_ container: KeyedDecodingContainer<Keys>, _ key: Keys) throws -> [String:
        NedsRacecardPlace]
    {
        let items = try container.decodeIfPresent(KeyedItems<NedsRacecardPlace>.self, forKey: key)?.items ?? []
        return Dictionary(items.map { ($0.item.id ?? $0.key, $0.item) }, uniquingKeysWith: { first, _ in first })
    }
}

/// A meeting or a venue: its name and where it is.
struct NedsRacecardPlace: Decodable {
    let id: String?
    let name: String?
    let country: String?
    let state: String?
    let venueID: String?

    private enum Keys: String, CodingKey {
        case id, name, country, state
        case venueID = "venue_id"
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        id = try container.decodeTextIfPresent(forKey: .id)
        name = try container.decodeTextIfPresent(forKey: .name)
        country = try container.decodeTextIfPresent(forKey: .country)
        state = try container.decodeTextIfPresent(forKey: .state)
        venueID = try container.decodeTextIfPresent(forKey: .venueID)
    }
}
