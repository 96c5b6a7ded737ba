import Foundation

/// Betfair's `listMarketBook` response: a JSON-RPC answer (`result`), its bare array, a batch of
/// answers, or a `{catalogue, book}` pair carrying `listMarketCatalogue`'s names and starts too
/// (docs/reference/inputs.md, "The Betfair market book").
public enum BetfairBookReader: RaceCardReader {
    public static let name = "betfair-book"
    public static let shape = "Betfair listMarketBook response (marketId, runners[].selectionId)"

    public static func fit(_ input: RaceInput) -> FormatFit {
        guard let json = input.json else { return .none }
        let items = BetfairBookItems.items(json).map(\.object)
        guard items.contains(where: { $0["marketId"] != nil }) else { return .none }
        let hasSelections = items.contains { item in
            ((item["runners"] as? [Any])?.first as? [String: Any])?["selectionId"] != nil
        }
        return hasSelections ? .match : FormatFit(score: 0.5, lacks: ["runners[].selectionId"])
    }

    public static func decode(_ input: RaceInput, timeZone: String) throws(RacingDecodingError) -> RaceCard {
        let line = BetfairLine(bytes: input.data, number: 1)
        let json = try line.parse()
        let items = BetfairBookItems.items(json)
        guard !items.isEmpty else {
            throw RacingDecodingError(
                keyPath: "", message: "expected market books: an array, or an object with `result` or `book`")
        }
        var markets = BetfairBookMarkets()
        for item in items {
            try markets.read(item.object, at: item.path, line)
        }
        return RaceCard(races: markets.races(readersZone: timeZone))
    }
}

/// The market objects of a response, with their key paths: from a bare array, a JSON-RPC
/// answer's `result`, a batch of answers, or the arrays of a `{catalogue, book}` pairing.
enum BetfairBookItems {
    static let listKeys = [
        "result", "book", "books", "marketBook", "marketBooks", "catalogue", "catalogues", "marketCatalogue",
        "marketCatalogues"
    ]

    static func items(_ json: Any, at path: String = "") -> [(object: [String: Any], path: String)] {
        if let list = json as? [Any] {
            return list.enumerated().flatMap { index, element in
                element is [String: Any] ? items(element, at: "\(path)[\(index)]") : []
            }
        }
        guard let object = json as? [String: Any] else { return [] }
        if object["marketId"] != nil { return [(object, path)] }
        let prefix = path.isEmpty ? "" : path + "."
        return listKeys.flatMap { key in
            (object[key] as? [Any]).map { items($0, at: prefix + key) } ?? []
        }
    }
}
