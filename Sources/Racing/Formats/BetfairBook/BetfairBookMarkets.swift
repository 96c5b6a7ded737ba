import Foundation

/// The markets of a market book response, each merged from every object naming its `marketId`:
/// a book gives the status and prices, a catalogue the names, venue and start.
struct BetfairBookMarkets {
    private var markets: [String: BetfairMarket] = [:]
    private var types: [String: String] = [:]
    private var order: [String] = []

    mutating func read(_ item: [String: Any], at path: String, _ line: BetfairLine) throws(RacingDecodingError) {
        let prefix = path.isEmpty ? "" : path + "."
        let id = try line.id(item["marketId"], at: prefix + "marketId")
        if markets[id] == nil { order.append(id) }
        var market = markets[id] ?? BetfairMarket(id: id)
        market.name = BetfairValues.text(item["marketName"]) ?? market.name
        if let start = item["marketStartTime"], !(start is NSNull) {
            guard let seconds = BetfairValues.instant(start) else {
                throw line.error(prefix + "marketStartTime", "expected an ISO 8601 instant, found \(line.kind(start))")
            }
            market.start = seconds
        }
        if let event = item["event"] as? [String: Any] {
            market.venue = BetfairValues.text(event["venue"]) ?? BetfairValues.text(event["name"]) ?? market.venue
            market.country = BetfairValues.text(event["countryCode"]) ?? market.country
            market.timezone = BetfairValues.text(event["timezone"]) ?? market.timezone
            market.eventID = BetfairValues.text(event["id"]) ?? market.eventID
        }
        if let type = BetfairValues.text((item["description"] as? [String: Any])?["marketType"]) {
            types[id] = type.uppercased()
        }
        market.status = BetfairValues.text(item["status"]) ?? market.status
        if item["inplay"] != nil { market.inPlay = BetfairValues.flag(item["inplay"]) }
        if let runners = item["runners"], !(runners is NSNull) {
            for (index, runner) in try line.array(runners, at: prefix + "runners").enumerated() {
                let at = "\(prefix)runners[\(index)]"
                try Self.merge(try line.object(runner, at: at), into: &market, at: at, line)
            }
        }
        markets[id] = market
    }

    /// One runner, book or catalogue, merged into the market's runner of the same selection.
    private static func merge(
        _ object: [String: Any], into market: inout BetfairMarket, at path: String,
        _ line: BetfairLine
    ) throws(RacingDecodingError) {
        let selection = try line.integer(object["selectionId"], at: path + ".selectionId")
        let index = market.runners.firstIndex { $0.id == selection } ?? market.runners.count
        if index == market.runners.count { market.runners.append(BetfairRunner(id: selection)) }
        var runner = market.runners[index]
        runner.name = BetfairValues.text(object["runnerName"]) ?? runner.name
        runner.sortPriority =
            BetfairValues.integer(object["sortPriority"]).map { Int(clamping: $0) } ?? runner.sortPriority
        if let metadata = object["metadata"] as? [String: Any] {
            runner.cloth = BetfairValues.text(metadata["CLOTH_NUMBER"]).flatMap { Int($0) } ?? runner.cloth
            runner.jockey = BetfairValues.text(metadata["JOCKEY_NAME"]) ?? runner.jockey
            runner.trainer = BetfairValues.text(metadata["TRAINER_NAME"]) ?? runner.trainer
        }
        runner.status = BetfairValues.text(object["status"])?.uppercased() ?? runner.status
        runner.adjustmentFactor =
            try line.number(object["adjustmentFactor"], at: path + ".adjustmentFactor") ?? runner.adjustmentFactor
        let traded = try line.number(object["lastPriceTraded"], at: path + ".lastPriceTraded")
        runner.price = traded ?? bestBack(object["ex"]) ?? runner.price
        if let sp = object["sp"] as? [String: Any] {
            runner.bsp = try line.number(sp["actualSP"], at: path + ".sp.actualSP") ?? runner.bsp
        }
        market.runners[index] = runner
    }

    /// The best price on offer to back: the first of `ex.availableToBack`.
    private static func bestBack(_ exchange: Any?) -> Double? {
        let offers = (exchange as? [String: Any])?["availableToBack"] as? [Any]
        return BetfairValues.number((offers?.first as? [String: Any])?["price"])
    }

    /// The win markets (or markets of no stated type) in the order first named, each with the
    /// place market of its event and start.
    func races(readersZone: String) -> [Race] {
        order.compactMap { id -> Race? in
            guard let market = markets[id], types[id].map({ $0 == "WIN" }) ?? true else { return nil }
            let place = order.lazy.compactMap { markets[$0] }.first {
                types[$0.id] == "PLACE" && $0.eventID != nil && $0.eventID == market.eventID && $0.start == market.start
            }
            return market.race(readersZone: readersZone, place: place)
        }
    }
}
