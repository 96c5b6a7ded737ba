import Foundation

/// The markets of a stream as its lines leave them: each market definition replaces the one
/// before, each runner change's `ltp` moves the runner's price until the market goes in play.
struct BetfairStreamState {
    /// Lines that are no market change: blank, heartbeats, other `op`s.
    private(set) var skipped = 0
    private var markets: [String: BetfairMarket] = [:]
    private var types: [String: String] = [:]
    /// Market ids in the order the stream first names them.
    private var order: [String] = []
    /// Prices seen for runners a definition has not listed yet, by market and selection.
    private var prices: [String: [Int64: (price: Double?, history: [Double])]] = [:]

    mutating func read(_ line: BetfairLine) throws(RacingDecodingError) {
        guard !line.bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) else {
            skipped += 1
            return
        }
        guard let message = try line.parse() as? [String: Any], (message["op"] as? String) == "mcm",
            let changes = message["mc"], !(changes is NSNull)
        else {
            skipped += 1
            return
        }
        for (index, change) in try line.array(changes, at: "mc").enumerated() {
            try apply(try line.object(change, at: "mc[\(index)]"), at: "mc[\(index)]", line)
        }
    }

    private mutating func apply(_ change: [String: Any], at path: String, _ line: BetfairLine)
        throws(RacingDecodingError)
    {
        let id = try line.id(change["id"], at: path + ".id")
        if !order.contains(id) { order.append(id) }
        if let definition = change["marketDefinition"], !(definition is NSNull) {
            let read = try BetfairStreamDefinition.read(
                try line.object(definition, at: path + ".marketDefinition"), id: id,
                at: path + ".marketDefinition", line)
            markets[id] = merged(read.market, old: markets[id], early: prices.removeValue(forKey: id) ?? [:])
            types[id] = read.type
        }
        guard let runnerChanges = change["rc"], !(runnerChanges is NSNull) else { return }
        for (index, runnerChange) in try line.array(runnerChanges, at: path + ".rc").enumerated() {
            let at = "\(path).rc[\(index)]"
            let object = try line.object(runnerChange, at: at)
            let selection = try line.integer(object["id"], at: at + ".id")
            // A price Gazette cannot show (1 or less, over 10,000) is no trade to remember.
            guard let price = try line.number(object["ltp"], at: at + ".ltp"), NedsRaceCard.decimalText(price) != nil
            else { continue }
            // Prices traded in running say how the race went, not what the runner started at.
            guard !(markets[id]?.inPlay ?? false) else { continue }
            record(price, market: id, selection: selection)
        }
    }

    /// A new definition keeps the prices the runners already had, and takes those traded before
    /// the market was first defined.
    private func merged(
        _ market: BetfairMarket, old: BetfairMarket?, early: [Int64: (price: Double?, history: [Double])]
    )
        -> BetfairMarket
    {
        var market = market
        for index in market.runners.indices {
            let id = market.runners[index].id
            if let before = old?.runner(id) {
                market.runners[index].price = before.price
                market.runners[index].history = before.history
            } else if let before = early[id] {
                market.runners[index].price = before.price
                market.runners[index].history = before.history
            }
        }
        return market
    }

    private mutating func record(_ price: Double, market id: String, selection: Int64) {
        if let index = markets[id]?.runners.firstIndex(where: { $0.id == selection }) {
            markets[id]!.runners[index].trade(price)
        } else {
            var entry = prices[id, default: [:]][selection] ?? (nil, [])
            if let old = entry.price, old != price { entry.history.append(old) }
            entry.price = price
            prices[id, default: [:]][selection] = entry
        }
    }

    /// The win markets as races in the order first named (a market never defined is left out),
    /// each with the place market of its event and start, when the stream has one.
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

extension BetfairRunner {
    /// A trade at `price`: the price before it goes into the history when it differs.
    mutating func trade(_ price: Double) {
        if let old = self.price, old != price { history.append(old) }
        self.price = price
    }
}
